import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Last-resort error screen of a route (a render error or a chunk that would not load), with a reload button. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  if (error) console.error(error);
  return (
    <main role="alert" style={{ maxWidth: 480, margin: '15vh auto', padding: 24, textAlign: 'center' }}>
      <h1 style={{ fontSize: 22, fontWeight: 600 }}>{t('result.error.title')}</h1>
      <p style={{ color: 'rgba(0,0,0,0.55)' }}>{t('result.error.reloadHint')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        style={{ padding: '6px 16px', borderRadius: 6, border: 'none', background: '#0958d9', color: '#fff', fontSize: 14, cursor: 'pointer' }}
      >
        {t('result.error.reload')}
      </button>
    </main>
  );
}
