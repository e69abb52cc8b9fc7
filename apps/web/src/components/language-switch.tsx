import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@atrium/contracts';
import { changeLocale, currentLocale } from '../lib/i18n';
import './language-switch.css';

/** Each language's name in that language, as language pickers conventionally show it. */
export const LOCALE_NATIVE_NAMES: Record<Locale, string> = {
  'zh-cn': '简体中文',
  'zh-tw': '繁體中文（台灣）',
  'zh-mo': '繁體中文（澳門）',
  'en-gb': 'English (UK)',
  'en-us': 'English (US)',
  'th-th': 'ไทย',
  'id-id': 'Bahasa Indonesia',
  'ms-my': 'Bahasa Melayu',
  'vi-vn': 'Tiếng Việt',
  'ta-in': 'தமிழ்',
};

/**
 * Interface language picker (spec §1 languages), a native `<select>` labelled
 * "Language" (light enough for the login page); the choice persists in localStorage.
 */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const value = i18n.language ? currentLocale() : 'en-us';
  return (
    <select
      className={compact ? 'atrium-language-switch atrium-language-switch--compact' : 'atrium-language-switch'}
      aria-label={t('language.label')}
      value={value}
      onChange={(event) => void changeLocale(event.currentTarget.value as Locale)}
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {LOCALE_NATIVE_NAMES[locale]}
        </option>
      ))}
    </select>
  );
}
