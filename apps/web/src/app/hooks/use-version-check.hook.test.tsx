import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { VERSION_CHECK_INTERVAL_MS } from '@atrium/contracts';
import { jsonResponse } from '../../test/render';
import { useVersionCheck } from './use-version-check';

const fetchMock = vi.fn<typeof fetch>();

describe('useVersionCheck (spec §4, §7: GET /d/version every 10 minutes)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('asks every interval and warns once when the build differs, even across re-renders', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { version: 'build-1' })).mockResolvedValue(jsonResponse(200, { version: 'build-2' }));
    const onNewVersion = vi.fn();
    const { rerender } = renderHook(({ cb }) => useVersionCheck(cb, 'build-1'), { initialProps: { cb: onNewVersion as () => void } });
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS - 1);
    rerender({ cb: () => onNewVersion() }); // a new callback identity must not restart the clock
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledWith('/d/version', expect.anything());
    expect(onNewVersion).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS);
    expect(onNewVersion).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS * 3);
    expect(onNewVersion).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
