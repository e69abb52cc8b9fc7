import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { extensionOf } from '@atrium/contracts';
import type { QueueName } from '../../jobs/queue.js';
import type { AppDeps } from '../../lib/deps.js';
import { failureOf } from '../../lib/failure.js';
import { makeTempDir } from '../../lib/process-scope.js';
import { downloadToFile } from '../../storage/object-store.js';
import { emit, transaction } from '../events/events.service.js';
import {
  abandonProcessing,
  beatProcessing,
  claimStaleProcessing,
  findStaleProcessing,
  findUploadForProcessing,
  finishProcessing,
  markProcessingQueued,
  type UploadMeta,
  type UploadRow,
} from './processing.repository.js';

/**
 * The upload processing pipeline (decision 0082). The uploads module owns it:
 * enqueueing, attempts, heartbeats, the derived-object prefix and the final
 * state. What is done to the bytes belongs to processors that other parts
 * register at start-up (see `src/processors.ts`), so no module imports a job file.
 *
 *   received ──enqueueProcessing──▶ processing ──processor ok──▶ ready
 *                                     │   ▲
 *                                     │   └─ sweeper requeues (attempt + 1) while attempts < MAX
 *                                     └────── processor throws / attempts exhausted ──▶ failed
 */

/** How many times processing of one upload is (re)started before it is marked failed. */
export const MAX_PROCESSING_ATTEMPTS = 3;

/** What a processor is given besides the upload row. */
export interface ProcessorContext {
  /** A fresh temporary directory, removed after the run. */
  workDir: string;
  /** Where the processor stores derived objects: `derived/{uploadId}`. */
  prefix: string;
  /** Downloads the upload's bytes into `workDir` (once) and answers the local file path (`input.{ext}`). */
  input(): Promise<string>;
}

/**
 * A processor of uploaded bytes. `matches` picks the uploads it handles (the
 * first registered processor that matches wins); `queue` is the job queue the
 * work runs on (one ffmpeg, one LibreOffice per process); `run` answers what it
 * learnt (merged into the upload's meta) or throws: a `FailureError`
 * (lib/failure.ts) fails the upload with its code, anything else fails it as
 * an unexpected error and is logged.
 */
export interface UploadProcessor {
  /** A short name for logs and the decision record: 'video', 'audio', 'office', 'pdf', 'scorm', 'course-package'. */
  kind: string;
  matches(row: Pick<UploadRow, 'type' | 'name'>): boolean;
  queue: QueueName;
  run(deps: AppDeps, row: UploadRow, ctx: ProcessorContext): Promise<UploadMeta>;
}

const processors: UploadProcessor[] = [];

/**
 * Registers `processor`; a processor of the same kind is replaced in place (so
 * building several apps in one process, as tests do, registers once).
 */
export function registerProcessor(processor: UploadProcessor): void {
  const at = processors.findIndex((p) => p.kind === processor.kind);
  if (at >= 0) processors[at] = processor;
  else processors.push(processor);
}

/** The kinds registered, in match order. */
export function registeredProcessorKinds(): string[] {
  return processors.map((p) => p.kind);
}

/** The processor for an upload, or undefined when nothing is derived from it (text, images …). */
export function processorFor(row: Pick<UploadRow, 'type' | 'name'>): UploadProcessor | undefined {
  return processors.find((p) => p.matches(row));
}

/** The queue an upload's processing runs on: its processor's, or quick inspection when none matches. */
export function queueFor(row: Pick<UploadRow, 'type' | 'name'>): QueueName {
  return processorFor(row)?.queue ?? 'upload-inspect';
}

/** Where derived objects of an upload live in the store: `derived/{uploadId}` (no trailing slash). */
export function derivedPrefix(uploadId: number): string {
  return `derived/${uploadId}`;
}

/**
 * Queues the processing of an upload whose bytes arrived (spec §4: processing →
 * ready | failed). Resets the failure, counts the attempt, records the job id
 * and a first heartbeat. `resetAttempts` for a user's "retry transcode". The
 * job expires after the office timeout × 2 + 60 s on the office queue, else
 * the transcode timeout + 60 s.
 */
export async function enqueueProcessing(deps: AppDeps, row: UploadRow, options: { resetAttempts?: boolean } = {}): Promise<void> {
  const queue = queueFor(row);
  const expireInSeconds = queue === 'upload-office' ? deps.config.jobs.officeTimeoutSeconds * 2 + 60 : deps.config.jobs.transcodeTimeoutSeconds + 60;
  // The row names the job before the job exists, so a worker that picks it up at once finds itself expected.
  const jobId = randomUUID();
  await markProcessingQueued(deps.db, row.id, jobId, options.resetAttempts === true);
  await deps.jobs.send(queue, { uploadId: row.id }, { expireInSeconds, id: jobId });
}

/**
 * The job handler: processes upload `uploadId` unless another job superseded
 * this one, beating the heart while it runs, and ends the upload `ready` (with
 * its meta) or `failed` (with a reason that names a missing tool, a timeout or
 * unreadable content). Never leaves it in processing on its own.
 */
export async function processUpload(deps: AppDeps, uploadId: number, jobId: string): Promise<void> {
  const row = await findUploadForProcessing(deps.db, uploadId);
  if (!row || row.deletedAt || row.processingJobId !== jobId || row.status !== 'processing') return;
  const beat = setInterval(
    () => void beatProcessing(deps.db, uploadId, jobId).catch(() => undefined),
    Math.max(500, (deps.config.jobs.staleSeconds * 1000) / 4),
  );
  await beatProcessing(deps.db, uploadId);
  const processor = processorFor(row);
  deps.log.info({ uploadId, jobId, attempt: row.processingAttempts, processor: processor?.kind ?? 'none' }, 'processing upload');
  const workDir = await makeTempDir(`atrium-job-${uploadId}-`);
  try {
    let input: Promise<string> | undefined;
    const ext = extensionOf(row.name);
    const ctx: ProcessorContext = {
      workDir,
      prefix: derivedPrefix(row.id),
      input: () => {
        input ??= (async () => {
          const file = path.join(workDir, `input${ext ? `.${ext}` : ''}`);
          await downloadToFile(deps.storage, row.key, file);
          return file;
        })();
        return input;
      },
    };
    // Text, images and packages have no processor: nothing to derive; their bytes were checked on arrival.
    const meta = processor ? await processor.run(deps, row, ctx) : {};
    await transaction(deps, async (tx) => {
      // Only what processing derived: meta keys written meanwhile (a course reusing the file) stay.
      const finished = await finishProcessing(tx, uploadId, jobId, { status: 'ready', failureReason: null, failureCode: null, failureParams: null }, meta);
      if (finished) await emit(deps, tx, { type: 'upload.ready', payload: { upload_id: uploadId } });
    });
    deps.log.info({ uploadId, jobId }, 'upload processed');
  } catch (error) {
    // The log keeps the internal detail (stderr, stack); the row keeps the code and parameters the web translates.
    const failure = failureOf(error, 'PROCESSING_CRASHED', 'Processing stopped on an unexpected error');
    if (failure.unexpected) deps.log.error({ err: error, uploadId }, 'upload processing crashed');
    else
      deps.log.warn(
        { uploadId, jobId, code: failure.code, params: failure.params, reason: failure.reason, stderr: stderrOf(error) },
        'upload processing failed',
      );
    await transaction(deps, async (tx) => {
      const finished = await finishProcessing(tx, uploadId, jobId, {
        status: 'failed',
        failureReason: failure.reason,
        failureCode: failure.code,
        failureParams: failure.params,
      });
      if (finished) await emit(deps, tx, { type: 'upload.failed', payload: { upload_id: uploadId, reason: failure.reason } });
    });
  } finally {
    clearInterval(beat);
    await rm(workDir, { recursive: true, force: true });
  }
}

/** The tail of a failed tool's stderr (runTool attaches it), for the log only. */
function stderrOf(error: unknown): string | undefined {
  const stderr = (error as { stderr?: unknown }).stderr;
  return typeof stderr === 'string' && stderr !== '' ? stderr.slice(-2000) : undefined;
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
  const stuck = await findStaleProcessing(deps.db, staleBefore);
  let touched = 0;
  for (const row of stuck) {
    const queue = queueFor(row);
    const state = row.processingJobId ? await deps.jobs.stateOf(queue, row.processingJobId) : undefined;
    if (state === 'created' || state === 'retry') continue; // waiting its turn in the queue
    const claimed = await claimStaleProcessing(deps.db, row);
    if (!claimed) continue;
    if (row.processingJobId && state === 'active') await deps.jobs.cancel(queue, row.processingJobId);
    touched += 1;
    if (row.processingAttempts >= MAX_PROCESSING_ATTEMPTS) {
      await abandonProcessing(deps.db, row.id, {
        status: 'failed',
        failureReason: `Processing was interrupted ${row.processingAttempts} times; retry it from the file's menu`,
        failureCode: 'PROCESSING_INTERRUPTED',
        failureParams: { attempts: row.processingAttempts },
      });
      continue;
    }
    deps.log.warn({ uploadId: row.id, jobId: row.processingJobId, state }, 'requeueing interrupted processing');
    await enqueueProcessing(deps, claimed);
  }
  return touched;
}
