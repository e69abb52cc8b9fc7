import { Card, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@atrium/contracts';
import { LOCALE_NATIVE_NAMES } from '../../../components/language-switch';
import { changeLocale, currentLocale } from '../../../lib/i18n';

/** The interface language of /user/settings (spec §1 languages): applied at once and kept in this browser, as the header's switch does. */
export function LanguageCard() {
  const { t, i18n } = useTranslation('common');
  const value = i18n.language ? currentLocale() : 'en-us';
  return (
    <Card title={t('settings.language.title')} data-testid="settings-language">
      <Typography.Paragraph type="secondary">{t('settings.language.intro')}</Typography.Paragraph>
      <Select<Locale>
        aria-label={t('settings.language.title')}
        style={{ minWidth: 240 }}
        value={value}
        onChange={(locale) => void changeLocale(locale)}
        options={LOCALES.map((locale) => ({ value: locale, label: <span lang={locale}>{LOCALE_NATIVE_NAMES[locale]}</span> }))}
      />
    </Card>
  );
}
