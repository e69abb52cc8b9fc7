import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_CHUNK_SIZE_BYTES } from '@atrium/contracts';
import { fingerprintOf, loadProgress, saveProgress, STORED_PROGRESS_TTL_MS, transferByBlocks } from './block-transfer';

/** A stand-in XMLHttpRequest answering the block protocol by URL, as scripted per test. */
class ProtocolXhr {
  static calls: { url: string; auth: string; size: number }[] = [];
  static answer: (url: string, auth: string) => { status: number; body: unknown } = () => ({ status: 500, body: {} });
  url = '';
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: Blob | string) {
    const size = typeof body === 'string' ? body.length : body.size;
    ProtocolXhr.calls.push({ url: this.url, auth: this.headers.Authorization ?? '', size });
    setTimeout(() => {
      const answer = ProtocolXhr.answer(this.url, this.headers.Authorization ?? '');
      if (answer.status === 0) return this.onerror?.();
      this.upload.onprogress?.({ loaded: size });
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    }, 0);
  }
}

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const upload = { id: 9, key: 'uploads/2026/11/abc', size: UPLOAD_CHUNK_SIZE_BYTES + 1000 };
const file = new File([new Uint8Array(upload.size)], 'lecture.mp4', { lastModified: 1700000000000 });
const fingerprint = fingerprintOf(file, 'course-7');
let tokens = 0;

describe('transferByBlocks (spec §4 resume, §8 token retry, §9 4 MiB blocks)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    ProtocolXhr.calls = [];
    tokens = 0;
    vi.stubGlobal('XMLHttpRequest', ProtocolXhr);
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/uptoken')) return json({ uptoken: `token-${++tokens}`, expires_at: new Date().toISOString() });
      if (url === '/api/uploads/9/uploaded') return json({ id: 9, status: 'processing' });
      return json({}, 404);
    });
    let n = 0;
    ProtocolXhr.answer = (url) =>
      url.startsWith('/mkfile')
        ? { status: 200, body: { key: upload.key, hash: 'h' } }
        : { status: 200, body: { ctx: `ctx-${++n}`, offset: url.startsWith('/mkblk/4194304') ? 4194304 : 1000, crc32: 1, checksum: 'c', expired_at: 1 } };
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('sends 4 MiB blocks, then mkfile with the last ctx of each, then PUT /uploaded; progress reaches the file size', async () => {
    const progress: number[] = [];
    const result = await transferByBlocks(upload, file, fingerprint, (bytes) => progress.push(bytes));
    expect(ProtocolXhr.calls.map((c) => c.url)).toEqual(['/mkblk/4194304', '/mkblk/1000', `/mkfile/${upload.size}/key/dXBsb2Fkcy8yMDI2LzExL2FiYw`]);
    expect(ProtocolXhr.calls.map((c) => c.size)).toEqual([4194304, 1000, 'ctx-1,ctx-2'.length]);
    expect(ProtocolXhr.calls.every((c) => c.auth === 'UpToken token-1')).toBe(true);
    expect(result).toMatchObject({ status: 'processing' });
    expect(progress.at(-1)).toBe(upload.size);
    expect(loadProgress(fingerprint)).toBeUndefined();
  });

  it('resumes from the stored block list after a reload: block 0 is not sent again', async () => {
    saveProgress(fingerprint, {
      uploadId: 9,
      key: upload.key,
      size: upload.size,
      savedAt: Date.now(),
      blocks: { 0: { ctx: 'saved-ctx', offset: 4194304, size: 4194304 } },
    });
    await transferByBlocks(upload, file, fingerprint, () => undefined);
    expect(ProtocolXhr.calls.map((c) => c.url)).toEqual(['/mkblk/1000', `/mkfile/${upload.size}/key/dXBsb2Fkcy8yMDI2LzExL2FiYw`]);
  });

  it('forgets stored progress older than 24 hours', () => {
    saveProgress(fingerprint, { uploadId: 9, key: upload.key, size: upload.size, savedAt: 0, blocks: {} });
    expect(loadProgress(fingerprint, Date.now() + STORED_PROGRESS_TTL_MS + 1)).toBeUndefined();
    expect(window.localStorage.getItem(fingerprint)).toBeNull();
  });

  it('fetches a new token on 401 and retries the call (spec §8)', async () => {
    const base = ProtocolXhr.answer;
    ProtocolXhr.answer = (url, auth) => (auth === 'UpToken token-1' ? { status: 401, body: { code: 'UPLOAD_TOKEN_INVALID' } } : base(url, auth));
    await transferByBlocks(upload, file, fingerprint, () => undefined);
    expect(ProtocolXhr.calls[0]).toMatchObject({ url: '/mkblk/4194304', auth: 'UpToken token-1' });
    expect(ProtocolXhr.calls[1]).toMatchObject({ url: '/mkblk/4194304', auth: 'UpToken token-2' });
  });

  it('rejects with status 0 when the connection drops, keeping the finished blocks for the retry', async () => {
    const base = ProtocolXhr.answer;
    ProtocolXhr.answer = (url, auth) => (url === '/mkblk/1000' ? { status: 0, body: null } : base(url, auth));
    await expect(transferByBlocks(upload, file, fingerprint, () => undefined)).rejects.toMatchObject({ status: 0 });
    expect(loadProgress(fingerprint)?.blocks[0]).toMatchObject({ offset: 4194304 });
  });
});
