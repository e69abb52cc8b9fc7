import { Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button, Modal, Tag, Tooltip } from 'antd';
import { FormOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { VideoQuizLearnerSubject } from '@atrium/contracts';
import { lazyNamed } from '../../../lib/lazy-named';
import { useToast } from '../../../lib/toast';
import { useVideoQuizOfUpload, useVideoQuizSubjects } from '../api';
import type { QuizPlayer } from '../lib/quiz-player';
import { formatSeconds, isBlocking, markerPercent, REACH_TOLERANCE_SECONDS, seekLimit, subjectToStopAt } from '../lib/quiz-timeline';
import { QuizSubjectPrompt } from './quiz-subject-prompt';

const VideoQuizEditor = lazyNamed(() => import('./video-quiz-editor'), 'VideoQuizEditor');

/** The player's duration in seconds, following its metadata; `fallback` (the probed length) until the player knows it; 0 while neither does. */
function usePlayerDuration(player: QuizPlayer, fallback: number | null): number {
  const [known, setKnown] = useState(() => player.duration() || 0);
  useEffect(() => {
    const update = () => setKnown(player.duration() || 0);
    player.on('durationchange', update);
    player.on('loadedmetadata', update);
    return () => {
      player.off('durationchange', update);
      player.off('loadedmetadata', update);
    };
  }, [player]);
  return known > 0 ? known : (fallback ?? 0);
}

/**
 * The video quiz of the video being played (issue 15 §6), over the video.js player:
 * `GET /api/courses/{courseId}/video-quizzes?upload_id=` finds it; its subjects' seconds are
 * marked on the progress bar. A learner's playback pauses at each unanswered subject (and once at
 * each description) and shows it in a modal until answered; seeking past an unanswered subject
 * returns to it. The course team sees the markers and opens the quiz editor (or adds a quiz).
 */
export function VideoQuizLayer({ player, courseId, uploadId }: { player: QuizPlayer; courseId: number; uploadId: number }) {
  const { t } = useTranslation('videoQuizzes');
  const toast = useToast();
  const list = useVideoQuizOfUpload(courseId, uploadId);
  const quiz = list.data?.video_quizzes?.[0] ?? null;
  const canManage = list.data?.can_manage === true;
  const subjects = useVideoQuizSubjects(quiz?.id ?? null);
  const learner = subjects.data?.view === 'learner' ? subjects.data : null;
  const duration = usePlayerDuration(player, quiz?.upload.duration ?? null);
  const [shownId, setShownId] = useState<number | null>(null);
  const [isEditorOpen, setEditorOpen] = useState(false);
  const [bar, setBar] = useState<HTMLElement | null>(null);
  // What the player's handlers read: the learner's subjects, the subject on screen, the descriptions already shown.
  const live = useRef<{ subjects: VideoQuizLearnerSubject[]; shownId: number | null; seen: Set<number> }>({ subjects: [], shownId: null, seen: new Set() });
  useEffect(() => {
    live.current.subjects = learner?.subjects ?? [];
    live.current.shownId = shownId;
  });

  useEffect(() => {
    // The seek bar exists once video.js built its controls; look for it again when the metadata arrives.
    const find = () => setBar(player.progressBar());
    const timer = window.setTimeout(find, 0);
    player.on('loadedmetadata', find);
    return () => {
      window.clearTimeout(timer);
      player.off('loadedmetadata', find);
    };
  }, [player]);

  const isLearner = learner !== null;
  useEffect(() => {
    if (!isLearner) return;
    const stop = () => {
      const { subjects: all, shownId: shown, seen } = live.current;
      if (shown !== null) {
        if (!player.isPaused()) player.pause();
        return;
      }
      const subject = subjectToStopAt(all, player.currentTime(), seen);
      if (!subject) return;
      player.pause();
      if (player.currentTime() - subject.at_seconds > REACH_TOLERANCE_SECONDS) player.seekTo(subject.at_seconds);
      if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => {});
      live.current.shownId = subject.id;
      setShownId(subject.id);
    };
    const clampSeek = () => {
      const limit = seekLimit(live.current.subjects);
      if (player.currentTime() <= limit + REACH_TOLERANCE_SECONDS) return;
      player.seekTo(limit);
      toast.warning(t('layer.answerFirst', { time: formatSeconds(limit) }));
    };
    player.on('timeupdate', stop);
    player.on('play', stop);
    player.on('seeking', clampSeek);
    return () => {
      player.off('timeupdate', stop);
      player.off('play', stop);
      player.off('seeking', clampSeek);
    };
  }, [isLearner, player, toast, t]);

  const resume = () => {
    if (shownId !== null) live.current.seen.add(shownId);
    live.current.shownId = null;
    setShownId(null);
    player.play();
  };

  const marked: { id: number; at: number; isOpen: boolean }[] =
    subjects.data?.view === 'learner'
      ? subjects.data.subjects.map((s) => ({ id: s.id, at: s.at_seconds, isOpen: isBlocking(s) }))
      : (subjects.data?.subjects ?? []).map((s) => ({ id: s.id, at: s.at_seconds, isOpen: false }));
  const shown = learner?.subjects.find((s) => s.id === shownId) ?? null;

  if (!quiz && !canManage) return null;
  return (
    <>
      {bar &&
        duration > 0 &&
        createPortal(
          marked.map((m) => {
            const left = markerPercent(m.at, duration);
            return left === null ? null : (
              <span
                key={m.id}
                className="video-quiz-marker"
                data-testid="video-quiz-marker"
                data-open={m.isOpen}
                title={t('layer.marker', { time: formatSeconds(m.at) })}
                style={{
                  position: 'absolute',
                  left: `${left}%`,
                  top: 0,
                  bottom: 0,
                  width: 4,
                  marginLeft: -2,
                  background: m.isOpen ? '#faad14' : '#52c41a',
                  zIndex: 2,
                  pointerEvents: 'none',
                }}
              />
            );
          }),
          bar,
        )}
      <div style={{ position: 'absolute', top: 8, left: 12, zIndex: 3, display: 'flex', gap: 8 }}>
        {learner && quiz && (
          <Tag color="blue" data-testid="video-quiz-score">
            {t('layer.score', { score: learner.score, max: learner.max_score })}
          </Tag>
        )}
        {canManage && (
          <Tooltip title={quiz ? t('layer.editHint') : undefined}>
            <Button size="small" icon={<FormOutlined />} onClick={() => setEditorOpen(true)} data-testid="video-quiz-edit">
              {quiz ? t('layer.edit', { count: quiz.subject_count }) : t('layer.add')}
            </Button>
          </Tooltip>
        )}
      </div>
      <Modal
        open={shown !== null}
        title={quiz?.title || t('layer.title')}
        footer={null}
        closable={false}
        keyboard={false}
        mask={{ closable: false }}
        destroyOnHidden
        data-testid="video-quiz-modal"
      >
        {shown && quiz && <QuizSubjectPrompt key={shown.id} quizId={quiz.id} subject={shown} onContinue={resume} />}
      </Modal>
      {isEditorOpen && (
        // Its own boundary: loading the editor's chunk must not suspend the player around it.
        <Suspense fallback={null}>
          <VideoQuizEditor
            courseId={courseId}
            uploadId={uploadId}
            quiz={quiz}
            duration={duration}
            currentTime={() => player.currentTime()}
            onSeek={(seconds) => player.seekTo(seconds)}
            onClose={() => setEditorOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
