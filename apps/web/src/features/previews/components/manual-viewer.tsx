import { Suspense, useCallback, useEffect, useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { Result } from '../../../components/result';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/page-spinner';
import { lazyNamed } from '../../../lib/lazy-named';
import { isUrlReachable } from '../api';

const PdfDocument = lazyNamed(() => import('./pdf-document'), 'PdfDocument');

/** What the manual viewer shows: a PDF (drawn with pdf.js) or an HTML page (sandboxed frame), by URL. */
export interface ManualSource {
  type: 'pdf' | 'html';
  url: string;
}

type Reachability = 'checking' | 'reachable' | 'unreachable';

const noPageInfo = () => {};

/**
 * Manual viewer (spec §2 popups: "manual viewer (PDF or HTML, full screen)"): a
 * popup over the whole window with `title`, closed by its close button or Esc
 * (`onClose`). The `source.url` is checked first: while it is checked, and for
 * HTML until the frame has loaded, a loading spinner shows; a URL that does not
 * answer shows an error telling the user to check the connection and retry.
 * PDF: the previewer's lazily loaded pdf.js document. HTML: an `<iframe
 * sandbox="">`, so the page runs no scripts and has no access to our origin.
 */
export function ManualViewer({ open, title, source, onClose }: { open: boolean; title: string; source: ManualSource; onClose: () => void }) {
  const { t } = useTranslation('previewer');
  const [attempt, setAttempt] = useState(0);
  const [reachability, setReachability] = useState<{ key: string; value: Reachability }>({ key: '', value: 'checking' });
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const key = `${source.type}:${source.url}#${attempt}`;
  const current: Reachability = reachability.key === key ? reachability.value : 'checking';

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    isUrlReachable(source.url, controller.signal).then(
      (ok) => {
        if (!controller.signal.aborted) setReachability({ key, value: ok ? 'reachable' : 'unreachable' });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Manual could not be loaded', error);
        setReachability({ key, value: 'unreachable' });
      },
    );
    return () => controller.abort();
  }, [open, source.url, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const isFrameLoaded = loadedKey === key;

  let body;
  if (current === 'unreachable') {
    body = (
      <Result
        status="warning"
        title={t('manual.loadFailed')}
        subTitle={t('manual.loadFailedHint')}
        extra={
          <Button type="primary" onClick={retry}>
            {t('manual.retry')}
          </Button>
        }
      />
    );
  } else if (current === 'checking') {
    body = <PageSpinner minHeight="100%" />;
  } else if (source.type === 'pdf') {
    body = (
      <Suspense fallback={<PageSpinner minHeight="100%" />}>
        <PdfDocument key={key} url={source.url} zoom={1} rotation={0} onPageInfo={noPageInfo} />
      </Suspense>
    );
  } else {
    body = (
      <div style={{ position: 'relative', height: '100%' }}>
        {!isFrameLoaded && (
          <div style={{ position: 'absolute', inset: 0 }}>
            <PageSpinner minHeight="100%" />
          </div>
        )}
        <iframe
          key={key}
          src={source.url}
          title={title}
          sandbox=""
          referrerPolicy="same-origin"
          onLoad={() => setLoadedKey(key)}
          data-testid="manual-frame"
          style={{ border: 0, width: '100%', height: '100%', display: 'block', visibility: isFrameLoaded ? 'visible' : 'hidden' }}
        />
      </div>
    );
  }

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      keyboard
      destroyOnHidden
      width="100vw"
      title={<Typography.Text ellipsis>{title}</Typography.Text>}
      aria-label={title}
      style={{ top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 }}
      styles={{
        container: { height: '100vh', borderRadius: 0, padding: 0, display: 'flex', flexDirection: 'column' },
        header: { margin: 0, padding: '12px 56px 12px 16px', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' },
        body: { flex: 1, minHeight: 0, overflow: 'auto' },
      }}
    >
      {open && body}
    </Modal>
  );
}
