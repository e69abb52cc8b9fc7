/**
 * Editor toolbar defaults, in order (spec §9 "Editor toolbar defaults"). `formula`
 * is an extra item after them: the formula editor popup of spec §2.
 */
export const EDITOR_TOOLBAR_DEFAULTS = [
  'clean',
  'title',
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'fontScale',
  'color',
  'lists',
  'blockquote',
  'code',
  'table',
  'link',
  'image',
  'hr',
  'indent',
  'outdent',
  'superscript',
  'subscript',
] as const;

/** One toolbar item: a spec §9 default or the extra formula button. */
export type EditorToolbarItem = (typeof EDITOR_TOOLBAR_DEFAULTS)[number] | 'formula';

/** Items shown when the caller names none: the spec defaults, then the formula editor. */
export const DEFAULT_EDITOR_TOOLBAR: readonly EditorToolbarItem[] = [...EDITOR_TOOLBAR_DEFAULTS, 'formula'];

/** Font sizes of the fontScale menu, in pixels; '' resets to the default size. */
export const FONT_SCALE_PX = [12, 14, 16, 18, 24, 32] as const;

/** Colours offered by the colour menu (hex). */
export const EDITOR_COLORS = ['#000000', '#595959', '#cf1322', '#d46b08', '#d4b106', '#389e0d', '#0958d9', '#531dab'] as const;

/** Deepest paragraph indent step; each step is 2em of left margin. */
export const MAX_INDENT = 8;

/** Languages of the code editor popup (spec §2: javascript or python). */
export const CODE_LANGUAGES = ['javascript', 'python'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

/** Formula source the popup starts with; saving it unchanged is refused (spec §5 'latex empty'). */
export const FORMULA_PLACEHOLDER = '\\placeholder';

/** True when a formula source is still the placeholder (blank or containing `\placeholder`), so saving is refused (spec §5). */
export function isFormulaPlaceholder(latex: string): boolean {
  const trimmed = latex.trim();
  return trimmed === '' || trimmed.includes(FORMULA_PLACEHOLDER);
}

/** Editor locales (spec §9: about ten; default en-US, chosen from the page's `lang`). */
export const EDITOR_LOCALES = ['en-US', 'en-GB', 'zh-CN', 'zh-TW', 'zh-MO', 'th-TH', 'id-ID', 'ms-MY', 'vi-VN', 'ta-IN'] as const;
export type EditorLocale = (typeof EDITOR_LOCALES)[number];

/** The editor locale for an html `lang` value (case-insensitive; primary subtag match: zh → zh-CN, en → en-US); en-US when unknown or empty. */
export function editorLocaleOf(lang: string | null | undefined): EditorLocale {
  const value = (lang ?? '').trim().toLowerCase();
  if (!value) return 'en-US';
  const exact = EDITOR_LOCALES.find((locale) => locale.toLowerCase() === value);
  if (exact) return exact;
  const primary = value.split('-')[0];
  if (primary === 'zh') return value.includes('hant') || value === 'zh-hk' ? 'zh-TW' : 'zh-CN';
  return EDITOR_LOCALES.find((locale) => locale.toLowerCase().startsWith(`${primary}-`)) ?? 'en-US';
}

/** True for link targets the editor accepts: http, https and mailto (no javascript:, data: …). */
export function isSafeLinkHref(href: string): boolean {
  try {
    const url = new URL(href.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:';
  } catch {
    return false;
  }
}
