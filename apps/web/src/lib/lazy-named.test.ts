import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadForStaleChunk } from './lazy-named';

describe('reloadForStaleChunk', () => {
  afterEach(() => {
    window.sessionStorage.clear();
    vi.restoreAllMocks();
  });

  it('reloads once, then not again within 10 seconds, then again later', () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    expect(reloadForStaleChunk(1_000_000)).toBe(true);
    expect(reloadForStaleChunk(1_005_000)).toBe(false);
    expect(reloadForStaleChunk(1_011_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
