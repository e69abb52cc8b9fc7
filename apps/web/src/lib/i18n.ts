/**
 * i18next set-up (spec §1 languages): one namespace per feature under
 * `src/locales/<lang>/<namespace>.json`. en-us is bundled and is the fallback of
 * every other language; other languages load on demand. The chosen language is
 * kept in localStorage.
 */
import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, isLocale, pickLocale, type Locale } from '@atrium/contracts';

/** Translation namespaces, one per feature (STYLE.md i18n). */

export const NAMESPACES = [
  'common',
  'auth',
  'courses',
  'uploads',
  'previewer',
  'notes',
  'management',
  'calendar',
  'editor',
  'activities',
  'imports',
  'exams',
  'questionnaires',
  'videoQuizzes',
  'pdfEditor',
  'homework',
  'gradebook',
  'notifications',
  'bulletins',
  'forum',
  'courseResources',
  'entries',
  'library',
  'resourceGroups',
  'warnings',
  'learningStats',
  'teachingStats',
  'connectors',
  'plans',
  'live',
  'inclass',
  'partners',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** The language every missing key falls back to. */
export const FALLBACK_LOCALE: Locale = 'en-us';

/** localStorage key of the chosen interface language. */
export const LOCALE_STORAGE_KEY = 'atrium.locale';

const bundled = import.meta.glob<Record<string, unknown>>('../locales/en-us/*.json', { eager: true, import: 'default' });
const lazy = import.meta.glob<Record<string, unknown>>(['../locales/*/*.json', '!../locales/en-us/*.json'], {
  import: 'default',
});

function namespaceOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
}

const enUsResources: Record<string, Record<string, unknown>> = {};
for (const [path, data] of Object.entries(bundled)) enUsResources[namespaceOf(path)] = data;

/** Loads `locales/<lang>/<ns>.json` on demand; a missing file is an empty namespace (falls back to en-us). */
const lazyBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = lazy[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (data) => callback(null, data as never),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** The language checks live in contracts, shared with the server's Accept-Language reading (spec §1). */
export { isLocale, pickLocale };

function readStoredLocale(): string | null {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The language chosen in this browser (localStorage), or null when none was chosen here. */
export function storedLocale(): Locale | null {
  const stored = readStoredLocale();
  return isLocale(stored) ? stored : null;
}

/** Stores the choice and switches the interface language. */
export async function changeLocale(locale: Locale): Promise<void> {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  await i18n.changeLanguage(locale);
}

/** The current interface language as one of LOCALES. */
export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : FALLBACK_LOCALE;
}

/** Initialises i18next once; returns the shared instance. */
export function initI18n(initial?: Locale): typeof i18n {
  if (i18n.isInitialized) return i18n;
  const lng = initial ?? pickLocale(readStoredLocale(), typeof navigator === 'undefined' ? [] : (navigator.languages ?? []));
  void i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: FALLBACK_LOCALE,
      supportedLngs: [...LOCALES],
      lowerCaseLng: true,
      load: 'currentOnly',
      ns: [...NAMESPACES],
      defaultNS: 'common',
      resources: { [FALLBACK_LOCALE]: enUsResources },
      partialBundledLanguages: true,
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  if (typeof document !== 'undefined') {
    document.documentElement.lang = lng;
    i18n.on('languageChanged', (language) => {
      document.documentElement.lang = language;
    });
  }
  return i18n;
}
