import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { isSeekAllowed, mergeRanges, RangeRecorder, unplayedSegments } from './viewed-ranges';
import { trackMedia, type MediaAdapter } from './media-tracker';

describe('ranges', () => {
  it('merges overlapping and touching ranges', () => {
    expect(
      mergeRanges([
        [5, 8],
        [0, 2],
        [1, 3],
        [8.2, 9],
      ]),
    ).toEqual([
      [0, 3],
      [5, 9],
    ]);
  });
  it('unplayed segments are the complement within the duration', () => {
    expect(
      unplayedSegments(
        [
          [0, 3],
          [5, 9],
        ],
        10,
      ),
    ).toEqual([
      [3, 5],
      [9, 10],
    ]);
    expect(unplayedSegments([], 4)).toEqual([[0, 4]]);
  });
  it('viewed and unplayed always cover the whole duration without overlap', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }))), (pairs) => {
        const viewed = mergeRanges(
          pairs.map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as [number, number]),
          0,
        ).map(([s, e]) => [s, Math.min(e, 100)] as [number, number]);
        const gaps = unplayedSegments(viewed, 100);
        const total = [...viewed, ...gaps].reduce((n, [s, e]) => n + (e - s), 0);
        return Math.abs(total - 100) < 1.01;
      }),
    );
  });
  it('forward seeking is refused beyond the furthest played point unless seekable', () => {
    expect(isSeekAllowed(30, 20, false)).toBe(false);
    expect(isSeekAllowed(20.5, 20, false)).toBe(true);
    expect(isSeekAllowed(30, 20, true)).toBe(true);
  });
  it('RangeRecorder keeps continuous play and splits at jumps', () => {
    const recorder = new RangeRecorder();
    for (const t of [0, 0.25, 0.5, 1, 1.5, 2]) recorder.tick(t);
    recorder.tick(10);
    recorder.tick(11);
    expect(recorder.take()).toEqual([
      [0, 2],
      [10, 11],
    ]);
    recorder.tick(12);
    expect(recorder.take()).toEqual([[11, 12]]);
  });
});

/** A fake player: time moves when the test says so. */
function fakeMedia() {
  const handlers = new Map<string, Set<() => void>>();
  let time = 0;
  let paused = true;
  const emit = (event: string) => handlers.get(event)?.forEach((h) => h());
  const media: MediaAdapter = {
    currentTime: () => time,
    seekTo: (s) => {
      time = s;
      emit('seeking');
    },
    isPaused: () => paused,
    on: (event, handler) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
    },
    off: (event, handler) => handlers.get(event)?.delete(handler),
  };
  return {
    media,
    play: () => {
      paused = false;
      emit('play');
    },
    pause: () => {
      paused = true;
      emit('pause');
    },
    advance: (to: number) => {
      time = to;
      emit('timeupdate');
    },
    userSeek: (to: number) => {
      time = to;
      emit('seeking');
    },
    time: () => time,
  };
}

describe('trackMedia (spec §4 refuse-forward-seeking, §3 activity read record)', () => {
  it('snaps a forward seek back to the furthest played point, asks the server, and warns when refused', async () => {
    const player = fakeMedia();
    const checkSeek = vi.fn().mockResolvedValue(false);
    const onSeekRefused = vi.fn();
    const report = vi.fn();
    const dispose = trackMedia(player.media, { activityId: 3, isSeekable: false, maxPlayed: 0, report, checkSeek, onSeekRefused });
    player.play();
    for (const t of [0.5, 1, 1.5, 2, 2.5, 3]) player.advance(t);
    player.userSeek(40);
    expect(player.time()).toBe(3);
    expect(checkSeek).toHaveBeenCalledWith(40);
    await vi.waitFor(() => expect(onSeekRefused).toHaveBeenCalled());
    player.userSeek(1);
    expect(player.time()).toBe(1);
    player.pause();
    expect(report).toHaveBeenCalledWith({ activity_id: 3, ranges: [[0.5, 3]], position: 1 }, false);
    dispose();
  });

  it('lets the seek through when the server says the learner had played that far', async () => {
    const player = fakeMedia();
    const dispose = trackMedia(player.media, {
      activityId: 3,
      isSeekable: false,
      maxPlayed: 0,
      report: () => {},
      checkSeek: async () => true,
      onSeekRefused: () => {},
    });
    player.userSeek(30);
    await vi.waitFor(() => expect(player.time()).toBe(30));
    dispose();
  });

  it('reports the last ranges with a beacon when the page is hidden or the player goes away', () => {
    const player = fakeMedia();
    const report = vi.fn();
    const dispose = trackMedia(player.media, { activityId: 3, isSeekable: true, maxPlayed: 0, report, checkSeek: async () => true, onSeekRefused: () => {} });
    player.play();
    for (const t of [0, 1, 2]) player.advance(t);
    window.dispatchEvent(new Event('pagehide'));
    expect(report).toHaveBeenLastCalledWith({ activity_id: 3, ranges: [[0, 2]], position: 2 }, true);
    player.advance(3);
    dispose();
    expect(report).toHaveBeenLastCalledWith({ activity_id: 3, ranges: [[2, 3]], position: 3 }, true);
  });

  it('reports nothing outside an activity', () => {
    const player = fakeMedia();
    const report = vi.fn();
    const dispose = trackMedia(player.media, {
      activityId: null,
      isSeekable: true,
      maxPlayed: 0,
      report,
      checkSeek: async () => true,
      onSeekRefused: () => {},
    });
    player.play();
    for (const t of [0, 1, 2]) player.advance(t);
    player.pause();
    dispose();
    expect(report).not.toHaveBeenCalled();
  });
});
