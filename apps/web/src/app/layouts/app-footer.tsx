import { useTranslation } from 'react-i18next';
import { CURRENT_VERSION } from '../hooks/use-version-check';

/** The shared footer (spec §1): product line and the running build. */
export function AppFooter() {
  const { t } = useTranslation('common');
  return (
    <footer className="atrium-footer">
      {t('footer.line', { year: new Date().getFullYear() })}
      <span style={{ marginLeft: 12 }}>{t('footer.version', { version: CURRENT_VERSION })}</span>
    </footer>
  );
}
