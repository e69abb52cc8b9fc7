import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_SIZE_BYTES } from '@atrium/contracts';
import { cleanupExpiredBlocks } from '../../jobs/blocks-cleanup.job.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { startS3Server } from '../../../test/s3-server.js';
import { fetchUptoken, protocolCall, sendByBlocks, waitForProcessed } from '../../../test/uploads-client.js';
import { uploadBlocks, uploadTokens } from './upload-blocks.table.js';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Plain text of `size` bytes, different on every line (no magic number, so any .txt passes the content check). */
function textOf(size: number, seed = 'line'): Buffer {
  const lines: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const line = `${seed} ${i} the quick brown fox jumps over the lazy dog\n`;
    lines.push(line);
    length += line.length;
  }
  return Buffer.from(lines.join('')).subarray(0, size);
}

const FILE = textOf(2 * UPLOAD_CHUNK_SIZE_BYTES + 1_000_003); // three blocks: 4 MiB, 4 MiB, ~1 MB

describe.each(['local', 's3'] as const)('block protocol on the %s store (Qiniu v1 mkblk/bput/mkfile)', (store) => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  let cookie: string;
  let otherCookie: string;
  let courseId: number;

  beforeAll(async () => {
    if (store === 's3') s3 = await startS3Server();
    t = await buildTestApp(s3?.env ?? {});
    const w = await t.factories.courseWorld();
    cookie = await t.factories.login(w.instructor.userName);
    otherCookie = await t.factories.login(w.assistant.userName);
    courseId = w.course.id;
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  async function createUpload(name: string, size: number) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { cookie },
      payload: { name, size, parent_type: 'course', parent_id: courseId },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number; key: string; storage_type: string };
  }

  async function download(id: number): Promise<Buffer> {
    const res = await t.app.inject({ method: 'GET', url: `/api/uploads/${id}/blob`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  }

  const blocksOf = (uploadId: number) => t.app.deps.db.select().from(uploadBlocks).where(eq(uploadBlocks.uploadId, uploadId));
  const keyPath = (key: string) => Buffer.from(key).toString('base64url');

  it('assembles three blocks sent in 1 MiB chunks; the stored file has the source sha256; block state is removed', async () => {
    const upload = await createUpload('notes.txt', FILE.length);
    expect(upload.storage_type).toBe(store === 's3' ? 'S3' : 'local');
    const token = await fetchUptoken(t, cookie, upload.id);
    const res = await sendByBlocks(t, token, upload, FILE, 1024 * 1024);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: upload.key, hash: sha256(FILE) });
    expect(sha256(await download(upload.id))).toBe(sha256(FILE));
    expect(await blocksOf(upload.id)).toEqual([]);
    expect(await t.app.deps.storage.stat(`blocks/${upload.id}/x`)).toBeUndefined();
    const done = await waitForProcessed(t, cookie, upload.id);
    expect(done.status).toBe('ready');
  });

  it('takes blocks out of order (mkblk of the last block first) and answers crc32 and offset per chunk', async () => {
    const upload = await createUpload('reverse.txt', FILE.length);
    const token = await fetchUptoken(t, cookie, upload.id);
    const blocks = [
      FILE.subarray(0, UPLOAD_CHUNK_SIZE_BYTES),
      FILE.subarray(UPLOAD_CHUNK_SIZE_BYTES, 2 * UPLOAD_CHUNK_SIZE_BYTES),
      FILE.subarray(2 * UPLOAD_CHUNK_SIZE_BYTES),
    ];
    const ctxs: string[] = [];
    for (const i of [2, 0, 1]) {
      const res = await protocolCall(t, token, `/mkblk/${blocks[i]!.length}`, blocks[i]!);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ offset: blocks[i]!.length, crc32: (await import('node:zlib')).crc32(blocks[i]!) });
      expect(body.expired_at).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
      ctxs[i] = body.ctx;
    }
    const res = await protocolCall(t, token, `/mkfile/${FILE.length}/key/${keyPath(upload.key)}`, ctxs.join(','));
    expect(res.statusCode).toBe(200);
    expect(sha256(await download(upload.id))).toBe(sha256(FILE));
  });

  it('takes five blocks at once (the usual client) and answers the sha256 of the whole file; a second mkfile gets 409', async () => {
    const data = textOf(5 * UPLOAD_CHUNK_SIZE_BYTES + 12_345, 'parallel');
    const upload = await createUpload('parallel.txt', data.length);
    const token = await fetchUptoken(t, cookie, upload.id);
    const starts = Array.from({ length: 6 }, (_, i) => i * UPLOAD_CHUNK_SIZE_BYTES);
    const answers = await Promise.all(
      starts.map((start) => {
        const block = data.subarray(start, start + UPLOAD_CHUNK_SIZE_BYTES);
        return protocolCall(t, token, `/mkblk/${block.length}`, block);
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const mk = () => protocolCall(t, token, `/mkfile/${data.length}/key/${keyPath(upload.key)}`, answers.map((a) => a.json().ctx).join(','));
    const res = await mk();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: upload.key, hash: sha256(data) });
    expect(sha256(await download(upload.id))).toBe(sha256(data));
    expect(await blocksOf(upload.id)).toEqual([]);
    expect(await t.app.deps.storage.stat(`blocks/${upload.id}/spool`)).toBeUndefined();
    expect((await mk()).json()).toMatchObject({ code: 'UPLOAD_ALREADY_RECEIVED' });
  });

  it('refuses a chunk longer than its block has left (413) and a racing second chunk of one block (701), keeping the winner only', async () => {
    const data = textOf(300_000, 'race');
    const upload = await createUpload('race.txt', data.length);
    const token = await fetchUptoken(t, cookie, upload.id);
    const first = (await protocolCall(t, token, `/mkblk/${data.length}`, data.subarray(0, 100_000))).json();
    const tooLong = await protocolCall(t, token, `/bput/${first.ctx}/100000`, textOf(200_001, 'long'));
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json().errors).toHaveProperty('body');
    expect((await blocksOf(upload.id))[0]).toMatchObject({ offset: 100_000, ctx: first.ctx });
    const rivals = [data.subarray(100_000, 200_000), textOf(100_000, 'rival')];
    const raced = await Promise.all(rivals.map((chunk) => protocolCall(t, token, `/bput/${first.ctx}/100000`, chunk)));
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 701]);
    const winner = raced.findIndex((r) => r.statusCode === 200);
    const sent = Buffer.concat([data.subarray(0, 100_000), rivals[winner]!, data.subarray(200_000)]);
    const last = await protocolCall(t, token, `/bput/${raced[winner]!.json().ctx}/200000`, data.subarray(200_000));
    const res = await protocolCall(t, token, `/mkfile/${data.length}/key/${keyPath(upload.key)}`, last.json().ctx);
    expect(res.json()).toEqual({ key: upload.key, hash: sha256(sent) });
    expect(sha256(await download(upload.id))).toBe(sha256(sent));
  });

  it('lets mkblk be repeated for one block: either ctx completes the file, and the spare block is dropped', async () => {
    const small = textOf(300_000, 'small');
    const upload = await createUpload('twice.txt', small.length);
    const token = await fetchUptoken(t, cookie, upload.id);
    const first = await protocolCall(t, token, `/mkblk/${small.length}`, small);
    const again = await protocolCall(t, token, `/mkblk/${small.length}`, small);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().ctx).not.toBe(first.json().ctx);
    expect(await blocksOf(upload.id)).toHaveLength(2);
    const res = await protocolCall(t, token, `/mkfile/${small.length}/key/${keyPath(upload.key)}`, first.json().ctx);
    expect(res.statusCode).toBe(200);
    expect(sha256(await download(upload.id))).toBe(sha256(small));
    expect(await blocksOf(upload.id)).toEqual([]);
  });

  it('answers 701 to a bad, stale or out-of-order ctx and changes nothing', async () => {
    const data = textOf(200_000, 'ctx');
    const upload = await createUpload('ctx.txt', data.length);
    const token = await fetchUptoken(t, cookie, upload.id);
    const first = (await protocolCall(t, token, `/mkblk/${data.length}`, data.subarray(0, 50_000))).json();
    const second = (await protocolCall(t, token, `/bput/${first.ctx}/50000`, data.subarray(50_000, 100_000))).json();
    expect(second.offset).toBe(100_000);
    const stale = await protocolCall(t, token, `/bput/${first.ctx}/50000`, data.subarray(50_000, 100_000));
    expect(stale.statusCode).toBe(701);
    expect(stale.json()).toMatchObject({ code: 'UPLOAD_CTX_INVALID' });
    expect((await protocolCall(t, token, `/bput/${second.ctx}/50000`, data.subarray(50_000, 100_000))).statusCode).toBe(701);
    expect((await protocolCall(t, token, '/bput/bm90LWEtY3R4/100000', data.subarray(100_000))).statusCode).toBe(701);
    const [block] = await blocksOf(upload.id);
    expect(block).toMatchObject({ offset: 100_000, ctx: second.ctx });
    expect(block!.chunks).toHaveLength(2);
    const last = await protocolCall(t, token, `/bput/${second.ctx}/100000`, data.subarray(100_000));
    expect(last.statusCode).toBe(200);
    expect((await protocolCall(t, token, `/mkfile/${data.length}/key/${keyPath(upload.key)}`, second.ctx)).statusCode).toBe(701);
    expect((await protocolCall(t, token, `/mkfile/${data.length}/key/${keyPath(upload.key)}`, last.json().ctx)).statusCode).toBe(200);
    expect(sha256(await download(upload.id))).toBe(sha256(data));
  });

  it('refuses wrong sizes in mkfile (400 naming size), an incomplete block, a short middle block, and stores nothing', async () => {
    const upload = await createUpload('sizes.txt', FILE.length);
    const token = await fetchUptoken(t, cookie, upload.id);
    const a = (await protocolCall(t, token, `/mkblk/${UPLOAD_CHUNK_SIZE_BYTES}`, FILE.subarray(0, UPLOAD_CHUNK_SIZE_BYTES))).json();
    const b = (await protocolCall(t, token, `/mkblk/${UPLOAD_CHUNK_SIZE_BYTES}`, FILE.subarray(UPLOAD_CHUNK_SIZE_BYTES, 2 * UPLOAD_CHUNK_SIZE_BYTES))).json();
    const tail = FILE.subarray(2 * UPLOAD_CHUNK_SIZE_BYTES);
    const partial = (await protocolCall(t, token, `/mkblk/${tail.length}`, tail.subarray(0, 1000))).json();
    const mk = (size: number, ctxs: string[]) => protocolCall(t, token, `/mkfile/${size}/key/${keyPath(upload.key)}`, ctxs.join(','));
    const wrongTotal = await mk(FILE.length - 1, [a.ctx, b.ctx, partial.ctx]);
    expect(wrongTotal.statusCode).toBe(400);
    expect(wrongTotal.json()).toMatchObject({ code: 'UPLOAD_SIZE_MISMATCH', errors: { size: expect.any(Array) } });
    expect((await mk(FILE.length, [a.ctx, b.ctx, partial.ctx])).json()).toMatchObject({ code: 'UPLOAD_SIZE_MISMATCH' });
    const rest = (await protocolCall(t, token, `/bput/${partial.ctx}/1000`, tail.subarray(1000))).json();
    expect((await mk(FILE.length, [a.ctx, rest.ctx, b.ctx])).json()).toMatchObject({ code: 'UPLOAD_SIZE_MISMATCH' });
    expect((await mk(FILE.length, [a.ctx, b.ctx])).json()).toMatchObject({ code: 'UPLOAD_SIZE_MISMATCH' });
    const wrongKey = await protocolCall(t, token, `/mkfile/${FILE.length}/key/${keyPath('uploads/2020/01/other')}`, [a.ctx, b.ctx, rest.ctx].join(','));
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json().errors).toHaveProperty('key');
    expect(await t.app.deps.storage.stat(upload.key)).toBeUndefined();
    expect(await blocksOf(upload.id)).toHaveLength(3);
    expect((await protocolCall(t, token, `/mkblk/${UPLOAD_CHUNK_SIZE_BYTES + 1}`, FILE.subarray(0, 10))).json().errors).toHaveProperty('blockSize');
    expect((await mk(FILE.length, [a.ctx, b.ctx, rest.ctx])).statusCode).toBe(200);
  });

  it('answers 401 to a missing, unknown or expired token; a fresh token from /api/uptoken then works', async () => {
    const data = textOf(10_000, 'token');
    const upload = await createUpload('token.txt', data.length);
    expect(
      (await t.app.inject({ method: 'POST', url: `/mkblk/${data.length}`, headers: { 'content-type': 'application/octet-stream' }, payload: data })).statusCode,
    ).toBe(401);
    expect((await protocolCall(t, 'not-a-token', `/mkblk/${data.length}`, data)).statusCode).toBe(401);
    const token = await fetchUptoken(t, cookie, upload.id);
    await t.app.deps.db.update(uploadTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await protocolCall(t, token, `/mkblk/${data.length}`, data);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'UPLOAD_TOKEN_INVALID' });
    expect(await blocksOf(upload.id)).toEqual([]);
    const fresh = await fetchUptoken(t, cookie, upload.id);
    expect((await sendByBlocks(t, fresh, upload, data)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/uptoken?id=${upload.id}`, headers: { cookie } })).statusCode).toBe(409);
    const mine = await createUpload('mine.txt', 10);
    expect((await t.app.inject({ method: 'GET', url: `/api/uptoken?id=${mine.id}`, headers: { cookie: otherCookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/uptoken?id=${mine.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/uptoken?id=987654', headers: { cookie } })).statusCode).toBe(404);
  });

  it('expires block state after 24 h: a chunk on an expired block gets 701, and the clean-up job removes rows and chunks', async () => {
    const data = textOf(100_000, 'expire');
    const upload = await createUpload('expire.txt', data.length);
    const token = await fetchUptoken(t, cookie, upload.id);
    const first = (await protocolCall(t, token, `/mkblk/${data.length}`, data.subarray(0, 40_000))).json();
    const [block] = await blocksOf(upload.id);
    expect(await t.app.deps.storage.stat(block!.chunks[0]!.key)).toEqual({ size: 40_000 });
    expect(await cleanupExpiredBlocks(t.app.deps)).toBe(0);
    await t.app.deps.db
      .update(uploadBlocks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(uploadBlocks.uploadId, upload.id));
    expect((await protocolCall(t, token, `/bput/${first.ctx}/40000`, data.subarray(40_000))).statusCode).toBe(701);
    expect(await cleanupExpiredBlocks(t.app.deps)).toBe(1);
    expect(await blocksOf(upload.id)).toEqual([]);
    expect(await t.app.deps.storage.stat(block!.chunks[0]!.key)).toBeUndefined();
  });

  it('refuses an .exe posing as .pdf at mkfile (magic bytes), keeping nothing', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(4000, 1)]);
    exe.writeUInt32LE(64, 60);
    const upload = await createUpload('syllabus.pdf', exe.length);
    const token = await fetchUptoken(t, cookie, upload.id);
    const res = await sendByBlocks(t, token, upload, exe);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UPLOAD_CONTENT_MISMATCH', errors: { name: ['fileUpload.formatLimit'] } });
    expect(await t.app.deps.storage.stat(upload.key)).toBeUndefined();
    const again = await sendByBlocks(t, token, upload, exe);
    expect(again.json()).toMatchObject({ code: 'UPLOAD_CONTENT_MISMATCH' });
    expect(await t.app.deps.storage.stat(upload.key)).toBeUndefined();
    const after = await t.app.inject({ method: 'GET', url: `/api/uploads/${upload.id}`, headers: { cookie } });
    expect(after.json()).toMatchObject({ status: 'processing', upload_url: `/api/uploads/${upload.id}/content` });
  });

  it('PUT /uploaded answers 409 before the bytes; the storage callback checks file_key and queues processing', async () => {
    const data = textOf(5_000, 'callback');
    const upload = await createUpload('callback.txt', data.length);
    expect((await t.app.inject({ method: 'PUT', url: `/api/uploads/${upload.id}/uploaded`, headers: { cookie } })).statusCode).toBe(409);
    const token = await fetchUptoken(t, cookie, upload.id);
    const { Readable } = await import('node:stream');
    await t.app.deps.storage.put(upload.key, Readable.from([data]));
    const call = (fileKey: string, auth = `UpToken ${token}`) =>
      t.app.inject({ method: 'POST', url: `/internal-api/upload/callback/${upload.id}`, headers: { authorization: auth }, payload: { file_key: fileKey } });
    expect((await call(upload.key, 'UpToken nope')).statusCode).toBe(401);
    const wrong = await call('uploads/other');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toHaveProperty('file_key');
    const ok = await call(upload.key);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'processing', upload_url: null });
    const done = await waitForProcessed(t, cookie, upload.id);
    expect(done.status).toBe('ready');
    const text = await t.app.inject({ method: 'GET', url: `/api/uploads/${upload.id}/text?preview=true`, headers: { cookie } });
    expect(text.json()).toEqual({ content: data.toString('utf8'), truncated: false });
    expect((await t.app.inject({ method: 'PUT', url: `/api/uploads/${upload.id}/uploaded`, headers: { cookie } })).statusCode).toBe(200);
  });
});
