/** Business constants of spec §9 and §1, shared by server and web. */

/** Header collapses once the page scrolls past this many pixels (spec §1, §9). */
export const HEADER_COLLAPSE_THRESHOLD_PX = 60;

/** `/d/version` is polled this often, in ms (spec §7, §9). */
export const VERSION_CHECK_INTERVAL_MS = 600_000;

/** Page-size options of every paged list (spec §9). */
export const PAGE_SIZE_OPTIONS = [10, 20, 30, 50, 100] as const;

/** Previewer zoom: step, minimum and maximum scale factors (spec §9). */
export const ZOOM = { step: 0.2, min: 0.2, max: 5 } as const;

/** Previewer rotation step in degrees (spec §9). */
export const ROTATION_STEP_DEG = 90;

/** Minimum previewer frame width in pixels (spec §2, §9). */
export const PREVIEWER_MIN_WIDTH_PX = 900;

/** Upload block (chunk) size in bytes: 4 MiB (spec §9). */
export const UPLOAD_CHUNK_SIZE_BYTES = 4_194_304;

/** At most this many uploads transfer at once (spec §4, §9). */
export const UPLOAD_CONCURRENCY = 5;

/** The interface languages (spec §1). The first is the fallback. */
export const LOCALES = ['en-us', 'zh-cn', 'zh-tw', 'zh-mo', 'en-gb', 'th-th', 'id-id', 'ms-my', 'vi-vn', 'ta-in'] as const;
export type Locale = (typeof LOCALES)[number];

/** True when `value` is one of the interface languages of spec §1. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The interface language for a stored choice and a person's preferred languages (the browser's
 * `navigator.languages`, or an `Accept-Language` header's tags in order of preference, RFC 9110
 * §12.5.4): the stored one if valid, else the first preferred language that matches exactly or by
 * its primary subtag (zh-hk, zh-hant → zh-tw; zh → zh-cn, en → en-us, th → th-th …), else en-us.
 * Case-insensitive.
 */
export function pickLocale(stored: string | null, preferred: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  const primaryDefaults: Record<string, Locale> = { zh: 'zh-cn', en: 'en-us', th: 'th-th', id: 'id-id', ms: 'ms-my', vi: 'vi-vn', ta: 'ta-in' };
  for (const raw of preferred) {
    const lang = raw.toLowerCase();
    if (isLocale(lang)) return lang;
    if (lang === 'zh-hk' || lang.startsWith('zh-hant')) return 'zh-tw';
    const primary = primaryDefaults[lang.split('-')[0] ?? ''];
    if (primary) return primary;
  }
  return LOCALES[0];
}

/** Time display formats (dayjs tokens) of spec §9. */
export const TIME_FORMAT = {
  display: 'YYYY.MM.DD HH:mm',
  event: 'HH:mm',
  accessForbidden: 'YYYY-MM-DD HH:mm',
} as const;

/**
 * User role numbers of spec §3 User: instructor 0, student 1, admin 2, wg admin 3.
 * Course roles (student, instructor, instructor_assistant) live on enrolments.
 */
export const USER_ROLE = { instructor: 0, student: 1, admin: 2, wgAdmin: 3 } as const;

/** Multi-selects with this many options or more use the large-list widget (spec §9). */
export const MULTI_SELECT_LARGE_LIST_THRESHOLD = 8000;
