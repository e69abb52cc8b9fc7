import { Alert } from 'antd';
import { Result } from '../../../components/result';
import { useTranslation } from 'react-i18next';
import { serverMessageOf } from '../../../lib/api-client';
import { PageSpinner } from '../../../components/page-spinner';
import { useUploadText } from '../api';
import { useVisitorActivityId } from '../lib/visitor-context';

/** A text file (txt, csv, md) shown as plain text from `GET /api/uploads/{id}/text?preview=true`, with a note when cut at 1 MiB. */
export function TextView({ uploadId }: { uploadId: number }) {
  const { t } = useTranslation('previewer');
  const text = useUploadText(uploadId, true, useVisitorActivityId());
  if (text.isPending) return <PageSpinner minHeight="100%" />;
  if (text.isError) return <Result status="warning" title={serverMessageOf(text.error) ?? t('text.loadFailed')} />;
  return (
    <div style={{ height: '100%', overflow: 'auto', background: '#fff' }}>
      {text.data.truncated && <Alert type="info" banner title={t('text.truncated')} />}
      <pre data-testid="text-preview" style={{ margin: 0, padding: 16, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 13 }}>
        {text.data.content}
      </pre>
    </div>
  );
}
