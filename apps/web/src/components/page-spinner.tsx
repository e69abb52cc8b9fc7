import { useTranslation } from 'react-i18next';

/**
 * Centered loading indicator for a page or a panel while its data loads: antd's large dot spinner
 * drawn in plain markup and CSS (`styles.css`, in the entry chunk). It is the first thing a cold page
 * draws, while the page's chunks load and evaluate; antd's `Spin` would first derive the theme and
 * write its CSS-in-JS styles on the main thread those chunks wait for. Still under
 * `prefers-reduced-motion: reduce`.
 */
export function PageSpinner({ minHeight = 240 }: { minHeight?: number | string }) {
  const { t } = useTranslation('common');
  return (
    <div className="page-spinner" style={{ minHeight }} role="status" aria-live="polite" aria-label={t('state.loading')}>
      <span className="page-spinner-dots" aria-hidden>
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
