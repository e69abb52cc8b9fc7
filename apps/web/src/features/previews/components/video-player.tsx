import { use, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Flex, Select, Tooltip, Typography } from 'antd';
import { Result } from '../../../components/result';
import videojs from 'video.js';
import 'video.js/dist/video-js.css';
import { useTranslation } from 'react-i18next';
import { VIDEO_DEFAULT_VOLUME, type PlayerOptions, type Upload } from '@atrium/contracts';
import { isApiError, serverMessageOf } from '../../../lib/api-client';
import { PageSpinner } from '../../../components/page-spinner';
import { beaconPlayProgress, fetchPlayerOptions, fetchPreviewUpload, postPlayProgress, postSeek, probeMediaUrl, usePlayerOptions } from '../api';
import { trackMedia, type MediaAdapter } from '../lib/media-tracker';
import { videojsLanguage } from '../lib/videojs-language';
import { currentLocale } from '../../../lib/i18n';
import { useVisitorActivityId } from '../lib/visitor-context';
import { mergeRanges, unplayedSegments, type TimeRange } from '../lib/viewed-ranges';
import { useToast } from '../../../lib/toast';
import { VideoQuizLayer } from '../../video-quizzes/components/video-quiz-layer';
import { quizPlayerOf, type QuizPlayer } from '../../video-quizzes/lib/quiz-player';

type VideoJsPlayer = ReturnType<typeof videojs>;

/** Spec §9: the player is at most 63% of the window high, at a width:height ratio of 1.8. */
export const VIDEO_MAX_HEIGHT_SHARE = 0.63;
export const VIDEO_RATIO = 1.8;

/** How many times one playback asks for new signed URLs after one expired before it gives up and warns (reset once it plays). */
const MAX_URL_REFRESHES = 3;

/**
 * The player frame's limits for a window `windowHeight` pixels high (spec §9):
 * height at most 63% of it, width at most that height × 1.8. Pixels.
 */
export function videoFrameLimits(windowHeight: number): { maxHeight: number; maxWidth: number } {
  const maxHeight = Math.max(0, windowHeight) * VIDEO_MAX_HEIGHT_SHARE;
  return { maxHeight, maxWidth: maxHeight * VIDEO_RATIO };
}

/** The window's inner height in pixels, following resizes. */
function useWindowHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const onResize = () => setHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return height;
}

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
    text_tracks: [],
  };
}

/**
 * The caption tracks video.js shows in its captions menu (`tracks` option; WebVTT files of the activity named
 * after the video): each labelled by its language in the interface language (`Intl.DisplayNames`), else by its
 * file name. None is on by default: the viewer turns captions on from the CC button.
 */
export function textTracksOf(options: PlayerOptions, language: string): { kind: 'captions'; src: string; srclang?: string; label: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'language' });
  } catch {
    names = null;
  }
  return options.text_tracks.map((track) => {
    let label = track.name;
    if (track.srclang && names) {
      try {
        label = names.of(track.srclang) ?? track.name;
      } catch {
        label = track.name;
      }
    }
    return { kind: 'captions' as const, src: track.src, ...(track.srclang ? { srclang: track.srclang } : {}), label };
  });
}

/** The source video.js plays for a resolution (HLS first, then MP4), or null when the rendition has neither. */
export function sourceOf(options: PlayerOptions, name: string | null): { src: string; type: string } | null {
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
 * When a signed URL expired (403 MEDIA_URL_INVALID, decision 0030) it asks for
 * new URLs (player options, or the upload's renditions outside an activity) and
 * resumes at the same second; any other playback error shows the unplayable
 * warning (spec §8).
 */
export function VideoPlayer({ upload, activityId, onHandle }: { upload: Upload; activityId: number | null; onHandle?: (handle: MediaHandle | null) => void }) {
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
  // Fresh signed URLs, read outside the query cache so the mounted player is not rebuilt.
  const refresh = async (): Promise<PlayerOptions> =>
    isFetched ? fetchPlayerOptions(upload.id, activityId, visitor) : optionsFromUpload(await fetchPreviewUpload(upload.id, visitor));
  if (options.resolutions.length === 0) {
    return <Result status="info" title={upload.status === 'processing' ? t('video.transcoding') : t('video.unplayable')} />;
  }
  // A course video's quiz (issue 15 §6); visitors have none.
  const quizCourseId = visitor === null && upload.parent_type === 'course' ? upload.parent_id : null;
  return (
    <VideoPlayerView
      key={upload.id}
      uploadId={upload.id}
      activityId={activityId}
      options={options}
      onHandle={onHandle}
      refresh={refresh}
      quizCourseId={quizCourseId}
    />
  );
}

function VideoPlayerView({
  uploadId,
  activityId,
  options,
  onHandle,
  refresh,
  quizCourseId = null,
}: {
  uploadId: number;
  activityId: number | null;
  options: PlayerOptions;
  onHandle?: (handle: MediaHandle | null) => void;
  /** New signed URLs for this video (after one expired). */
  refresh: () => Promise<PlayerOptions>;
  /** The course whose video quiz of this video plays along (null: none is looked for). */
  quizCourseId?: number | null;
}) {
  const { t } = useTranslation('previewer');
  const toast = useToast();
  // video.js's own words in the interface language, read when the player is made (suspends until loaded).
  const language = useRef(use(videojsLanguage(currentLocale())));
  const host = useRef<HTMLDivElement>(null);
  const playerRef = useRef<VideoJsPlayer | null>(null);
  const windowHeight = useWindowHeight();
  const frame = videoFrameLimits(windowHeight);
  const [isUnplayable, setUnplayable] = useState(false);
  const [quizPlayer, setQuizPlayer] = useState<QuizPlayer | null>(null);
  const [resolution, setResolution] = useState(options.default_resolution ?? options.resolutions.at(-1)?.name ?? null);
  // The URLs in use (replaced when they expire) and the chosen resolution, for the player's event handlers.
  const current = useRef({ options, resolution });
  useEffect(() => {
    current.current.resolution = resolution;
  }, [resolution]);
  const [duration, setDuration] = useState(options.duration ?? 0);
  const initialViewed = useMemo(() => {
    const total = options.duration ?? 0;
    return total > 0 ? unplayedSegments(options.unplayed_segments, total) : [];
  }, [options.duration, options.unplayed_segments]);
  const [viewed, setViewed] = useState<TimeRange[]>(initialViewed);
  const notify = useRef({ toast, t, onHandle, refresh });
  useEffect(() => {
    notify.current = { toast, t, onHandle, refresh };
  });

  useEffect(() => {
    const element = document.createElement('video-js');
    element.classList.add('vjs-big-play-centered');
    element.setAttribute('data-testid', 'video-player');
    host.current?.appendChild(element);
    current.current.options = options;
    const source = sourceOf(options, current.current.resolution);
    const { code, dictionary } = language.current;
    const player = videojs(element, {
      language: code,
      languages: { [code]: dictionary },
      controls: true,
      fill: true,
      preload: 'auto',
      poster: options.poster_url ?? undefined,
      sources: source ? [source] : [],
      tracks: textTracksOf(options, code),
      html5: { vhs: { overrideNative: true }, nativeAudioTracks: false, nativeVideoTracks: false },
      controlBar: { pictureInPictureToggle: false },
    });
    playerRef.current = player;
    player.volume(options.volume ?? VIDEO_DEFAULT_VOLUME);
    let isDisposed = false;
    let refreshes = 0;
    let isPlaying = false;
    player.on('playing', () => {
      isPlaying = true;
      refreshes = 0;
      setUnplayable(false);
    });
    player.on('pause', () => {
      isPlaying = false;
    });
    player.on('error', () => {
      const failed = sourceOf(current.current.options, current.current.resolution);
      const at = player.currentTime() ?? 0;
      const wasPlaying = isPlaying;
      void (async () => {
        if (failed && refreshes < MAX_URL_REFRESHES && (await probeMediaUrl(failed.src)) === 'expired') {
          refreshes += 1;
          const fresh = await notify.current.refresh().catch(() => null);
          const next = fresh ? sourceOf(fresh, current.current.resolution) : null;
          if (isDisposed) return;
          if (fresh && next) {
            current.current.options = fresh;
            player.error(null);
            player.src(next);
            player.one('loadedmetadata', () => {
              player.currentTime(at);
              if (wasPlaying) void player.play();
            });
            return;
          }
        }
        if (!isDisposed) setUnplayable(true);
      })();
    });
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
      onSeekRefused: () => void notify.current.toast.warning(notify.current.t('video.notForward')),
      onReported: (ranges) => setViewed((current) => mergeRanges([...current, ...ranges])),
    });
    notify.current.onHandle?.({ currentTime: () => player.currentTime() ?? 0, seekTo: (seconds) => void player.currentTime(seconds) });
    player.ready(() => {
      if (!isDisposed) setQuizPlayer(quizPlayerOf(player));
    });
    return () => {
      isDisposed = true;
      setQuizPlayer(null);
      dispose();
      notify.current.onHandle?.(null);
      player.dispose();
      playerRef.current = null;
    };
    // The player is built once per upload; a resolution change or an expired URL swaps its source.
  }, [uploadId, activityId, options]);

  const changeResolution = (name: string) => {
    setResolution(name);
    const player = playerRef.current;
    const source = sourceOf(current.current.options, name);
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
        data-testid="video-frame"
        style={{
          position: 'relative',
          width: `min(100%, ${Math.floor(frame.maxWidth)}px)`,
          maxHeight: Math.floor(frame.maxHeight),
          aspectRatio: String(VIDEO_RATIO),
          background: '#000',
        }}
      >
        <div ref={host} data-vjs-player style={{ position: 'absolute', inset: 0 }} />
        {quizPlayer && quizCourseId !== null && <VideoQuizLayer player={quizPlayer} courseId={quizCourseId} uploadId={uploadId} />}
        {options.copyright_notice && (
          <div
            data-testid="copyright-notice"
            style={{
              position: 'absolute',
              top: 8,
              right: 12,
              color: 'rgba(255,255,255,0.75)',
              fontSize: 12,
              pointerEvents: 'none',
              zIndex: 2,
              textShadow: '0 0 2px #000',
            }}
          >
            {options.copyright_notice}
          </div>
        )}
      </div>
      {isUnplayable && (
        <Alert
          type="warning"
          showIcon
          title={t('video.unplayable')}
          data-testid="video-unplayable"
          style={{ width: `min(100%, ${Math.floor(frame.maxWidth)}px)` }}
        />
      )}
      <Flex align="center" gap={12} style={{ width: `min(100%, ${Math.floor(frame.maxWidth)}px)` }}>
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
                  style={{
                    position: 'absolute',
                    top: 0,
                    bottom: 0,
                    left: `${(s / duration) * 100}%`,
                    width: `${((e - s) / duration) * 100}%`,
                    background: '#d9d9d9',
                  }}
                />
              ))}
            </div>
          </Tooltip>
        )}
      </Flex>
    </Flex>
  );
}
