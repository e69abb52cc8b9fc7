import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { extensionOf, type AnnotationsAnswer, type SaveAnnotationsBody } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import { makeTempDir } from '../../lib/process-scope.js';
import type { Actor } from '../../plugins/auth.js';
import { authorize } from '../access/authorize.js';
import { transaction } from '../events/events.service.js';
import { findLiveUpload, markDeleted, type UploadRow } from '../uploads/uploads.repository.js';
import { readUploadBytes, storeGeneratedFile } from '../uploads/uploads.service.js';
import { runTool } from '../../jobs/tools.js';
import type { FlattenSourceKind } from './flatten.js';
import { findAnnotations, submissionHoldsUpload, upsertAnnotations, type AnnotationRow } from './homework.repository.js';

/**
 * The PDF editor's annotations on a submission's files (issue 16 §2; spec §6: the editor edits
 * document and image types only). The course team reads and saves them; saving keeps the vector
 * data and writes a flattened PDF (pdf-lib) as a new upload beside the learner's untouched
 * original (which the learner sees once scores are published). Office files are annotated on
 * their converted PDF.
 */

function answer(uploadId: number, row: AnnotationRow | undefined): AnnotationsAnswer {
  return {
    upload_id: uploadId,
    annotations: (row?.document.annotations ?? []) as AnnotationsAnswer['annotations'],
    rotations: (row?.document.rotations ?? {}) as AnnotationsAnswer['rotations'],
    annotated_upload_id: row?.annotatedUploadId ?? null,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** The learner file `uploadId` of the submission (UPLOAD_NOT_FOUND otherwise), after `submission.grade`. */
async function fileToAnnotate(deps: AppDeps, actor: Actor, submissionId: number, uploadId: number): Promise<UploadRow> {
  await authorize(deps, actor, 'submission.grade', { submissionId });
  const row = await findLiveUpload(deps.db, uploadId);
  if (!row || !row.receivedAt || !(await submissionHoldsUpload(deps.db, submissionId, uploadId))) {
    throw new AppError('UPLOAD_NOT_FOUND', 'This file is not part of this submission');
  }
  return row;
}

/** Images pdf-lib cannot embed, drawn on as a PNG of their first frame (ffmpeg decodes them). */
const RASTERISED_IMAGES = new Set(['gif', 'webp', 'bmp']);

/** Which bytes the editor draws on: the PDF itself, the image (`rasterise`: first made a PNG), or an office file's converted PDF. ANNOTATION_SOURCE_UNSUPPORTED otherwise. */
function sourceOf(row: UploadRow): { kind: FlattenSourceKind; key: string; rasterise?: boolean } {
  const extension = extensionOf(row.name);
  if (extension === 'pdf') return { kind: 'pdf', key: row.key };
  if (extension === 'png') return { kind: 'png', key: row.key };
  if (extension === 'jpg' || extension === 'jpeg') return { kind: 'jpeg', key: row.key };
  if (RASTERISED_IMAGES.has(extension)) return { kind: 'png', key: row.key, rasterise: true };
  // An office document converted by processing (LibreOffice) carries its PDF's key.
  if (row.meta.pdfKey) return { kind: 'pdf', key: row.meta.pdfKey };
  if (row.status === 'processing')
    throw new AppError('ANNOTATION_SOURCE_UNSUPPORTED', 'This document is still being converted to PDF: try again once its preview is ready');
  throw new AppError('ANNOTATION_SOURCE_UNSUPPORTED', 'The PDF editor annotates documents (PDF, Office) and images (PNG, JPEG, GIF, WebP, BMP) only');
}

/** The first frame of a GIF, WebP or BMP as PNG bytes, through ffmpeg in a temporary folder (removed after). Throws when ffmpeg cannot decode it. */
async function rasterise(deps: AppDeps, bytes: Uint8Array, extension: string): Promise<Uint8Array> {
  const dir = await makeTempDir('atrium-annotate-');
  try {
    const input = path.join(dir, `source.${extension}`);
    const output = path.join(dir, 'frame.png');
    await writeFile(input, bytes);
    await runTool('ffmpeg', ['-y', '-v', 'error', '-i', input, '-frames:v', '1', output], { toolsPath: deps.config.jobs.toolsPath, timeoutSeconds: 60 });
    return new Uint8Array(await readFile(output));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `GET /api/homework-submissions/{submissionId}/annotations?upload_id=` (course team). */
export async function getAnnotations(deps: AppDeps, actor: Actor, submissionId: number, uploadId: number): Promise<AnnotationsAnswer> {
  await fileToAnnotate(deps, actor, submissionId, uploadId);
  return answer(uploadId, await findAnnotations(deps.db, submissionId, uploadId));
}

/**
 * `PUT /api/homework-submissions/{submissionId}/annotations` (course team): stores the annotations
 * and a flattened PDF as a new upload (the previous annotated copy is deleted). Throws
 * SUBMISSION_NOT_FOUND, UPLOAD_NOT_FOUND, ANNOTATION_SOURCE_UNSUPPORTED (422, also for a file
 * pdf-lib cannot read); nothing is changed on refusal.
 */
export async function saveAnnotations(deps: AppDeps, actor: Actor, submissionId: number, body: SaveAnnotationsBody): Promise<AnnotationsAnswer> {
  const row = await fileToAnnotate(deps, actor, submissionId, body.upload_id);
  const source = sourceOf(row);
  const document = { annotations: body.annotations, rotations: body.rotations };
  let flattened: Uint8Array;
  try {
    const read = await readUploadBytes(deps, { key: source.key, size: source.key === row.key ? row.size : 0 });
    const bytes = source.rasterise ? await rasterise(deps, read, extensionOf(row.name)) : read;
    // pdf-lib loads with the first save, not at start (decision 0143; the grading warm-up loads it earlier).
    const { flattenAnnotations } = await import('./flatten.js');
    flattened = await flattenAnnotations({ source: bytes, kind: source.kind, document });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(
      'ANNOTATION_SOURCE_UNSUPPORTED',
      `This file could not be opened for annotation: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const base = row.name.replace(/\.[^.]+$/, '');
  const annotated = await storeGeneratedFile(deps, {
    orgId: row.orgId,
    ownerId: actor.id,
    name: `${base} (annotated).pdf`,
    bytes: flattened,
    mimeType: 'application/pdf',
    parentType: 'submission',
    parentId: submissionId,
    source: 'annotation',
  });
  try {
    const saved = await transaction(deps, async (tx) => {
      const previous = await findAnnotations(tx, submissionId, row.id);
      const written = await upsertAnnotations(tx, { submissionId, uploadId: row.id, document, annotatedUploadId: annotated.id, updatedById: actor.id });
      if (previous?.annotatedUploadId) await markDeleted(tx, previous.annotatedUploadId);
      return written;
    });
    return answer(row.id, saved);
  } catch (error) {
    await markDeleted(deps.db, annotated.id);
    throw error;
  }
}
