import { useEffect, useMemo, useRef, useState } from 'react';
import { App, Flex, Result, Select, Tooltip, Typography } from 'antd';
import videojs from 'video.js';
import 'video.js/dist/video-js.css';
import { useTranslation } from 'react-i18next';
import { VIDEO_DEFAULT_VOLUME, type PlayerOptions, type Upload } from '@atrium/contracts';
import { isApiError, serverMessageOf } from '../../../lib/api-client';
import { PageSpinner } from '../../../components/page-spinner';
import { beaconPlayProgress, postPlayProgress, postSeek, usePlayerOptions } from '../api';
import { trackMedia, type MediaAdapter } from '../lib/media-tracker';
import { useVisitorActivityId } from '../lib/visitor-context';
import { mergeRanges, unplayedSegments, type TimeRange } from '../lib/viewed-ranges';

type VideoJsPlayer = ReturnType<typeof videojs>;

/** Spec §9: the player is at most 63% of the window high, at a width:height ratio of 1.8. */
export const VIDEO_MAX_HEIGHT_SHARE = 0.63;
export const VIDEO_RATIO = 1.8;

/** Controls the previewer keeps over a mounted video: where it is, and seeking to a note's second. */
export interface MediaHandle {
  currentTime(): number;
  seekTo(seconds: number): void;
}

/** Player options for an upload outside an activity: its own renditions, free seeking, nothing remembered. */
export function optionsFromUpload(upload: Pick<Upload, 'videos' | 'duration'>): PlayerOptions {
  const resolutions = [...upload.videos]
    .sort((a, b) => parseInt(a.resolution) - parseInt(b.resolution))
    .map((v) => ({ name: v.resolution, hls_url: v.hls_url ?? null, mp4_url: v.mp4_url ?? null }));
  return {
    resolutions,
    default_resolution: resolutions.at(-1)?.name ?? null,
    seekable: true,
    last_played: 0,
    max_played: 0,
    unplayed_segments: [],
    copyright_notice: null,
    poster_url: null,
    duration: upload.duration,
    volume: VIDEO_DEFAULT_VOLUME,
  };
}

function sourceOf(options: PlayerOptions, name: string | null) {
  const rendition = options.resolutions.find((r) => r.name === name) ?? options.resolutions.at(-1);
  if (!rendition) return null;
  if (rendition.hls_url) return { src: rendition.hls_url, type: 'application/x-mpegURL' };
  if (rendition.mp4_url) return { src: rendition.mp4_url, type: 'video/mp4' };
  return null;
}

function adapterOf(player: VideoJsPlayer): MediaAdapter {
  return {
    currentTime: () => player.currentTime() ?? 0,
    seekTo: (seconds) => void player.currentTime(seconds),
    isPaused: () => player.paused(),
    on: (event, handler) => player.on(event, handler),
    off: (event, handler) => player.off(event, handler),
  };
}

/**
 * The video player (spec §3 Video-player options, §4, §9): video.js with VHS for
 * HLS, a resolution choice with the server's default, resume at the last played
 * second, the unplayed segments drawn under the player, refuse-forward-seeking
 * (snaps back, asks `POST /api/uploads/{id}/seek`, shows the not-forward
 * warning), the copyright notice over the picture, default volume 0.7, height
 * at most 63% of the window at ratio 1.8. Played ranges go to
 * `POST /api/uploads/{id}/play-progress` in batches and by beacon on closing.
 */
export function VideoPlayer({
  upload,
  activityId,
  onHandle,
}: {
  upload: Upload;
  activityId: number | null;
  onHandle?: (handle: MediaHandle | null) => void;
}) {
  const { t } = useTranslation('previewer');
  const visitor = useVisitorActivityId();
  const fetched = usePlayerOptions(upload.id, activityId, visitor);
  const fallback = useMemo(() => optionsFromUpload(upload), [upload]);
  // A visitor's URLs all come from the anonymous player options (spec §6); the upload's own are not theirs to use.
  const isFetched = activityId !== null || visitor !== null;
  if (isFetched && fetched.isPending) return <PageSpinner minHeight="100%" />;
  if (isFetched && fetched.isError) {
    return <Result status="warning" title={isApiError(fetched.error, 404) ? t('video.missing') : (serverMessageOf(fetched.error) ?? t('video.loadFailed'))} />;
  }
  const options = isFetched && fetched.data ? fetched.data : fallback;
  if (options.resolutions.length === 0) {
    return <Result status="info" title={upload.status === 'processing' ? t('video.transcoding') : t('video.unplayable')} />;
  }
  return <VideoPlayerView key={upload.id} uploadId={upload.id} activityId={activityId} options={options} onHandle={onHandle} />;
}

function VideoPlayerView({
  uploadId,
  activityId,
  options,
  onHandle,
}: {
  uploadId: number;
  activityId: number | null;
  options: PlayerOptions;
  onHandle?: (handle: MediaHandle | null) => void;
}) {
  const { t } = useTranslation('previewer');
  const { message } = App.useApp();
  const host = useRef<HTMLDivElement>(null);
  const playerRef = useRef<VideoJsPlayer | null>(null);
  const [resolution, setResolution] = useState(options.default_resolution ?? options.resolutions.at(-1)?.name ?? null);
  const [duration, setDuration] = useState(options.duration ?? 0);
  const initialViewed = useMemo(() => {
    const total = options.duration ?? 0;
    return total > 0 ? unplayedSegments(options.unplayed_segments, total) : [];
  }, [options.duration, options.unplayed_segments]);
  const [viewed, setViewed] = useState<TimeRange[]>(initialViewed);
  const notify = useRef({ message, t, onHandle });
  useEffect(() => {
    notify.current = { message, t, onHandle };
  });

  useEffect(() => {
    const element = document.createElement('video-js');
    element.classList.add('vjs-big-play-centered');
    element.setAttribute('data-testid', 'video-player');
    host.current?.appendChild(element);
    const source = sourceOf(options, resolution);
    const player = videojs(element, {
      controls: true,
      fill: true,
      preload: 'auto',
      poster: options.poster_url ?? undefined,
      sources: source ? [source] : [],
      html5: { vhs: { overrideNative: true }, nativeAudioTracks: false, nativeVideoTracks: false },
      controlBar: { pictureInPictureToggle: false },
    });
    playerRef.current = player;
    player.volume(options.volume ?? VIDEO_DEFAULT_VOLUME);
    player.one('loadedmetadata', () => {
      const length = player.duration() ?? 0;
      if (length > 0) setDuration(length);
      if (options.last_played > 0 && (length === 0 || options.last_played < length - 1)) player.currentTime(options.last_played);
    });
    const dispose = trackMedia(adapterOf(player), {
      activityId,
      isSeekable: options.seekable,
      maxPlayed: Math.max(options.max_played, options.last_played),
      report: (body, isClosing) => {
        if (isClosing && beaconPlayProgress(uploadId, body)) return;
        void postPlayProgress(uploadId, body).catch(() => {});
      },
      checkSeek: (position) =>
        activityId === null
          ? Promise.resolve(false)
          : postSeek(uploadId, activityId, position).then(
              () => true,
              () => false,
            ),
      onSeekRefused: () => void notify.current.message.warning(notify.current.t('video.notForward')),
      onReported: (ranges) => setViewed((current) => mergeRanges([...current, ...ranges])),
    });
    notify.current.onHandle?.({ currentTime: () => player.currentTime() ?? 0, seekTo: (seconds) => void player.currentTime(seconds) });
    return () => {
      dispose();
      notify.current.onHandle?.(null);
      player.dispose();
      playerRef.current = null;
    };
    // The player is built once per upload; a resolution change swaps its source below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uploadId, activityId, options]);

  const changeResolution = (name: string) => {
    setResolution(name);
    const player = playerRef.current;
    const source = sourceOf(options, name);
    if (!player || !source) return;
    const at = player.currentTime() ?? 0;
    const wasPlaying = !player.paused();
    player.src(source);
    player.one('loadedmetadata', () => {
      player.currentTime(at);
      if (wasPlaying) void player.play();
    });
  };

  const unplayed = duration > 0 ? unplayedSegments(viewed, duration) : [];

  return (
    <Flex vertical align="center" gap={8} style={{ padding: 12, height: '100%', overflow: 'auto' }}>
      <div
        style={{
          position: 'relative',
          width: `min(100%, calc(${VIDEO_MAX_HEIGHT_SHARE * 100}vh * ${VIDEO_RATIO}))`,
          aspectRatio: String(VIDEO_RATIO),
          background: '#000',
        }}
      >
        <div ref={host} data-vjs-player style={{ position: 'absolute', inset: 0 }} />
        {options.copyright_notice && (
          <div
            data-testid="copyright-notice"
            style={{ position: 'absolute', top: 8, right: 12, color: 'rgba(255,255,255,0.75)', fontSize: 12, pointerEvents: 'none', zIndex: 2, textShadow: '0 0 2px #000' }}
          >
            {options.copyright_notice}
          </div>
        )}
      </div>
      <Flex align="center" gap={12} style={{ width: `min(100%, calc(${VIDEO_MAX_HEIGHT_SHARE * 100}vh * ${VIDEO_RATIO}))` }}>
        {options.resolutions.length > 1 && (
          <Select
            size="small"
            aria-label={t('video.resolution')}
            value={resolution}
            onChange={changeResolution}
            options={options.resolutions.map((r) => ({ value: r.name, label: r.name }))}
            style={{ width: 96 }}
          />
        )}
        {!options.seekable && <Typography.Text type="secondary">{t('video.noForwardSeeking')}</Typography.Text>}
        <div style={{ flex: 1 }} />
        {duration > 0 && activityId !== null && (
          <Tooltip title={t('video.unplayedHint')}>
            <div
              role="img"
              aria-label={t('video.unplayedSegments', { count: unplayed.length })}
              data-testid="unplayed-segments"
              data-count={unplayed.length}
              style={{ position: 'relative', width: 240, height: 8, background: '#52c41a', borderRadius: 4, overflow: 'hidden' }}
            >
              {unplayed.map(([s, e]) => (
                <span
                  key={`${s}-${e}`}
                  style={{ position: 'absolute', top: 0, bottom: 0, left: `${(s / duration) * 100}%`, width: `${((e - s) / duration) * 100}%`, background: '#d9d9d9' }}
                />
              ))}
            </div>
          </Tooltip>
        )}
      </Flex>
    </Flex>
  );
}
