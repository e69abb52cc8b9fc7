import { describe, expect, it } from 'vitest';
import { LOCALES } from '@atrium/contracts';
import { NAMESPACES } from '../lib/i18n';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], { eager: true, query: '?raw', import: 'default' });

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Flattens a namespace to dotted keys; plural forms count as their base key. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path.replace(PLURAL_SUFFIX, ''), value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function namespace(lang: string, ns: string): Map<string, string> | undefined {
  const tree = files[`./${lang}/${ns}.json`];
  return tree ? flatten(tree) : undefined;
}

function variables(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

describe('translations (STYLE.md: a check fails on a key missing from en-us or zh-cn)', () => {
  it.each(NAMESPACES)('namespace %s has the same keys in en-us and zh-cn', (ns) => {
    const en = namespace('en-us', ns);
    const zh = namespace('zh-cn', ns);
    expect(en, `en-us/${ns}.json`).toBeDefined();
    expect(zh, `zh-cn/${ns}.json`).toBeDefined();
    const missingInZh = [...(en?.keys() ?? [])].filter((key) => !zh?.has(key));
    const missingInEn = [...(zh?.keys() ?? [])].filter((key) => !en?.has(key));
    expect(missingInZh, `keys of en-us/${ns} missing from zh-cn`).toEqual([]);
    expect(missingInEn, `keys of zh-cn/${ns} missing from en-us`).toEqual([]);
  });

  it.each(NAMESPACES)('namespace %s uses the same {{variables}} in en-us and zh-cn', (ns) => {
    const en = namespace('en-us', ns) ?? new Map<string, string>();
    const zh = namespace('zh-cn', ns) ?? new Map<string, string>();
    for (const [key, text] of en) {
      const other = zh.get(key);
      if (other !== undefined) expect(variables(other), `${ns}:${key}`).toEqual(variables(text));
    }
  });

  it('other languages only hold keys that en-us has, in known namespaces', () => {
    for (const path of Object.keys(files)) {
      const [, lang, file] = path.split('/');
      const ns = (file ?? '').replace(/\.json$/, '');
      expect(LOCALES as readonly string[], path).toContain(lang);
      expect(NAMESPACES as readonly string[], path).toContain(ns);
      const en = namespace('en-us', ns) ?? new Map<string, string>();
      const extra = [...(namespace(lang ?? '', ns)?.keys() ?? [])].filter((key) => !en.has(key));
      expect(extra, path).toEqual([]);
    }
  });

  it('keeps the spec message keys as keys', () => {
    expect(namespace('en-us', 'common')?.has('lark.errorMsg.notFound')).toBe(true);
    const uploads = namespace('en-us', 'uploads');
    for (const key of ['nameError', 'formatLimit', 'sizeLimit', 'zeroSize', 'sizeLimitAndZero', 'nameRequired']) {
      expect(uploads?.has(`fileUpload.${key}`), `fileUpload.${key}`).toBe(true);
    }
  });

  it('every literal t() key in the source exists in en-us', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const [path, code] of Object.entries(sources)) {
      const declared = /useTranslation\(\s*\[?\s*'([\w-]+)'/.exec(code)?.[1] ?? 'common';
      for (const match of code.matchAll(/\bt\(\s*'([^']+)'/g)) {
        const raw = match[1] ?? '';
        const [ns, key] = raw.includes(':') ? (raw.split(':') as [string, string]) : [declared, raw];
        checked += 1;
        if (!namespace('en-us', ns)?.has(key)) missing.push(`${path}: ${ns}:${key}`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(80);
  });
});

/**
 * Names that stay as they are in every language: products, standards, formats, providers and
 * programming languages (issue 23 §1's allowlist of true constants).
 */
const CONSTANTS =
  /\b(Atrium|SCORM|xAPI|LTI|PDF|Moodle|ZIP|CSV|XLSX?|DOCX?|PPTX?|HTML|URL|QR|iCal|ICS|WPS|Word|PowerPoint|Excel|YouTube|Vimeo|Bilibili|Youku|ClassIn|Zoom|WeLink|DingTalk|URP|ITRI|Microsoft Teams|Tencent Meeting|JavaScript|Python|KaTeX|LaTeX|MP3|MP4|SMTP|API|ID|IP|OK|KB|MB|GB|TB)\b/g;

/** True when a value holds nothing to translate: only constants, {{variables}}, digits and punctuation. */
function onlyConstants(text: string): boolean {
  return (
    text
      .replace(/\{\{[^}]*\}\}/g, '')
      .replace(CONSTANTS, '')
      .replace(/[\d\s\p{P}\p{S}]/gu, '') === ''
  );
}

function tags(text: string): string[] {
  return [...text.matchAll(/<\/?[\w-]+\s*\/?>/g)].map((m) => m[0].replace(/\s/g, '')).sort();
}

describe('every language of spec §1 (issue 23 §1)', () => {
  const others = LOCALES.filter((lang) => lang !== 'en-us');
  const cases = others.flatMap((lang) => NAMESPACES.map((ns) => [lang, ns] as const));

  it.each(cases)('%s/%s has every en-us key, none empty, none left in English, the same {{variables}} and tags', (lang, ns) => {
    const en = namespace('en-us', ns) ?? new Map<string, string>();
    const tr = namespace(lang, ns);
    expect(tr, `${lang}/${ns}.json`).toBeDefined();
    const problems: string[] = [];
    for (const [key, english] of en) {
      const text = tr?.get(key);
      if (text === undefined) problems.push(`missing ${key}`);
      else if (text.trim() === '') problems.push(`empty ${key}`);
      else {
        // en-gb is English; every other language must translate what is not a constant.
        if (!lang.startsWith('en-') && text === english && !onlyConstants(english)) problems.push(`left in English ${key}: ${text}`);
        if (variables(text).join() !== variables(english).join())
          problems.push(`variables of ${key}: ${variables(text).join()} ≠ ${variables(english).join()}`);
        if (tags(text).join() !== tags(english).join()) problems.push(`tags of ${key}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('can fail: a value left in English, a missing variable and a constant are told apart', () => {
    expect(onlyConstants('SCORM {{version}}')).toBe(true);
    expect(onlyConstants('{{score}} / {{max}}')).toBe(true);
    expect(onlyConstants('Save')).toBe(false);
    expect(onlyConstants('Open PDF')).toBe(false);
    expect(variables('{{count}} files')).not.toEqual(variables('files'));
  });
});
