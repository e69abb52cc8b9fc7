import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { CloseOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Annotation, AnnotationsAnswer, PageRotation } from '@atrium/contracts';
import { isApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { currentPageAt } from '../../previews/lib/pdf-geometry';
import { useSaveAnnotations, useSaveScore, type GradingSubmission } from '../api';
import type { EditorSource } from '../lib/editor-source';
import { EMPTY_CONTENT, editorReducer, initialEditorState, isContentChanged, toDocument, type EditorContent } from '../lib/editor-state';
import { ZOOM_MAX, ZOOM_MIN, type ToolSettings } from '../lib/tools';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { pdfEditorPath } from '../lib/editor-params';
import { ConfirmExitPopup } from './confirm-exit-popup';
import { EditorPage } from './editor-page';
import { EditorToolbar } from './editor-toolbar';
import { GradingPanel, type GradeDraft } from './grading-panel';

/** The content an editor starts from: the saved annotations, and `rotatedAngle` on every page when none was saved. */
export function initialContentOf(answer: AnnotationsAnswer | null, pageCount: number, rotatedAngle: number): EditorContent {
  const saved: EditorContent = answer ? { annotations: answer.annotations, rotations: answer.rotations } : EMPTY_CONTENT;
  if (Object.keys(saved.rotations).length > 0 || rotatedAngle === 0) return saved;
  const rotations: Record<string, PageRotation> = {};
  for (let page = 1; page <= pageCount; page += 1) rotations[String(page)] = rotatedAngle as PageRotation;
  return { ...saved, rotations };
}

function gradeOf(submission: GradingSubmission | null): GradeDraft {
  return { score: submission?.score ?? null, feedback: submission?.feedback ?? '' };
}

/**
 * The PDF editor proper (spec §2 `/pdf/editor`, §4): the pages with their
 * annotation layers, the toolbar, and when grading a submission the side panel
 * whose Save stores the score (first: a refused score aborts the save, spec §5)
 * then the annotations. Unsaved changes hold every way out behind the
 * confirm-exit popup and the before-unload warning.
 */
export function EditorWorkspace({
  source,
  title,
  submission,
  uploadId,
  annotations: answer,
  rotatedAngle,
}: {
  source: EditorSource;
  title: string;
  submission: GradingSubmission | null;
  uploadId: number | null;
  annotations: AnnotationsAnswer | null;
  rotatedAngle: number;
}) {
  const { t } = useTranslation('pdfEditor');
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [state, dispatch] = useReducer(editorReducer, undefined, () => initialEditorState(initialContentOf(answer, source.pageCount, rotatedAngle)));
  const [settings, setSettings] = useState<ToolSettings>({ tool: 'pen', color: '#e53935', stamp: 'check' });
  const [zoom, setZoom] = useState(1);
  const [currentPage, setCurrentPage] = useState(1);
  const [grade, setGrade] = useState<GradeDraft>(() => gradeOf(submission));
  const [savedGrade, setSavedGrade] = useState<GradeDraft>(() => gradeOf(submission));
  const [scoreError, setScoreError] = useState<string | null>(null);
  const submissionId = submission?.id ?? 0;
  const saveAnnotations = useSaveAnnotations(submissionId);
  const saveScore = useSaveScore(submissionId);
  const isSaving = saveAnnotations.isPending || saveScore.isPending;

  const isGradeChanged = grade.score !== savedGrade.score || grade.feedback !== savedGrade.feedback;
  const isAnnotationChanged = isContentChanged(state);
  const isChanged = isAnnotationChanged || isGradeChanged;
  const blocker = useLeaveGuard(isChanged);

  // ------------------------------------------------------------ layout
  const scroller = useRef<HTMLDivElement | null>(null);
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const [frameWidth, setFrameWidth] = useState(900);
  const attach = useCallback((element: HTMLDivElement | null) => {
    scroller.current = element;
    setRoot(element);
    if (element?.clientWidth) setFrameWidth(element.clientWidth);
  }, []);
  useEffect(() => {
    if (!root || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => root.clientWidth && setFrameWidth(root.clientWidth));
    observer.observe(root);
    return () => observer.disconnect();
  }, [root]);

  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const pages = Array.from(element.querySelectorAll<HTMLElement>('[data-page-number]'));
    setCurrentPage(
      currentPageAt(
        pages.map((page) => page.offsetTop - element.offsetTop),
        element.scrollTop,
        element.clientHeight,
      ),
    );
  }, []);

  // ------------------------------------------------------------ editing
  const add = useCallback((annotation: Annotation) => dispatch({ type: 'add', annotation }), []);
  const remove = useCallback((id: string) => dispatch({ type: 'remove', id }), []);
  const changeZoom = (value: number) => setZoom(Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(value * 100) / 100)));

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) dispatch({ type: 'undo' });
      else if (key === 'y' || (key === 'z' && event.shiftKey)) dispatch({ type: 'redo' });
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // ------------------------------------------------------------ saving
  const save = async () => {
    if (!submission || uploadId === null) return;
    setScoreError(null);
    if (isGradeChanged) {
      if (grade.score === null) {
        setScoreError(t('panel.scoreRequired'));
        return;
      }
      try {
        await saveScore.mutateAsync({ score: grade.score, feedback: grade.feedback.trim() === '' ? null : grade.feedback });
      } catch (error) {
        const key = isApiError(error) ? error.errors.score?.[0] : undefined;
        const text = key ? t(key, { defaultValue: error instanceof Error ? error.message : key }) : t('panel.saveFailed');
        if (key) setScoreError(text);
        toast.error(text);
        return;
      }
      setSavedGrade(grade);
    }
    if (isAnnotationChanged) {
      const content = state.content;
      try {
        await saveAnnotations.mutateAsync({ upload_id: uploadId, ...toDocument(content) });
      } catch (error) {
        toast.error(error, t('panel.saveFailed'));
        return;
      }
      dispatch({ type: 'saved', content });
    }
    toast.success(t('panel.saved'));
  };

  // ------------------------------------------------------------ leaving
  const exit = () => {
    // The first page of a tab has the key 'default': there is nothing of ours to go back to.
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/');
  };
  const openSubmission = (id: number) => void navigate(pdfEditorPath({ submissionId: id }));
  const openUpload = (id: number) => submission && void navigate(pdfEditorPath({ submissionId: submission.id, uploadId: id }));

  const placeholder = useMemo(() => source.firstPage, [source]);
  const rotationOf = (page: number) => state.content.rotations[String(page)] ?? 0;

  return (
    <div className="atrium-pdf-editor" data-changed={isChanged ? 'true' : 'false'} data-testid="pdf-editor">
      <header className="atrium-pdf-editor-header">
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          <Tooltip title={t('header.exit')}>
            <Button type="text" icon={<CloseOutlined />} aria-label={t('header.exit')} onClick={exit} />
          </Tooltip>
          {/* The file's name is the page's h1 (decision 0146), at the size of the bold text it was. */}
          <Typography.Title level={1} ellipsis style={{ maxWidth: '40vw', margin: 0, fontSize: 14, lineHeight: 1.5714 }}>
            {title}
          </Typography.Title>
          {isChanged && (
            <Typography.Text type="warning" data-testid="unsaved">
              {t('header.unsaved')}
            </Typography.Text>
          )}
        </Flex>
        {submission && (
          <Button type="primary" icon={<SaveOutlined />} loading={isSaving} disabled={!isChanged} onClick={() => void save()}>
            {t('panel.save')}
          </Button>
        )}
      </header>
      <EditorToolbar
        settings={settings}
        onSettings={setSettings}
        canUndo={state.past.length > 0}
        canRedo={state.future.length > 0}
        onUndo={() => dispatch({ type: 'undo' })}
        onRedo={() => dispatch({ type: 'redo' })}
        zoom={zoom}
        onZoom={changeZoom}
        onRotate={() => dispatch({ type: 'rotate', page: currentPage, by: 90 })}
        currentPage={currentPage}
        pageCount={source.pageCount}
      />
      {/* The page's main landmark (the header above is its banner; decision 0146). */}
      <main className="atrium-pdf-editor-body">
        {/* Focusable, so the pages scroll from the keyboard too (arrows, Page Up/Down); a region named for screen readers. */}
        <div
          ref={attach}
          className="atrium-pdf-editor-scroller"
          onScroll={onScroll}
          data-testid="editor-scroller"
          tabIndex={0}
          role="region"
          aria-label={t('page.scroller')}
        >
          {Array.from({ length: source.pageCount }, (_, index) => (
            <EditorPage
              key={index + 1}
              source={source}
              pageNumber={index + 1}
              frameWidth={frameWidth}
              zoom={zoom}
              rotation={rotationOf(index + 1)}
              placeholder={placeholder}
              root={root}
              annotations={state.content.annotations}
              settings={settings}
              onAdd={add}
              onRemove={remove}
            />
          ))}
        </div>
        {submission && (
          <GradingPanel
            submission={submission}
            currentUploadId={uploadId}
            draft={grade}
            onDraft={(draft) => {
              setGrade(draft);
              setScoreError(null);
            }}
            scoreError={scoreError}
            isSaving={isSaving}
            isChanged={isChanged}
            onSave={() => void save()}
            onOpenUpload={openUpload}
            onNavigate={openSubmission}
          />
        )}
      </main>
      <ConfirmExitPopup open={blocker.state === 'blocked'} onLeave={() => blocker.proceed?.()} onStay={() => blocker.reset?.()} />
    </div>
  );
}
