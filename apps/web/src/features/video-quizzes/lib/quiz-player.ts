import type videojs from 'video.js';

/** The player events a video quiz follows. */
export type QuizPlayerEvent = 'timeupdate' | 'seeking' | 'play' | 'durationchange' | 'loadedmetadata';

/**
 * What a video quiz needs of the player it rides on (issue 15 §6): where playback is, pausing,
 * resuming, seeking, its events, and the progress bar to mark the subjects' seconds on. Seconds.
 */
export interface QuizPlayer {
  currentTime(): number;
  seekTo(seconds: number): void;
  pause(): void;
  play(): void;
  isPaused(): boolean;
  /** Seconds, 0 while unknown. */
  duration(): number;
  on(event: QuizPlayerEvent, handler: () => void): void;
  off(event: QuizPlayerEvent, handler: () => void): void;
  /** The element of the progress bar the markers go in, or null when the player has none. */
  progressBar(): HTMLElement | null;
}

type VideoJsPlayer = ReturnType<typeof videojs>;

/** A video.js player as a QuizPlayer; the markers go in its seek bar (`.vjs-progress-holder`). */
export function quizPlayerOf(player: VideoJsPlayer): QuizPlayer {
  return {
    currentTime: () => player.currentTime() ?? 0,
    seekTo: (seconds) => void player.currentTime(seconds),
    pause: () => player.pause(),
    play: () => void player.play()?.catch(() => {}),
    isPaused: () => player.paused(),
    duration: () => player.duration() ?? 0,
    on: (event, handler) => player.on(event, handler),
    off: (event, handler) => player.off(event, handler),
    progressBar: () => player.el()?.querySelector<HTMLElement>('.vjs-progress-holder') ?? null,
  };
}
