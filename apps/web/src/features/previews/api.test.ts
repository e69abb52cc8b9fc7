import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render';
import { fetchOfficePreviewUrl } from './api';

afterEach(() => vi.restoreAllMocks());

describe('fetchOfficePreviewUrl', () => {
  it('names the activity the file is opened in, so a homework or exam can limit the private and Aliyun previewers (spec §6)', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, { preview_url: '/note-bene/pdf-viewer?file=x' }));
    await fetchOfficePreviewUrl(7, 'aliyun', 42);
    await fetchOfficePreviewUrl(7, 'wps');
    const urls = fetchMock.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    expect(urls[0]).toMatch(/\/api\/uploads\/7\/preview\/aliyun\?activity_id=42$/);
    expect(urls[1]).toMatch(/\/api\/uploads\/7\/preview\/wps$/);
  });
});
