import type { PlayProgressBody } from '@atrium/contracts';
import { isSeekAllowed, RangeRecorder, type TimeRange } from './viewed-ranges';

/** The few things the tracker needs from a player (video.js Player or an HTMLMediaElement adapter). */
export interface MediaAdapter {
  currentTime(): number;
  seekTo(seconds: number): void;
  isPaused(): boolean;
  on(event: 'timeupdate' | 'seeking' | 'pause' | 'ended' | 'play', handler: () => void): void;
  off(event: 'timeupdate' | 'seeking' | 'pause' | 'ended' | 'play', handler: () => void): void;
}

export interface MediaTrackerOptions {
  /** Activity the upload is played in; null outside an activity (nothing is reported). */
  activityId: number | null;
  /** False with refuse-forward-seeking (spec §4): seeks beyond `maxPlayed` snap back. */
  isSeekable: boolean;
  /** Furthest position already played, seconds (from the player options). */
  maxPlayed: number;
  /** Reports a batch; `isClosing` asks for navigator.sendBeacon (tab closing, previewer closing). */
  report: (body: PlayProgressBody, isClosing: boolean) => void;
  /** Asks the server whether a forward seek is allowed (`POST /api/uploads/{id}/seek`); resolves true when it is. */
  checkSeek: (position: number) => Promise<boolean>;
  /** The learner tried to seek beyond the furthest played point (spec §8 not-forward warning). */
  onSeekRefused: () => void;
  /** New ranges were reported (to refresh the unplayed segments). */
  onReported?: (ranges: TimeRange[]) => void;
  /** Seconds between batches while playing. */
  intervalSeconds?: number;
}

/**
 * Records what is really played and enforces refuse-forward-seeking on the
 * client side (the server checks again, spec §4): ranges are batched to
 * `report` every `intervalSeconds`, on pause and end, and with a beacon on
 * pagehide / visibilitychange→hidden and on dispose, so a closed tab still
 * reports its last seconds. Answers a dispose function.
 */
export function trackMedia(media: MediaAdapter, options: MediaTrackerOptions): () => void {
  const recorder = new RangeRecorder();
  let maxPlayed = options.maxPlayed;
  let lastTime = media.currentTime();
  let isSnapping = false;

  const flush = (isClosing: boolean) => {
    const ranges = recorder.take();
    if (options.activityId === null || ranges.length === 0) return;
    options.report({ activity_id: options.activityId, ranges, position: Math.round(media.currentTime() * 10) / 10 }, isClosing);
    options.onReported?.(ranges);
  };

  const onTimeUpdate = () => {
    const time = media.currentTime();
    if (!media.isPaused() && time >= lastTime && time - lastTime <= 2) {
      recorder.tick(time);
      maxPlayed = Math.max(maxPlayed, time);
    }
    lastTime = time;
  };

  const onSeeking = () => {
    recorder.close();
    const target = media.currentTime();
    if (isSnapping) {
      isSnapping = false;
      lastTime = target;
      return;
    }
    if (isSeekAllowed(target, maxPlayed, options.isSeekable)) {
      lastTime = target;
      return;
    }
    // Snap back at once; the server decides whether the learner had in fact played that far.
    isSnapping = true;
    const back = maxPlayed;
    media.seekTo(back);
    lastTime = back;
    void options.checkSeek(target).then((isAllowed) => {
      if (isAllowed) {
        maxPlayed = Math.max(maxPlayed, target);
        isSnapping = true;
        media.seekTo(target);
      } else {
        options.onSeekRefused();
      }
    });
  };

  const onPause = () => {
    recorder.close();
    flush(false);
  };

  const timer = window.setInterval(
    () => {
      if (!media.isPaused()) flush(false);
    },
    (options.intervalSeconds ?? 15) * 1000,
  );

  const onHide = () => flush(true);
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush(true);
  };

  media.on('timeupdate', onTimeUpdate);
  media.on('seeking', onSeeking);
  media.on('pause', onPause);
  media.on('ended', onPause);
  window.addEventListener('pagehide', onHide);
  document.addEventListener('visibilitychange', onVisibility);

  return () => {
    window.clearInterval(timer);
    media.off('timeupdate', onTimeUpdate);
    media.off('seeking', onSeeking);
    media.off('pause', onPause);
    media.off('ended', onPause);
    window.removeEventListener('pagehide', onHide);
    document.removeEventListener('visibilitychange', onVisibility);
    flush(true);
  };
}

/** An HTMLMediaElement as a MediaAdapter. */
export function htmlMediaAdapter(element: HTMLMediaElement): MediaAdapter {
  return {
    currentTime: () => element.currentTime,
    seekTo: (seconds) => {
      element.currentTime = seconds;
    },
    isPaused: () => element.paused,
    on: (event, handler) => element.addEventListener(event, handler),
    off: (event, handler) => element.removeEventListener(event, handler),
  };
}
