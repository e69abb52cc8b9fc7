import { isValidElement, useEffect, useMemo, type ReactNode } from 'react';
import { App, Button } from 'antd';
import { Result } from '../../../components/result';
import { extensionOf } from '@atrium/contracts';
import { RequireAuth } from '../../auth/components/require-auth';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { previewBlobUrl, useDocumentUrl } from '../../previews/api';
import { useAnnotations, useGradingSubmission } from '../api';
import { EditorWorkspace } from '../components/editor-workspace';
import { useEditorSource } from '../hooks/use-editor-source';
import { preloadPdf } from '../lib/editor-source';
import { editorKindOf, editorParamsOf, firstEditableUpload } from '../lib/editor-params';
import '../pdf-editor.css';

/** `/pdf/editor` for a signed-in user, with antd's App (message) around it: the page lives outside the app shell. */
export function PdfEditorPage() {
  // pdf.js and its worker load while the user and the submission are asked for.
  useEffect(() => {
    if (!new URLSearchParams(window.location.search).get('imgURL')) preloadPdf();
  }, []);
  return (
    <App>
      <PdfEditor />
    </App>
  );
}

/**
 * `/pdf/editor` (spec §2): query uploadId, file, fileType, imgURL, rotatedAngle,
 * attachmentUrl, fileName, and `submissionId` when grading homework (issue 16).
 * Opens a PDF, an image (one page) or an Office document's converted PDF with
 * the annotation tools; shows the loading state (spec §4) until the file, the
 * submission and its saved annotations are there. Only a signed-in user sees it
 * (RequireAuth), but the file, the submission and its annotations are asked for
 * alongside `GET /api/user` rather than after it: each call is authorised by
 * the server, and a 401 sends the browser to the login page either way.
 */
export function PdfEditor() {
  const { t } = useTranslation('pdfEditor');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const params = useMemo(() => editorParamsOf(search, window.location.origin), [search]);
  const submission = useGradingSubmission(params.submissionId);
  const uploads = submission.data?.uploads ?? [];
  const upload = params.uploadId !== null ? (uploads.find((item) => item.id === params.uploadId) ?? null) : firstEditableUpload(uploads);
  const uploadId = params.uploadId ?? upload?.id ?? null;
  const isWaitingForSubmission = params.submissionId !== null && submission.isPending;
  // A link that names the file's type (fileType, imgURL, or a fileName with a known extension) opens the file while the submission is still on its way.
  const isKindGiven =
    params.fileType !== null ||
    params.imgURL !== null ||
    (params.fileName !== null && extensionOf(params.fileName) !== '' && editorKindOf(params, null) !== 'unsupported');
  const kind = isWaitingForSubmission && !isKindGiven ? null : editorKindOf(params, upload);
  const documentUrl = useDocumentUrl(uploadId ?? 0, kind === 'office' && uploadId !== null && !params.file);
  const url = (() => {
    switch (kind) {
      case 'image':
        return params.imgURL ?? (uploadId !== null ? previewBlobUrl(uploadId) : (params.file ?? params.attachmentUrl));
      case 'pdf':
        return params.file ?? (uploadId !== null ? previewBlobUrl(uploadId) : params.attachmentUrl);
      case 'office':
        return params.file ?? documentUrl.data?.url ?? null;
      default:
        return null;
    }
  })();
  const source = useEditorSource(kind === 'image' ? 'image' : 'pdf', url);
  const annotations = useAnnotations(params.submissionId, uploadId);
  const title = upload?.name ?? params.fileName ?? t('header.untitled');
  const back = (
    <Button type="primary" onClick={() => void navigate(-1)}>
      {t('header.back')}
    </Button>
  );

  const view = (): ReactNode => {
    if (params.submissionId !== null && submission.isError) return <Result status="warning" title={t('errors.submission')} extra={back} pageTitle />;
    if (kind === 'unsupported') return <Result status="info" title={t('errors.unsupported')} extra={back} pageTitle />;
    if (params.submissionId !== null && !isWaitingForSubmission && uploadId === null)
      return <Result status="info" title={t('errors.noFile')} extra={back} pageTitle />;
    if (kind !== null && kind !== 'office' && url === null && !isWaitingForSubmission)
      return <Result status="warning" title={t('errors.noFile')} extra={back} pageTitle />;
    if (kind === 'office' && !params.file) {
      if (documentUrl.isError || (documentUrl.data && documentUrl.data.status === 'failed'))
        return <Result status="warning" title={t('errors.convertFailed')} extra={back} pageTitle />;
      if (documentUrl.data && !documentUrl.data.url) return <Result status="info" title={t('errors.converting')} extra={back} pageTitle />;
    }
    if (source.status === 'error') return <Result status="warning" title={t('errors.load')} extra={back} pageTitle />;
    if (annotations.isError) return <Result status="warning" title={t('errors.annotations')} extra={back} pageTitle />;
    const isAnnotationsPending = annotations.fetchStatus !== 'idle' && annotations.isPending;
    if (source.status !== 'ready' || isAnnotationsPending || isWaitingForSubmission) {
      return (
        <div className="atrium-pdf-editor" data-testid="pdf-editor-loading" aria-busy="true">
          <PageSpinner minHeight="100vh" />
        </div>
      );
    }
    return (
      <EditorWorkspace
        key={`${params.submissionId ?? 0}:${uploadId ?? 0}:${url ?? ''}`}
        source={source.source}
        title={title}
        submission={submission.data ?? null}
        uploadId={uploadId}
        annotations={annotations.data ?? null}
        rotatedAngle={params.rotatedAngle}
      />
    );
  };
  // Outside the app shell, the page draws its own main landmark (decision 0146): the workspace around its pages
  // (its header stays the page's banner), every other state around itself.
  const body = view();
  return <RequireAuth>{isValidElement(body) && body.type === EditorWorkspace ? body : <main>{body}</main>}</RequireAuth>;
}
