import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { jsonResponse } from '../../../test/render';
import { initI18n } from '../../../lib/i18n';
import { useUploader } from './use-uploader';

initI18n('en-us');

const fetchMock = vi.fn<typeof fetch>();

/** A stand-in XMLHttpRequest that records the PUT and answers as told. */
class FakeXhr {
  static instances: FakeXhr[] = [];
  static answer: { status: number; body: unknown } = { status: 200, body: {} };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  sent: unknown = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: unknown) {
    this.sent = body;
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
      this.status = FakeXhr.answer.status;
      this.responseText = JSON.stringify(FakeXhr.answer.body);
      this.onload?.();
    }, 0);
  }
}

const created = { id: 41, name: 'notes.pdf', size: 3, upload_url: '/api/uploads/41/content', status: 'processing' };

function setup(onError?: (item: { name: string; status: string }, error: unknown) => void) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const hook = renderHook(() => useUploader({ parentType: 'course', parentId: 7 }, { onError }), { wrapper });
  return { ...hook, invalidate };
}

describe('useUploader (spec §4 upload lifecycle, §5 rules)', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.instances = [];
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('sets aside files that break the rules, with their messages, and calls nothing', () => {
    const { result } = setup();
    act(() => result.current.addFiles([new File([], 'empty.pdf'), new File(['x'], 'tool.exe')]));
    expect(result.current.items.map((i) => i.status)).toEqual(['rejected', 'rejected']);
    expect(result.current.items[0]?.errors).toEqual(['The file is empty (0 bytes).']);
    expect(result.current.items[1]?.errors[0]).toMatch(/not supported/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates the upload, PUTs the bytes as octet-stream and refreshes the course files', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, created));
    FakeXhr.answer = { status: 200, body: { ...created, status: 'ready', upload_url: null } };
    const { result, invalidate } = setup();
    const file = new File(['abc'], 'notes.pdf', { type: 'application/pdf' });
    act(() => result.current.addFiles([file]));
    await waitFor(() => expect(result.current.items[0]?.status).toBe('finished'));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ name: 'notes.pdf', size: 3, parent_type: 'course', parent_id: 7 });
    const xhr = FakeXhr.instances[0];
    expect(xhr?.method).toBe('PUT');
    expect(xhr?.url).toBe('/api/uploads/41/content');
    expect(xhr?.headers['Content-Type']).toBe('application/octet-stream');
    expect(xhr?.sent).toBe(file);
    expect(result.current.items[0]?.percent).toBe(100);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['uploads', 'course', 7] });
  });

  it('marks the item createFailed with the server message when creation fails, and runs the error callback', async () => {
    fetchMock.mockResolvedValue(jsonResponse(403, { code: 'FORBIDDEN', message: 'Only teachers of this course may upload' }));
    const onError = vi.fn();
    const { result } = setup(onError);
    act(() => result.current.addFiles([new File(['abc'], 'notes.pdf')]));
    await waitFor(() => expect(result.current.items[0]?.status).toBe('createFailed'));
    expect(result.current.items[0]?.errors).toEqual(['Only teachers of this course may upload']);
    expect(FakeXhr.instances).toHaveLength(0);
    expect(onError).toHaveBeenCalledWith({ name: 'notes.pdf', status: 'createFailed' }, expect.objectContaining({ status: 403 }));
  });

  it('marks the item failed with the server message when the transfer is refused', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, created));
    FakeXhr.answer = { status: 400, body: { code: 'UPLOAD_CONTENT_MISMATCH', message: 'The file is not a PDF' } };
    const { result } = setup();
    act(() => result.current.addFiles([new File(['abc'], 'notes.pdf')]));
    await waitFor(() => expect(result.current.items[0]?.status).toBe('failed'));
    expect(result.current.items[0]?.errors).toEqual(['The file is not a PDF']);
  });
});

describe('useUploader retry and status 0', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.instances = [];
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('marks a transfer cut off with status 0 aborted (spec §4), and retry sends it again until it finishes', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(201, created));
    FakeXhr.answer = { status: 0, body: null };
    const original = FakeXhr.prototype.send;
    FakeXhr.prototype.send = function (this: FakeXhr, body: unknown) {
      if (FakeXhr.answer.status === 0) {
        this.sent = body;
        setTimeout(() => this.onerror?.(), 0);
        return;
      }
      original.call(this, body);
    };
    try {
      const { result } = setup();
      act(() => result.current.addFiles([new File(['abc'], 'notes.pdf')]));
      await waitFor(() => expect(result.current.items[0]?.status).toBe('aborted'));
      expect(result.current.items[0]?.errors[0]).toMatch(/interrupted/);
      FakeXhr.answer = { status: 200, body: { ...created, status: 'processing', upload_url: null } };
      act(() => result.current.items[0]!.retry!());
      await waitFor(() => expect(result.current.items[0]?.status).toBe('finished'));
      expect(FakeXhr.instances).toHaveLength(2);
    } finally {
      FakeXhr.prototype.send = original;
    }
  });
});
