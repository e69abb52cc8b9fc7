import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Button, Flex, Modal, Typography } from 'antd';
import { Result } from '../../../components/result';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PREVIEWER_MIN_WIDTH_PX } from '@atrium/contracts';
import { isApiError } from '../../../lib/api-client';
import { PageSpinner } from '../../../components/page-spinner';
import { lazyNamed } from '../../../lib/lazy-named';
import { previewKeys, retryTranscode, useArrears, usePreviewLimits, usePreviewUpload } from '../api';
import { INITIAL_VIEW, type ViewTransform } from '../lib/view-transform';
import { canTransformKind, navigationDelta, previewKindOf, wrapIndex } from '../lib/preview-kind';
import {
  canShowAiQuizPanel,
  canShowQuestionPanel,
  checkPreviewable,
  noteTargetOf,
  togglePanel,
  type PreviewSizeLimit,
  type SidePanel,
} from '../lib/preview-rules';
import { PreviewerToolbar, type ToolbarExtras } from './previewer-toolbar';
import { PreviewerContent } from './previewer-content';
import { AiSidePanel } from './ai-panels';
import type { PdfPageInfo, PdfPageTarget } from './pdf-document';
import type { MediaHandle } from './video-player';
import { VisitorActivityContext } from '../lib/visitor-context';
import { useToast } from '../../../lib/toast';
import { useFocusReturn } from '../../../lib/use-focus-return';

const NoteBox = lazyNamed(() => import('../../notes/components/note-box'), 'NoteBox');
const HypothesisStatisticsPopup = lazyNamed(() => import('../../notes/components/hypothesis-statistics-popup'), 'HypothesisStatisticsPopup');

/** A file the previewer can switch to: its upload id, name, and the activity it is shown in (null outside one). */
export interface PreviewFile {
  id: number;
  name: string;
  activityId?: number | null;
}

/** Who is previewing and under which rules (spec §5, §6). */
export interface FilePreviewerProps {
  files: readonly PreviewFile[];
  startIndex: number;
  onClose: () => void;
  /** The course the files belong to; notes need it. */
  courseId?: number | null;
  /** The course's hasAiAbility flag (spec §6): enables the question and AI quiz panels. */
  hasAiAbility?: boolean;
  /** Instructor or simulated-instructor view: no AI panels (spec §6). */
  isInstructorView?: boolean;
  /** Instructors and assistants see the file hypothesis statistics. */
  canSeeStatistics?: boolean;
  /** The course team (or an admin inspecting): a failed file offers "retry transcode", which the server refuses to others. */
  canRetryTranscode?: boolean;
  /**
   * Largest previewable size, bytes: one number or a map per upload type (spec §5).
   * When absent, the organisation's upload limit from `GET /api/uploads/settings`.
   */
  sizeLimit?: PreviewSizeLimit;
  /**
   * Allowed extensions, checked case-insensitively (spec §5). When absent, the
   * organisation's upload list while its extension check is on (`GET /api/uploads/settings`).
   */
  allowedExtensions?: readonly string[];
  /**
   * A file of `files` came on screen: the first one on opening, then each one
   * previous/next or ← → switches to (the activity pages record the read, spec §3
   * Activity read record).
   */
  onFileShown?: (file: PreviewFile) => void;
  /**
   * A page (1-based) of a PDF or Office document was on screen, once per page
   * per opening of the file; the activity pages report it as
   * `POST /api/activities/{id}/reads { upload_id, page }` (spec §3 Activity read record).
   */
  onPageView?: (uploadId: number, page: number) => void;
  /**
   * An anonymous visitor previewing through this activity (spec §6): every call
   * goes to `/anonymous-api/{visitorActivityId}/uploads…`; no notes, statistics,
   * AI panels, play progress, retry or arrears call.
   */
  visitorActivityId?: number | null;
  /**
   * Open with the question panel on this question of the first file shown, turned to its page (a
   * question notification's destination, issue 18 §5).
   */
  initialQuestion?: { id: number; page?: number | null } | null;
}

/**
 * File previewer popup (spec §2): at least 900px wide; one file of `files` at a
 * time, previous/next and the ← → keys (37/39) switch and wrap around, except
 * while a text field has the focus or the AI quiz panel is open. Loads
 * `GET /api/uploads/{id}?preview=true` (a 404 shows `lark.errorMsg.notFound` and
 * closes, spec §8) and the arrears flag (arrears state instead of content);
 * refuses empty, oversize or disallowed files (spec §5). Zoom, rotate, restore,
 * fullscreen, retry transcode, the question / AI quiz panels (mutually
 * exclusive) and the note box (narrows the content by 290px) sit in the toolbar.
 */
export function FilePreviewer({
  files,
  startIndex,
  onClose,
  courseId = null,
  hasAiAbility = false,
  isInstructorView = false,
  canSeeStatistics = false,
  canRetryTranscode = false,
  sizeLimit,
  allowedExtensions,
  onFileShown,
  onPageView,
  visitorActivityId = null,
  initialQuestion = null,
}: FilePreviewerProps) {
  const isVisitor = visitorActivityId !== null;
  const { t } = useTranslation(['previewer', 'common']);
  const toast = useToast();
  const queryClient = useQueryClient();
  const [index, setIndex] = useState(() => Math.min(Math.max(startIndex, 0), Math.max(files.length - 1, 0)));
  const file = files[index];
  // A visitor has no learner's activity context: nothing is recorded for them.
  const activityId = isVisitor ? null : (file?.activityId ?? null);
  const upload = usePreviewUpload(file?.id ?? 0, visitorActivityId);
  const arrears = useArrears(isVisitor ? 0 : (file?.id ?? 0));
  // The organisation's limits (spec §5) unless the caller gives its own; a visitor has no settings call.
  const orgLimits = usePreviewLimits(!isVisitor && (sizeLimit === undefined || allowedExtensions === undefined));
  const [view, setView] = useState<ViewTransform>(INITIAL_VIEW);
  const [pageInfo, setPageInfo] = useState<PdfPageInfo | null>(null);
  const [pageTarget, setPageTarget] = useState<PdfPageTarget | null>(() => (initialQuestion?.page ? { page: initialQuestion.page, nonce: 0 } : null));
  const [panel, setPanel] = useState<SidePanel>(initialQuestion ? 'question' : 'none');
  const [openQuestionId, setOpenQuestionId] = useState<number | null>(initialQuestion?.id ?? null);
  const [isNotesOpen, setNotesOpen] = useState(false);
  const [isStatisticsOpen, setStatisticsOpen] = useState(false);
  const [isRetrying, setRetrying] = useState(false);
  // Mounted only while open: the file it was opened from gets the focus back when it closes.
  useFocusReturn();
  const media = useRef<MediaHandle | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [isFullscreen, setFullscreen] = useState(false);
  const pageRef = useRef<PdfPageInfo | null>(null);
  useEffect(() => {
    pageRef.current = pageInfo;
  }, [pageInfo]);

  const shownCallback = useRef(onFileShown);
  useEffect(() => {
    shownCallback.current = onFileShown;
  });
  const lastShown = useRef<number | null>(null);
  useEffect(() => {
    if (!file || lastShown.current === index) return;
    lastShown.current = index;
    shownCallback.current?.(file);
  }, [file, index]);

  const go = useCallback(
    (delta: number) => {
      if (files.length < 2) return;
      setIndex((current) => wrapIndex(current, delta, files.length));
      setView(INITIAL_VIEW);
      setPageInfo(null);
      setPageTarget(null);
      setPanel('none');
      setOpenQuestionId(null);
    },
    [files.length],
  );

  useEffect(() => {
    if (!upload.isError) return;
    if (isApiError(upload.error, 404)) {
      toast.error(t('common:lark.errorMsg.notFound'));
      onClose();
    } else {
      toast.error(upload.error, t('previewer:loadFailed'));
    }
  }, [upload.isError, upload.error, toast, onClose, t]);

  // Start loading the viewer's chunk while the upload is fetched (the name tells the likely kind).
  const guessedKind = file ? previewKindOf({ name: file.name, type: '' }) : null;
  useEffect(() => {
    if (guessedKind === 'pdf' || guessedKind === 'office') void import('./pdf-document');
    if (guessedKind === 'video') void import('./video-player');
  }, [guessedKind]);

  const isAiQuizOpen = panel === 'aiQuiz';
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const delta = navigationDelta(event, isAiQuizOpen);
      if (delta === 0) return;
      event.preventDefault();
      go(delta);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, isAiQuizOpen]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === frame.current && frame.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen?.();
  };

  const data = upload.data;
  const kind = data ? previewKindOf(data) : null;
  const refusal = data
    ? checkPreviewable(data, { sizeLimit: sizeLimit ?? orgLimits.limits.sizeLimit, allowedExtensions: allowedExtensions ?? orgLimits.limits.allowedExtensions })
    : null;
  const isArrears = arrears.data?.is_org_transfer_arrears === true;
  // A visitor has no download (the blob route is a signed-in user's).
  // An embedded online video has no file to download either.
  const downloadUrl = data?.allow_download && !isVisitor && data.type !== 'link' ? data.downloadUrl : null;
  const panelContext = { hasAiAbility: hasAiAbility && !isVisitor, isInstructorView };
  const isShown = !!data && !refusal && !isArrears;
  const noteTarget = isShown && kind ? noteTargetOf(kind, data.status) : null;
  const canNote = !isVisitor && noteTarget !== null && courseId !== null && activityId !== null;

  const retry = async () => {
    if (!data) return;
    setRetrying(true);
    try {
      await retryTranscode(data.id);
      await queryClient.invalidateQueries({ queryKey: previewKeys.upload(data.id) });
    } catch (error) {
      toast.error(error, t('previewer:retryFailed'));
    } finally {
      setRetrying(false);
    }
  };

  const extras: ToolbarExtras = {
    onRetryTranscode:
      canRetryTranscode && !isVisitor && data && data.status === 'failed' && ['video', 'audio', 'office', 'pdf'].includes(kind ?? '')
        ? () => void retry()
        : undefined,
    isRetrying,
    onToggleQuestion:
      (isShown && canShowQuestionPanel(data.name, panelContext)) || (panel === 'question' && isShown)
        ? () => setPanel((p) => togglePanel(p, 'question'))
        : undefined,
    isQuestionOpen: panel === 'question',
    onToggleAiQuiz: isShown && canShowAiQuizPanel(data.name, panelContext) ? () => setPanel((p) => togglePanel(p, 'aiQuiz')) : undefined,
    isAiQuizOpen,
    onToggleNotes: canNote ? () => setNotesOpen((open) => !open) : undefined,
    isNotesOpen,
    onOpenStatistics: canNote && canSeeStatistics ? () => setStatisticsOpen(true) : undefined,
  };

  const currentAnchor = () => {
    if (noteTarget === 'video') return media.current?.currentTime() ?? 0;
    if (noteTarget === 'document') return pageRef.current?.current ?? 1;
    return 0;
  };
  const goToAnchor = (anchor: number) => {
    if (noteTarget === 'video') media.current?.seekTo(anchor);
    if (noteTarget === 'document') setPageTarget({ page: anchor, nonce: Date.now() });
  };

  // The question panel (issue 18 §4): the file's questions in its activity, anchored at the page on screen (documents) or the second (media).
  const questionAnchor: 'page' | 'second' | null = kind === 'pdf' || kind === 'office' ? 'page' : kind === 'video' || kind === 'audio' ? 'second' : null;
  const question =
    activityId !== null && data
      ? {
          activityId,
          uploadId: data.id,
          anchorKind: questionAnchor,
          currentPage: questionAnchor === 'page' ? (pageInfo?.current ?? null) : null,
          currentSecond: () => media.current?.currentTime() ?? 0,
          canAnswer: canSeeStatistics,
          onGoTo: (anchor: number) => {
            if (questionAnchor === 'second') media.current?.seekTo(anchor);
            if (questionAnchor === 'page') setPageTarget({ page: anchor, nonce: Date.now() });
          },
          initialQuestionId: openQuestionId,
        }
      : null;

  const isPending = upload.isPending || (!isVisitor && arrears.isPending) || orgLimits.isPending;

  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      width={`max(${PREVIEWER_MIN_WIDTH_PX}px, 86vw)`}
      centered
      destroyOnHidden
      keyboard
      title={
        <Flex align="center" gap={8} style={{ paddingRight: 32 }}>
          {files.length > 1 && <Button type="text" size="small" icon={<LeftOutlined />} aria-label={t('previewer:previous')} onClick={() => go(-1)} />}
          <Typography.Text ellipsis style={{ fontWeight: 600 }} data-testid="previewer-file-name">
            {data?.name ?? file?.name ?? ''}
          </Typography.Text>
          {files.length > 1 && (
            <Typography.Text type="secondary" data-testid="previewer-position">
              {t('previewer:position', { current: index + 1, total: files.length })}
            </Typography.Text>
          )}
          {files.length > 1 && <Button type="text" size="small" icon={<RightOutlined />} aria-label={t('previewer:next')} onClick={() => go(1)} />}
        </Flex>
      }
      styles={{ body: { padding: 0 } }}
      aria-label={t('previewer:title')}
    >
      <VisitorActivityContext.Provider value={visitorActivityId}>
        <div
          ref={frame}
          data-testid="previewer-frame"
          data-kind={kind ?? ''}
          data-state={isPending ? 'loading' : 'shown'}
          style={{
            display: 'flex',
            flexDirection: 'column',
            minWidth: PREVIEWER_MIN_WIDTH_PX - 48,
            height: isFullscreen ? '100vh' : 'max(420px, calc(100vh - 180px))',
            background: '#fff',
          }}
        >
          <PreviewerToolbar
            view={view}
            onViewChange={setView}
            canTransform={isShown && canTransformKind(kind)}
            pageInfo={isShown && (kind === 'pdf' || kind === 'office') ? pageInfo : null}
            isFullscreen={isFullscreen}
            onToggleFullscreen={toggleFullscreen}
            downloadUrl={downloadUrl}
            extras={extras}
          />
          <div style={{ flex: 1, minHeight: 0, display: 'flex' }}>
            <div style={{ flex: 1, minWidth: 0, position: 'relative' }} data-testid="previewer-content">
              {isPending && <PageSpinner minHeight="100%" />}
              {!isPending && isArrears && (
                <Result status="warning" title={t('previewer:arrears.title')} subTitle={t('previewer:arrears.description')} data-testid="previewer-arrears" />
              )}
              {!isPending && data && !isArrears && refusal && (
                <Result status="warning" title={t(`previewer:refusal.${refusal}`)} data-testid="previewer-refusal" />
              )}
              {!isPending && data && isShown && kind && (
                <PreviewerContent
                  upload={data}
                  kind={kind}
                  view={view}
                  activityId={activityId}
                  pageTarget={pageTarget}
                  onPageInfo={setPageInfo}
                  onMediaHandle={(handle) => {
                    media.current = handle;
                  }}
                  onPageView={onPageView ? (page) => onPageView(data.id, page) : undefined}
                />
              )}
            </div>
            {panel !== 'none' && data && (
              <AiSidePanel
                panel={panel}
                fileName={data.name}
                question={question}
                onClose={() => {
                  setPanel('none');
                  setOpenQuestionId(null);
                }}
              />
            )}
            {isNotesOpen && canNote && courseId !== null && activityId !== null && noteTarget && data && (
              <Suspense fallback={null}>
                <NoteBox
                  key={data.id}
                  courseId={courseId}
                  activityId={activityId}
                  targetId={data.id}
                  targetType={noteTarget}
                  currentAnchor={currentAnchor}
                  onGoTo={goToAnchor}
                  onClose={() => setNotesOpen(false)}
                />
              </Suspense>
            )}
          </div>
        </div>
      </VisitorActivityContext.Provider>
      {isStatisticsOpen && canNote && courseId !== null && activityId !== null && noteTarget && data && (
        <Suspense fallback={null}>
          <HypothesisStatisticsPopup
            open
            onClose={() => setStatisticsOpen(false)}
            courseId={courseId}
            activityId={activityId}
            targetId={data.id}
            targetType={noteTarget}
          />
        </Suspense>
      )}
    </Modal>
  );
}
