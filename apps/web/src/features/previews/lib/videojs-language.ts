import type { Locale } from '@atrium/contracts';

/**
 * The words of video.js's own controls and messages ("Play", "Mute", "Fullscreen", its error texts) in
 * the interface language (issue 23 §2). video.js ships dictionaries for zh-CN, zh-TW, zh-Hant, th, vi
 * and en-GB (`video.js/dist/lang`), some of them short of keys; Atrium's own dictionaries
 * (`features/previews/videojs-lang/<locale>.json`) add the keys they lack and the whole of id-id, ms-my
 * and ta-in, which video.js does not have. Both load on first use, one language at a time.
 */
export interface VideojsLanguage {
  /** The player's `language` option: the interface locale's code. */
  code: Locale;
  /** The player's `languages[code]` option: English string → translation; empty for en-us (video.js's own words). */
  dictionary: Record<string, string>;
}

type Dictionary = Record<string, string>;

const upstream: Record<Locale, (() => Promise<{ default: Dictionary }>) | null> = {
  'en-us': null,
  'en-gb': () => import('video.js/dist/lang/en-GB.json'),
  'zh-cn': () => import('video.js/dist/lang/zh-CN.json'),
  'zh-tw': () => import('video.js/dist/lang/zh-TW.json'),
  'zh-mo': () => import('video.js/dist/lang/zh-Hant.json'),
  'th-th': () => import('video.js/dist/lang/th.json'),
  'id-id': null,
  'ms-my': null,
  'vi-vn': () => import('video.js/dist/lang/vi.json'),
  'ta-in': null,
};

const own = import.meta.glob<Dictionary>('../videojs-lang/*.json', { import: 'default' });

const loaded = new Map<Locale, Promise<VideojsLanguage>>();

/**
 * The dictionary for `locale`, merged (Atrium's keys over video.js's); the same promise for every call
 * with one locale, so it can be read with React's `use`. A dictionary that fails to load is an empty
 * one (video.js then speaks English), never an error.
 */
export function videojsLanguage(locale: Locale): Promise<VideojsLanguage> {
  let promise = loaded.get(locale);
  if (!promise) {
    const theirs = upstream[locale];
    const ours = own[`../videojs-lang/${locale}.json`];
    promise =
      !theirs && !ours
        ? settled({ code: locale, dictionary: {} })
        : Promise.all([theirs?.().then((m) => m.default) ?? {}, ours?.() ?? {}]).then(
            ([upstreamWords, ownWords]) => settle(promise!, { code: locale, dictionary: { ...upstreamWords, ...ownWords } }),
            () => settle(promise!, { code: locale, dictionary: {} }),
          );
    loaded.set(locale, promise);
  }
  return promise;
}

/**
 * Marks a promise fulfilled the way React's `use` reads a thenable (`status`, `value`), so a language
 * already loaded (or with nothing to load: en-us) renders at once instead of suspending for a tick.
 */
function settle<T>(promise: Promise<T>, value: T): T {
  Object.assign(promise, { status: 'fulfilled', value });
  return value;
}

function settled<T>(value: T): Promise<T> {
  const promise = Promise.resolve(value);
  settle(promise, value);
  return promise;
}
