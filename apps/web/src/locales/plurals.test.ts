import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

/** Every `key_<form>` of a namespace, as [dotted key, form]. */
function pluralKeys(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value !== 'string') return pluralKeys(value, path);
    const match = PLURAL.exec(path);
    return match ? [[match[1] ?? '', match[2] ?? '']] : [];
  });
}

describe('plural forms (i18next: key_<CLDR category>; issue 20 §13)', () => {
  it('each language holds only the plural forms it has (zh: _other only; en: _one and _other), always with _other', () => {
    const problems: string[] = [];
    for (const [path, tree] of Object.entries(files)) {
      const lang = path.split('/')[1] ?? '';
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];
      const forms = new Map<string, string[]>();
      for (const [key, form] of pluralKeys(tree)) forms.set(key, [...(forms.get(key) ?? []), form]);
      for (const [key, found] of forms) {
        // `_zero` is i18next's own case for count 0 in any language.
        const foreign = found.filter((form) => form !== 'zero' && !categories.includes(form));
        if (foreign.length > 0) problems.push(`${path} ${key}: ${lang} has no ${foreign.join(', ')} form`);
        const missing = categories.filter((form) => !found.includes(form));
        if (missing.length > 0) problems.push(`${path} ${key}: missing ${missing.map((form) => `_${form}`).join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
