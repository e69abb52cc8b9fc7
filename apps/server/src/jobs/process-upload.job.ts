import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { extensionOf } from '@atrium/contracts';
import type { AppDeps } from '../lib/deps.js';
import { registerCoursePackage } from '../modules/imports/imports.service.js';
import { uploads, uploadVideos, type UploadMeta } from '../modules/uploads/uploads.table.js';
import { downloadToFile, uploadFromFile } from '../storage/object-store.js';
import { convertToPdf, OFFICE_EXTENSIONS, pdfInfo } from './documents.js';
import { processScormPackage } from '../modules/scorm/scorm-package.js';
import { normaliseAudio, probeMedia, transcodeVideo } from './media.js';
import type { QueueName } from './queue.js';
import { ProcessingError } from './tools.js';

/** How many times processing of one upload is (re)started before it is marked failed. */
export const MAX_PROCESSING_ATTEMPTS = 3;

type UploadRow = typeof uploads.$inferSelect;

/** The queue an upload's processing runs on: ffmpeg work, LibreOffice work, or quick inspection. */
export function queueFor(row: Pick<UploadRow, 'type' | 'name'>): QueueName {
  if (row.type === 'video' || row.type === 'audio') return 'upload-media';
  if (OFFICE_EXTENSIONS.includes(extensionOf(row.name))) return 'upload-office';
  return 'upload-inspect';
}

/** Where derived objects of an upload live in the store. */
export function derivedPrefix(uploadId: number): string {
  return `derived/${uploadId}`;
}

/**
 * Queues the processing of an upload whose bytes arrived (spec §4: processing →
 * ready | failed). Resets the failure, counts the attempt, records the job id
 * and a first heartbeat. `resetAttempts` for a user's "retry transcode".
 */
export async function enqueueProcessing(deps: AppDeps, row: UploadRow, options: { resetAttempts?: boolean } = {}): Promise<void> {
  const queue = queueFor(row);
  const expireInSeconds = queue === 'upload-office' ? deps.config.jobs.officeTimeoutSeconds * 2 + 60 : deps.config.jobs.transcodeTimeoutSeconds + 60;
  // The row names the job before the job exists, so a worker that picks it up at once finds itself expected.
  const jobId = randomUUID();
  await deps.db
    .update(uploads)
    .set({
      status: 'processing',
      failureReason: null,
      processingJobId: jobId,
      processingHeartbeatAt: new Date(),
      processingAttempts: options.resetAttempts ? 1 : sql`${uploads.processingAttempts} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(uploads.id, row.id));
  await deps.jobs.send(queue, { uploadId: row.id }, { expireInSeconds, id: jobId });
}

async function finish(deps: AppDeps, id: number, jobId: string, values: Partial<typeof uploads.$inferInsert>): Promise<void> {
  await deps.db
    .update(uploads)
    .set({ ...values, processingHeartbeatAt: null, updatedAt: new Date() })
    .where(and(eq(uploads.id, id), eq(uploads.processingJobId, jobId)));
}

/** Runs the tools for one upload in `workDir` and answers what it learnt; stores derived files. Throws ProcessingError. */
async function runProcessors(deps: AppDeps, row: UploadRow, workDir: string): Promise<UploadMeta> {
  const ext = extensionOf(row.name);
  const input = path.join(workDir, `input${ext ? `.${ext}` : ''}`);
  if (ext === 'mbz') {
    // A Moodle backup joins the organisation's course package library (issue 8).
    await downloadToFile(deps.storage, row.key, input);
    await registerCoursePackage(deps, row, input);
    return {};
  }
  if (row.type === 'scorm') {
    // SCORM zip (decision 0031): validated, then extracted under derived/{id}/scorm/.
    await downloadToFile(deps.storage, row.key, input);
    await processScormPackage(deps, row.id, input);
    return {};
  }
  const needsTools = row.type === 'video' || row.type === 'audio' || ext === 'pdf' || OFFICE_EXTENSIONS.includes(ext);
  if (!needsTools) return {}; // text, images, packages: nothing to derive; their bytes were checked on arrival
  await downloadToFile(deps.storage, row.key, input);
  const prefix = derivedPrefix(row.id);
  const { toolsPath, transcodeTimeoutSeconds, officeTimeoutSeconds } = deps.config.jobs;
  const media = { toolsPath, timeoutSeconds: transcodeTimeoutSeconds };
  if (row.type === 'video') {
    const probe = await probeMedia(input, media);
    if (probe.height === 0) throw new ProcessingError('ffprobe found no video stream in this file');
    const { renditions, poster } = await transcodeVideo(input, probe, path.join(workDir, 'out'), media);
    await deps.storage.deletePrefix(prefix);
    await deps.db.delete(uploadVideos).where(eq(uploadVideos.uploadId, row.id));
    for (const r of renditions) {
      const mp4Key = `${prefix}/${r.resolution}/video.mp4`;
      await uploadFromFile(deps.storage, mp4Key, r.mp4);
      for (const file of r.hlsFiles) await uploadFromFile(deps.storage, `${prefix}/${r.resolution}/hls/${file}`, path.join(r.dir, 'hls', file));
      await deps.db.insert(uploadVideos).values({
        uploadId: row.id,
        resolution: r.resolution,
        duration: probe.duration,
        width: r.width,
        height: r.height,
        hlsKey: `${prefix}/${r.resolution}/hls/index.m3u8`,
        mp4Key,
      });
    }
    const posterKey = `${prefix}/poster.jpg`;
    await uploadFromFile(deps.storage, posterKey, poster);
    return { duration: probe.duration, width: probe.width, height: probe.height, posterKey };
  }
  if (row.type === 'audio') {
    const probe = await probeMedia(input, media);
    const out = path.join(workDir, 'audio.m4a');
    await normaliseAudio(input, out, media);
    const audioKey = `${prefix}/audio.m4a`;
    await uploadFromFile(deps.storage, audioKey, out);
    return { duration: probe.duration, audioKey };
  }
  if (OFFICE_EXTENSIONS.includes(ext)) {
    const pdf = await convertToPdf(input, workDir, { toolsPath, timeoutSeconds: officeTimeoutSeconds });
    const info = await pdfInfo(pdf, { toolsPath, timeoutSeconds: 60 });
    const pdfKey = `${prefix}/document.pdf`;
    await uploadFromFile(deps.storage, pdfKey, pdf);
    return { pdfKey, ...(info.numPages !== undefined ? { numPages: info.numPages } : {}), isEncrypted: info.isEncrypted };
  }
  if (ext === 'pdf') {
    const info = await pdfInfo(input, { toolsPath, timeoutSeconds: 60 });
    return { pdfKey: row.key, ...(info.numPages !== undefined ? { numPages: info.numPages } : {}), isEncrypted: info.isEncrypted };
  }
  return {};
}

/**
 * The job handler: processes upload `uploadId` unless another job superseded
 * this one, beating the heart while it runs, and ends the upload `ready` (with
 * its meta) or `failed` (with a reason that names a missing tool, a timeout or
 * unreadable content). Never leaves it in processing on its own.
 */
export async function processUpload(deps: AppDeps, uploadId: number, jobId: string): Promise<void> {
  const [row] = await deps.db.select().from(uploads).where(eq(uploads.id, uploadId));
  if (!row || row.deletedAt || row.processingJobId !== jobId || row.status !== 'processing') return;
  const beat = setInterval(
    () => {
      void deps.db
        .update(uploads)
        .set({ processingHeartbeatAt: new Date() })
        .where(and(eq(uploads.id, uploadId), eq(uploads.processingJobId, jobId)))
        .catch(() => undefined);
    },
    Math.max(500, (deps.config.jobs.staleSeconds * 1000) / 4),
  );
  await deps.db.update(uploads).set({ processingHeartbeatAt: new Date() }).where(eq(uploads.id, uploadId));
  deps.log.info({ uploadId, jobId, attempt: row.processingAttempts }, 'processing upload');
  const workDir = await mkdtemp(path.join(os.tmpdir(), `atrium-job-${uploadId}-`));
  try {
    const meta = await runProcessors(deps, row, workDir);
    await finish(deps, uploadId, jobId, { status: 'ready', meta: { ...row.meta, ...meta }, failureReason: null });
    deps.log.info({ uploadId, jobId }, 'upload processed');
  } catch (error) {
    const reason = error instanceof ProcessingError ? error.message : 'Processing stopped on an unexpected error';
    if (!(error instanceof ProcessingError)) deps.log.error({ err: error, uploadId }, 'upload processing crashed');
    await finish(deps, uploadId, jobId, { status: 'failed', failureReason: reason });
  } finally {
    clearInterval(beat);
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * Finds uploads stuck in processing: bytes received, but their job's heartbeat
 * is older than `staleSeconds` and the job is not waiting in the queue (its
 * worker died with the server, or the job was lost). Requeues each, or fails
 * it after MAX_PROCESSING_ATTEMPTS. One sweeper claims an upload by moving its
 * heartbeat, so several instances may sweep at once. Answers how many it touched.
 */
export async function sweepStuckUploads(deps: AppDeps): Promise<number> {
  const staleBefore = new Date(Date.now() - deps.config.jobs.staleSeconds * 1000);
  const stuck = await deps.db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.status, 'processing'),
        isNotNull(uploads.receivedAt),
        isNull(uploads.deletedAt),
        or(isNull(uploads.processingHeartbeatAt), lt(uploads.processingHeartbeatAt, staleBefore)),
      ),
    );
  let touched = 0;
  for (const row of stuck) {
    const queue = queueFor(row);
    const state = row.processingJobId ? await deps.jobs.stateOf(queue, row.processingJobId) : undefined;
    if (state === 'created' || state === 'retry') continue; // waiting its turn in the queue
    const [claimed] = await deps.db
      .update(uploads)
      .set({ processingHeartbeatAt: new Date() })
      .where(
        and(
          eq(uploads.id, row.id),
          row.processingHeartbeatAt ? eq(uploads.processingHeartbeatAt, row.processingHeartbeatAt) : isNull(uploads.processingHeartbeatAt),
        ),
      )
      .returning();
    if (!claimed) continue;
    if (row.processingJobId && state === 'active') await deps.jobs.cancel(queue, row.processingJobId);
    touched += 1;
    if (row.processingAttempts >= MAX_PROCESSING_ATTEMPTS) {
      await deps.db
        .update(uploads)
        .set({
          status: 'failed',
          failureReason: `Processing was interrupted ${row.processingAttempts} times; retry it from the file's menu`,
          processingHeartbeatAt: null,
          updatedAt: new Date(),
        })
        .where(eq(uploads.id, row.id));
      continue;
    }
    deps.log.warn({ uploadId: row.id, jobId: row.processingJobId, state }, 'requeueing interrupted processing');
    await enqueueProcessing(deps, claimed);
  }
  return touched;
}
