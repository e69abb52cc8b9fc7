import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function keys(tree: Tree | undefined, prefix = ''): string[] {
  return Object.entries(tree ?? {}).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`.replace(PLURAL_SUFFIX, '')] : keys(v, `${prefix}${k}.`)));
}

describe('zh-tw: what the calendar page shows is all Traditional Chinese (issue 6)', () => {
  it.each(['calendar', 'common', 'uploads'])('namespace %s has every en-us key in zh-tw', (ns) => {
    const en = new Set(keys(files[`./en-us/${ns}.json`]));
    const tw = new Set(keys(files[`./zh-tw/${ns}.json`]));
    expect(en.size).toBeGreaterThan(10);
    expect([...en].filter((k) => !tw.has(k))).toEqual([]);
  });
  it.each(['zh-tw', 'zh-mo'])('%s has every en-us key of every namespace (filled from zh-cn by scripts/gen-zh-hant.mjs)', (locale) => {
    const namespaces = Object.keys(files)
      .filter((f) => f.startsWith('./en-us/'))
      .map((f) => f.slice('./en-us/'.length));
    expect(namespaces.length).toBeGreaterThan(8);
    for (const ns of namespaces) {
      const own = new Set(keys(files[`./${locale}/${ns}`]));
      expect(
        keys(files[`./en-us/${ns}`]).filter((k) => !own.has(k)),
        `${locale}/${ns}`,
      ).toEqual([]);
    }
  });
  it.each(['zh-tw', 'zh-mo'])('%s uses Traditional, not Simplified, characters in every namespace', (locale) => {
    const text = Object.entries(files)
      .filter(([f]) => f.startsWith(`./${locale}/`))
      .map(([, tree]) => JSON.stringify(tree))
      .join('');
    for (const simplified of ['历', '课', '会', '删', '设', '时', '过', '显', '选', '长', '试', '题', '频', '进', '学'])
      expect(text, simplified).not.toContain(simplified);
    expect(text).toContain('課程');
  });
  it('uses Traditional, not Simplified, characters in the calendar', () => {
    const text = JSON.stringify(files['./zh-tw/calendar.json']);
    for (const simplified of ['历', '课', '会', '删', '设', '时', '过', '显', '选', '长']) expect(text, simplified).not.toContain(simplified);
    expect(text).toContain('行事曆');
  });
});
