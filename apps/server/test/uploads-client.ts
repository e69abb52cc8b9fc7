import { setTimeout as sleep } from 'node:timers/promises';
import { UPLOAD_CHUNK_SIZE_BYTES, type Upload } from '@atrium/contracts';
import type { TestApp } from './build-test-app.js';

/**
 * Polls `GET /api/uploads/{id}` until processing ends (status ready or failed)
 * and answers the upload. Fails the test after `timeoutMs` (ffmpeg and
 * LibreOffice are real, so allow them time; this bounds a hang, it does not measure speed).
 */
export async function waitForProcessed(t: TestApp, cookie: string, id: number, timeoutMs = 120_000): Promise<Upload> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url: `/api/uploads/${id}`, headers: { cookie } });
    const body = res.json() as Upload;
    if (body.status === 'ready' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`upload ${id} still ${body.status} after ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** Fetches a fresh upload token (spec §7 `GET /api/uptoken?id=`). */
export async function fetchUptoken(t: TestApp, cookie: string, id: number): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/uptoken?id=${id}`, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`uptoken ${res.statusCode} ${res.body}`);
  return (res.json() as { uptoken: string }).uptoken;
}

/** The blocks of a file of `size` bytes: [start, end) offsets of 4,194,304-byte blocks (spec §9). */
export function blockRanges(size: number): [number, number][] {
  const out: [number, number][] = [];
  for (let start = 0; start < size; start += UPLOAD_CHUNK_SIZE_BYTES) out.push([start, Math.min(size, start + UPLOAD_CHUNK_SIZE_BYTES)]);
  return out;
}

/** POSTs one protocol call with an UpToken; answers the raw inject response. */
export async function protocolCall(t: TestApp, token: string, url: string, body: Buffer | string) {
  const contentType = typeof body === 'string' ? 'text/plain' : 'application/octet-stream';
  return t.app.inject({ method: 'POST', url, headers: { authorization: `UpToken ${token}`, 'content-type': contentType }, payload: body });
}

/**
 * Sends `bytes` through the block protocol as the web client does: each block
 * as mkblk with `chunkBytes` first and bput for the rest, then mkfile with the
 * last ctx of each block. Answers the mkfile response.
 */
export async function sendByBlocks(t: TestApp, token: string, upload: { key: string }, bytes: Buffer, chunkBytes = UPLOAD_CHUNK_SIZE_BYTES) {
  const ctxs: string[] = [];
  for (const [start, end] of blockRanges(bytes.length)) {
    const first = bytes.subarray(start, Math.min(end, start + chunkBytes));
    let res = await protocolCall(t, token, `/mkblk/${end - start}`, first);
    if (res.statusCode !== 200) throw new Error(`mkblk ${res.statusCode} ${res.body}`);
    let { ctx, offset } = res.json() as { ctx: string; offset: number };
    while (offset < end - start) {
      const chunk = bytes.subarray(start + offset, Math.min(end, start + offset + chunkBytes));
      res = await protocolCall(t, token, `/bput/${ctx}/${offset}`, chunk);
      if (res.statusCode !== 200) throw new Error(`bput ${res.statusCode} ${res.body}`);
      ({ ctx, offset } = res.json() as { ctx: string; offset: number });
    }
    ctxs.push(ctx);
  }
  return protocolCall(t, token, `/mkfile/${bytes.length}/key/${Buffer.from(upload.key).toString('base64url')}`, ctxs.join(','));
}
