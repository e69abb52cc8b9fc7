import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { waitForProcessed } from '../../../test/uploads-client.js';
import { ProcessingError } from '../../jobs/tools.js';
import { MAX_PROCESSING_ATTEMPTS, registerProcessor, sweepStuckUploads } from './processing-registry.js';
import { uploads } from './uploads.table.js';

/** The pipeline's own bookkeeping (decision 0082): failure codes stored and answered, attempts exhausted. */
describe('processing registry', () => {
  let t: TestApp;
  let cookie: string;
  let courseId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    const w = await t.factories.courseWorld();
    cookie = await t.factories.login(w.instructor.userName);
    courseId = w.course.id;
    // Test processors for names no real processor matches: one fails with a code, one crashes.
    registerProcessor({
      kind: 'test-coded',
      queue: 'upload-inspect',
      matches: (row) => row.name.startsWith('coded-'),
      run: async () => {
        throw new ProcessingError('TOOL_TIMEOUT', 'ffmpeg did not finish within 7 s', { tool: 'ffmpeg', seconds: 7 });
      },
    });
    // One that derives a key while another module writes its own key into the same row's meta.
    registerProcessor({
      kind: 'test-meta',
      queue: 'upload-inspect',
      matches: (row) => row.name.startsWith('meta-'),
      run: async (deps, row) => {
        await deps.db
          .update(uploads)
          .set({ meta: { ...row.meta, courseIds: [courseId] } })
          .where(eq(uploads.id, row.id));
        return { numPages: 3 };
      },
    });
    registerProcessor({
      kind: 'test-crash',
      queue: 'upload-inspect',
      matches: (row) => row.name.startsWith('crash-'),
      run: async () => {
        throw new Error('connect ECONNREFUSED 10.1.2.3:9000 (internal detail)');
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  async function upload(name: string) {
    const bytes = Buffer.from(`${name}: some text\n`);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { cookie },
      payload: { name, size: bytes.length, parent_type: 'course', parent_id: courseId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const sent = await t.app.inject({
      method: 'PUT',
      url: created.json().upload_url,
      headers: { cookie, 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return created.json().id as number;
  }

  it('stores a processor failure as code + parameters next to the English reason', async () => {
    const done = await waitForProcessed(t, cookie, await upload('coded-notes.txt'));
    expect(done).toMatchObject({
      status: 'failed',
      failure_reason: 'ffmpeg did not finish within 7 s',
      failure_code: 'TOOL_TIMEOUT',
      failure_params: { tool: 'ffmpeg', seconds: 7 },
    });
  });

  it('answers an unexpected error as PROCESSING_CRASHED without its internal message', async () => {
    const done = await waitForProcessed(t, cookie, await upload('crash-notes.txt'));
    expect(done).toMatchObject({ status: 'failed', failure_code: 'PROCESSING_CRASHED', failure_params: {} });
    expect(JSON.stringify(done)).not.toMatch(/ECONNREFUSED|10\.1\.2\.3|internal detail/);
  });

  it('merges what processing derived into meta, keeping keys written meanwhile (a course reusing the file)', async () => {
    const id = await upload('meta-kept.txt');
    const done = await waitForProcessed(t, cookie, id);
    expect(done.status).toBe('ready');
    const [row] = await t.database.db.select({ meta: uploads.meta }).from(uploads).where(eq(uploads.id, id));
    expect(row!.meta).toMatchObject({ numPages: 3, courseIds: [courseId] });
  });

  it('a file with no processor ends ready with no failure', async () => {
    const done = await waitForProcessed(t, cookie, await upload('plain-notes.txt'));
    expect(done).toMatchObject({ status: 'ready', failure_reason: null, failure_code: null, failure_params: null });
  });

  it(`fails an upload interrupted ${MAX_PROCESSING_ATTEMPTS} times with PROCESSING_INTERRUPTED { attempts }`, async () => {
    const id = await upload('plain-stuck.txt');
    await waitForProcessed(t, cookie, id);
    // As a server that died mid-job leaves it: processing, a lost job, an old heartbeat, attempts used up.
    const staleAt = new Date(Date.now() - 10 * t.app.deps.config.jobs.staleSeconds * 1000);
    await t.database.db
      .update(uploads)
      .set({ status: 'processing', processingJobId: randomUUID(), processingHeartbeatAt: staleAt, processingAttempts: MAX_PROCESSING_ATTEMPTS })
      .where(eq(uploads.id, id));
    await sweepStuckUploads(t.app.deps);
    const res = await t.app.inject({ method: 'GET', url: `/api/uploads/${id}`, headers: { cookie } });
    expect(res.json()).toMatchObject({
      status: 'failed',
      failure_reason: `Processing was interrupted ${MAX_PROCESSING_ATTEMPTS} times; retry it from the file's menu`,
      failure_code: 'PROCESSING_INTERRUPTED',
      failure_params: { attempts: MAX_PROCESSING_ATTEMPTS },
    });
  });
});
