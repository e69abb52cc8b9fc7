import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Flex, Tag, Typography } from 'antd';
import { CaretRightOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ExamPlayResult, ExamPlayStatus } from '@atrium/contracts';
import { isApiError } from '../../../lib/api-client';
import { postExamPlay, previewKeys, useExamPlayStatus } from '../api';
import { AudioControls } from './audio-player';
import { videojsLanguage } from '../lib/videojs-language';
import { currentLocale } from '../../../lib/i18n';

/** Exam media volume (spec §9: exam 1, full volume). */
export const EXAM_VOLUME = 100;

/** A medium of an exam subject: the upload id, its name and whether it is audio or video. */
export interface ExamMediaItem {
  id: number;
  name: string;
  kind: 'video' | 'audio';
}

/** The spec §8 message of an exam media status (processing, overLimit, missedFile, canNotPlay), or null when playable. */
export function examStatusMessageKey(status: ExamPlayStatus): string | null {
  return status === 'playable' ? null : `exam.${status}`;
}

/** The status a failed play call means: 403 MEDIA_PLAY_LIMIT_REACHED → overLimit, 410 MEDIA_MISSED_FILE → missedFile, else canNotPlay. */
export function examStatusOfError(error: unknown): ExamPlayStatus {
  if (isApiError(error) && (error.code === 'MEDIA_PLAY_LIMIT_REACHED' || error.status === 403)) return 'overLimit';
  if (isApiError(error) && (error.code === 'MEDIA_MISSED_FILE' || error.status === 410 || error.status === 404)) return 'missedFile';
  return 'canNotPlay';
}

/**
 * The media of an exam subject (spec §4 exam video, §8): one item plays at a
 * time; each new play is counted on the server (`POST …/play`), which answers
 * a signed URL or refuses at 0 remaining plays. Shows the play counter when
 * limited and the processing / overLimit / missedFile / canNotPlay messages;
 * switching to another item asks for confirmation when plays are limited.
 */
export function ExamMedia({ subjectId, items }: { subjectId: number; items: readonly ExamMediaItem[] }) {
  const { t } = useTranslation('previewer');
  const { modal } = App.useApp();
  const [currentId, setCurrentId] = useState<number | null>(null);
  const [playing, setPlaying] = useState<{ id: number; result: ExamPlayResult } | null>(null);

  const choose = (id: number, isLimited: boolean, proceed: () => void) => {
    if (playing && playing.id !== id && isLimited) {
      modal.confirm({
        title: t('exam.switchTitle'),
        content: t('exam.switchConfirm'),
        okText: t('exam.switchOk'),
        cancelText: t('exam.switchCancel'),
        onOk: () => {
          setPlaying(null);
          setCurrentId(id);
          proceed();
        },
      });
      return;
    }
    setCurrentId(id);
    proceed();
  };

  return (
    <Flex vertical gap={12} data-testid="exam-media" data-subject-id={subjectId}>
      {items.map((item) => (
        <ExamMediaRow
          key={item.id}
          subjectId={subjectId}
          item={item}
          isCurrent={currentId === item.id}
          playing={playing?.id === item.id ? playing.result : null}
          onChoose={(isLimited, proceed) => choose(item.id, isLimited, proceed)}
          onPlaying={(result) => setPlaying(result ? { id: item.id, result } : null)}
        />
      ))}
    </Flex>
  );
}

function ExamMediaRow({
  subjectId,
  item,
  isCurrent,
  playing,
  onChoose,
  onPlaying,
}: {
  subjectId: number;
  item: ExamMediaItem;
  isCurrent: boolean;
  playing: ExamPlayResult | null;
  onChoose: (isLimited: boolean, proceed: () => void) => void;
  onPlaying: (result: ExamPlayResult | null) => void;
}) {
  const { t } = useTranslation('previewer');
  const queryClient = useQueryClient();
  const status = useExamPlayStatus(subjectId, item.id);
  const [failure, setFailure] = useState<ExamPlayStatus | null>(null);
  const [isStarting, setStarting] = useState(false);
  const [isUnplayable, setUnplayable] = useState(false);

  const data = status.data;
  const shown: ExamPlayStatus = failure ?? data?.status ?? 'playable';
  const messageKey = examStatusMessageKey(shown);
  const isLimited = data?.play_limit ?? false;
  // Spec §4 exam video: a processing upload plays too (its original bytes); the message stays as information.
  const canPlay = !!data && (shown === 'playable' || shown === 'processing') && (!isLimited || (data.remaining ?? 0) > 0);

  const play = async () => {
    setStarting(true);
    try {
      const result = await postExamPlay(subjectId, item.id);
      setFailure(null);
      onPlaying(result);
    } catch (error) {
      setFailure(examStatusOfError(error));
      onPlaying(null);
    } finally {
      setStarting(false);
      await queryClient.invalidateQueries({ queryKey: previewKeys.examStatus(subjectId, item.id) });
    }
  };

  return (
    <Flex vertical gap={8} style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 12 }} data-testid="exam-media-item" data-upload-id={item.id}>
      <Flex align="center" gap={8} wrap>
        <Typography.Text strong>{item.name}</Typography.Text>
        {isLimited && data && (
          <Tag color={(data.remaining ?? 0) > 0 ? 'blue' : 'red'} data-testid="exam-play-counter">
            {t('exam.remaining', { remaining: data.remaining ?? 0, total: data.play_limit_times })}
          </Tag>
        )}
        <div style={{ flex: 1 }} />
        <Button
          type="primary"
          icon={<CaretRightOutlined />}
          disabled={!canPlay || !!playing}
          loading={isStarting || status.isPending}
          aria-label={t('exam.playItem', { name: item.name })}
          onClick={() => (isCurrent ? void play() : onChoose(isLimited, () => void play()))}
        >
          {t('exam.play')}
        </Button>
      </Flex>
      {messageKey && <Alert type={shown === 'processing' ? 'info' : 'warning'} showIcon title={t(messageKey)} data-testid="exam-media-message" />}
      {isUnplayable && <Alert type="warning" showIcon title={t('exam.unplayable')} />}
      {playing && playing.kind === 'audio' && (
        <AudioControls url={playing.url} uploadId={item.id} activityId={null} volume={100} autoPlay onMissing={() => setUnplayable(true)} />
      )}
      {playing && playing.kind === 'video' && <ExamVideo url={playing.url} onUnplayable={() => setUnplayable(true)} onEnded={() => onPlaying(null)} />}
    </Flex>
  );
}

/**
 * A counted exam play of a video (the server answers an HLS playlist or an MP4):
 * video.js with VHS, started at once, at full volume (spec §9 exam volume 1).
 */
function ExamVideo({ url, onUnplayable, onEnded }: { url: string; onUnplayable: () => void; onEnded: () => void }) {
  const host = useRef<HTMLDivElement>(null);
  const events = useRef({ onUnplayable, onEnded });
  useEffect(() => {
    events.current = { onUnplayable, onEnded };
  });
  useEffect(() => {
    let disposed = false;
    let dispose = () => {};
    void Promise.all([import('video.js'), videojsLanguage(currentLocale())]).then(([{ default: videojs }, { code, dictionary }]) => {
      if (disposed || !host.current) return;
      const element = document.createElement('video-js');
      host.current.appendChild(element);
      const isHls = /\.m3u8($|\?)/.test(new URL(url, window.location.href).pathname);
      const player = videojs(element, {
        language: code,
        languages: { [code]: dictionary },
        controls: true,
        autoplay: true,
        fill: true,
        sources: [{ src: url, type: isHls ? 'application/x-mpegURL' : 'video/mp4' }],
        html5: { vhs: { overrideNative: true } },
      });
      player.volume(EXAM_VOLUME / 100);
      player.on('error', () => events.current.onUnplayable());
      player.on('ended', () => events.current.onEnded());
      dispose = () => player.dispose();
    });
    return () => {
      disposed = true;
      dispose();
    };
  }, [url]);
  return (
    <div
      ref={host}
      data-testid="exam-video"
      data-src={url}
      style={{ position: 'relative', width: 'min(100%, calc(63vh * 1.8))', aspectRatio: '1.8', background: '#000' }}
    />
  );
}
