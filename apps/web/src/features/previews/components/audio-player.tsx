import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Slider, Tag, Typography } from 'antd';
import { Result } from '../../../components/result';
import { MutedOutlined, PauseOutlined, CaretRightOutlined, SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AUDIO_DEFAULT_VOLUME, type Upload } from '@atrium/contracts';
import { isApiError } from '../../../lib/api-client';
import { PageSpinner } from '../../../components/page-spinner';
import { beaconPlayProgress, postPlayProgress, postSeek, previewBlobUrl, useAudioSource } from '../api';
import { htmlMediaAdapter, trackMedia } from '../lib/media-tracker';
import { useVisitorActivityId } from '../lib/visitor-context';
import type { MediaHandle } from './video-player';
import { useToast } from '../../../lib/toast';

function clock(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const s = Math.floor(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The audio player (spec §4 audio, §9): playing or paused, muted, volume 60 of
 * 100 by default, a position slider. The URL comes from
 * `GET /api/uploads/audio/{id}`; a 404 shows 'unable to play, file missing or
 * transcoding' (spec §8). Played ranges are reported like video.
 */
export function AudioPlayer({ upload, activityId, onHandle }: { upload: Upload; activityId: number | null; onHandle?: (handle: MediaHandle | null) => void }) {
  const { t } = useTranslation('previewer');
  const visitor = useVisitorActivityId();
  const source = useAudioSource(upload.id, activityId, visitor);
  if (source.isPending) return <PageSpinner minHeight="100%" />;
  // Outside an activity the server may refuse the signed URL for want of activity_id; the file itself then plays.
  const isMissing = source.isError && (isApiError(source.error, 404) || isApiError(source.error, 410));
  if (isMissing || (source.data && source.data.status === 'deleted')) {
    return <Result status="warning" title={t('audio.missing')} data-testid="audio-missing" />;
  }
  const url = source.data?.url ?? (visitor === null ? previewBlobUrl(upload.id) : null);
  if (url === null) return <Result status="warning" title={t('audio.missing')} data-testid="audio-missing" />;
  const play = source.data ?? { seekable: true, last_played: 0, max_played: 0 };
  return (
    <AudioControls
      key={url}
      url={url}
      uploadId={upload.id}
      activityId={activityId}
      seekable={play.seekable}
      lastPlayed={play.last_played}
      maxPlayed={play.max_played}
      onHandle={onHandle}
    />
  );
}

/**
 * The controls over one audio URL, for the previewer and the exam media box. `volume` 0–100;
 * `seekable` false refuses seeks beyond `maxPlayed` seconds (spec §4, checked again by the
 * server); play resumes at `lastPlayed` seconds.
 */
export function AudioControls({
  url,
  uploadId,
  activityId,
  volume: initialVolume = AUDIO_DEFAULT_VOLUME,
  autoPlay = false,
  seekable = true,
  lastPlayed = 0,
  maxPlayed = 0,
  onHandle,
  onMissing,
}: {
  url: string;
  uploadId: number;
  activityId: number | null;
  volume?: number;
  autoPlay?: boolean;
  seekable?: boolean;
  lastPlayed?: number;
  maxPlayed?: number;
  onHandle?: (handle: MediaHandle | null) => void;
  onMissing?: () => void;
}) {
  const { t } = useTranslation('previewer');
  const toast = useToast();
  const audio = useRef<HTMLAudioElement>(null);
  const [isPlaying, setPlaying] = useState(false);
  const [isMuted, setMuted] = useState(false);
  const [volume, setVolume] = useState(initialVolume);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  const [isFailed, setFailed] = useState(false);
  const live = useRef({ toast, t, onHandle, onMissing });
  useEffect(() => {
    live.current = { toast, t, onHandle, onMissing };
  });

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    element.volume = initialVolume / 100;
    const dispose = trackMedia(htmlMediaAdapter(element), {
      activityId,
      isSeekable: seekable,
      maxPlayed,
      report: (body, isClosing) => {
        if (isClosing && beaconPlayProgress(uploadId, body)) return;
        void postPlayProgress(uploadId, body).catch(() => {});
      },
      checkSeek: (at) =>
        activityId === null
          ? Promise.resolve(true)
          : postSeek(uploadId, activityId, at).then(
              () => true,
              () => false,
            ),
      onSeekRefused: () => void live.current.toast.warning(live.current.t('audio.notForward')),
    });
    live.current.onHandle?.({ currentTime: () => element.currentTime, seekTo: (s) => (element.currentTime = s) });
    return () => {
      dispose();
      live.current.onHandle?.(null);
    };
  }, [uploadId, activityId, initialVolume, seekable, maxPlayed]);

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setFailed(true));
    else element.pause();
  };

  if (isFailed) return <Result status="warning" title={t('audio.missing')} data-testid="audio-missing" />;

  return (
    <Flex vertical gap={12} style={{ padding: 24, maxWidth: 640, margin: '0 auto', width: '100%' }} data-testid="audio-player">
      <audio
        ref={audio}
        src={url}
        preload="metadata"
        autoPlay={autoPlay}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onVolumeChange={(event) => setMuted(event.currentTarget.muted)}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => {
          const element = event.currentTarget;
          setDuration(element.duration);
          // Resume where the learner stopped (never beyond what was played when seeking forward is refused).
          if (lastPlayed > 0 && lastPlayed < element.duration) element.currentTime = lastPlayed;
        }}
        onError={() => {
          setFailed(true);
          live.current.onMissing?.();
        }}
      />
      <Flex align="center" gap={8}>
        <Button
          type="primary"
          shape="circle"
          icon={isPlaying ? <PauseOutlined /> : <CaretRightOutlined />}
          aria-label={isPlaying ? t('audio.pause') : t('audio.play')}
          onClick={toggle}
        />
        <Slider
          style={{ flex: 1 }}
          min={0}
          max={Math.max(1, Math.floor(duration))}
          value={Math.floor(position)}
          tooltip={{ formatter: (v) => clock(v ?? 0) }}
          onChange={(v) => {
            if (audio.current) audio.current.currentTime = v;
          }}
          aria-label={t('audio.position')}
        />
        <Typography.Text style={{ minWidth: 88, textAlign: 'right' }}>
          {clock(position)} / {clock(duration)}
        </Typography.Text>
      </Flex>
      <Flex align="center" gap={8}>
        <Tag color={isPlaying ? 'green' : 'default'} data-testid="audio-state">
          {isPlaying ? t('audio.playing') : t('audio.paused')}
        </Tag>
        <Button
          type="text"
          icon={isMuted ? <MutedOutlined /> : <SoundOutlined />}
          aria-label={isMuted ? t('audio.unmute') : t('audio.mute')}
          aria-pressed={isMuted}
          onClick={() => {
            if (audio.current) audio.current.muted = !audio.current.muted;
          }}
        />
        <Slider
          style={{ width: 160 }}
          min={0}
          max={100}
          value={volume}
          onChange={(v) => {
            setVolume(v);
            if (audio.current) audio.current.volume = v / 100;
          }}
          aria-label={t('audio.volume')}
        />
        <Typography.Text data-testid="audio-volume">{volume}</Typography.Text>
        {isMuted && <Tag>{t('audio.muted')}</Tag>}
      </Flex>
      {!seekable && (
        <Typography.Text type="secondary" data-testid="audio-no-forward">
          {t('audio.noForwardSeeking')}
        </Typography.Text>
      )}
    </Flex>
  );
}
