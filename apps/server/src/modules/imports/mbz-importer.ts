import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import mime from 'mime-types';
import { extensionOf, uploadTypeOf, type FailureCode, type ImportReport } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../lib/deps.js';
import { failureOf, FailureError, type Failure } from '../../lib/failure.js';
import { enqueueProcessing } from '../uploads/processing-registry.js';
import { nextModuleSort } from '../activities/activities.repository.js';
import { insertSubjectCategory } from '../exams/exams.repository.js';
import { findCourse, updateCourseRow } from '../courses/courses.repository.js';
import { sniffContent } from '../uploads/magic-bytes.js';
import { findOrgSettings, type OrgSettings } from '../orgs/orgs.repository.js';
import { vocabularyEntriesOn } from '../orgs/orgs.service.js';
import { insertUpload } from '../uploads/uploads.repository.js';
import { insertImportedTopics, listImportedTopicRefs } from '../forum/forum-import.repository.js';
import { insertImportedQuestionnaireSubjects } from '../questionnaires/questionnaires.service.js';
import { bumpForumCourse } from '../forum/forum-list-cache.js';
import { extractArchive, withTempDir, type ArchiveLimits } from './archive.js';
import { BackupReadError, findBackupRoot, readBackup, type BackupFile, type BackupModel } from './backup-reader.js';
import { completeCourseImport, raiseImportProgress } from './imports.repository.js';
import {
  insertActivityUploads,
  insertBankSubjects,
  insertExamSubjects,
  insertImportedActivity,
  insertImportedEntries,
  insertImportedModule,
  listEntryNames,
  listBankQuestionIds,
  listImportSources,
  listUploadsByIds,
  nextActivitySortAfterAll,
  updateImportedActivityText,
  updateImportedModuleSummary,
  upsertImportedCategorySource,
  upsertImportSource,
} from './mbz-import.repository.js';
import { resolvePlaceholders } from './mbz-fidelity.js';
import { planImport, type FileResolver, type ImportPlan, type PlannedActivity } from './mbz-mapper.js';

/** An import that cannot go on (spec §3 Sync status 2): IMPORT_EMPTY unless told otherwise; `message` is the English reason. */
export class ImportFailedError extends FailureError {
  constructor(message: string, code: FailureCode = 'IMPORT_EMPTY') {
    super(code, message);
    this.name = 'ImportFailedError';
  }
}

export interface ImportTarget {
  courseId: number;
  orgId: number;
  /** Owner of the uploads the import creates. */
  ownerId: number;
  /** The course_imports row the report and source ids are recorded on (null: none, as in the benchmark). */
  importId: number | null;
  /** The course was created deleted for this import (POST /api/course/mbz/import): the transaction restores it. */
  revealCourse?: boolean;
}

export interface ImportOutcome {
  report: ImportReport;
  uploadIds: number[];
  moduleIds: number[];
  activityIds: number[];
}

/**
 * The archive limits for an organisation: the instance's (config.ts `imports`),
 * tightened by the org's settings `importMaxBytes`, `importMaxEntries`,
 * `importMaxRatio` where it sets lower ones.
 */
export async function archiveLimits(deps: AppDeps, orgId: number): Promise<ArchiveLimits> {
  const { maxUncompressedBytes, maxEntries, maxCompressionRatio } = deps.config.imports;
  const s: Partial<OrgSettings> = (await findOrgSettings(deps.db, orgId)) ?? {};
  const tighter = (instance: number, own: number | undefined) => (typeof own === 'number' && own > 0 ? Math.min(instance, own) : instance);
  return {
    maxUncompressedBytes: tighter(maxUncompressedBytes, s.importMaxBytes),
    maxEntries: tighter(maxEntries, s.importMaxEntries),
    maxCompressionRatio: tighter(maxCompressionRatio, s.importMaxRatio),
  };
}

async function readHeadOf(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(4100);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function fileKey(file: BackupFile, scorm: boolean): string {
  return `${file.contentHash}|${file.fileName}|${scorm ? 's' : ''}`;
}

interface StoredFile {
  file: BackupFile;
  scorm: boolean;
  key: string;
  size: number;
  sha256: string;
  mimeType: string | null;
}

const isCategoryKey = (key: string) => key.includes(':question_category:');

/**
 * Source keys already imported into the course whose module / activity / bank category / topic
 * still exists: key → module id (sections), activity id (activities; 0 for a label), category id
 * (question categories) or topic id (forum discussions, deleted ones included: not brought back).
 */
async function existingSources(deps: AppDeps, courseId: number): Promise<Map<string, number>> {
  const rows = await listImportSources(deps.db, courseId);
  const map = new Map<string, number>();
  for (const t of await listImportedTopicRefs(deps.db, courseId)) map.set(t.ref, t.id);
  for (const r of rows) {
    if (isCategoryKey(r.key)) {
      if (r.liveCategory !== null) map.set(r.key, r.liveCategory);
    } else if (r.activityId !== null) {
      if (r.liveActivity !== null) map.set(r.key, r.liveActivity);
    } else if (r.moduleId !== null && r.liveModule !== null && !r.key.includes(':activity:')) {
      map.set(r.key, r.moduleId);
    } else if (r.key.includes(':activity:') && r.liveModule !== null) {
      map.set(r.key, 0); // a label, kept as text of a module that still exists
    }
  }
  return map;
}

/**
 * Imports the unpacked backup `model` into a course, all or nothing: the files
 * it uses are stored first (removed again on failure), then modules,
 * activities, their uploads, exam subjects, forum topics with their replies
 * and the source ids go in one transaction; processing of the new uploads is queued after it commits.
 * `onProgress` gets 0..1.
 */
export async function importModel(
  deps: AppDeps,
  model: BackupModel,
  target: ImportTarget,
  onProgress: (fraction: number) => Promise<void> = async () => undefined,
): Promise<ImportOutcome> {
  const existing = await existingSources(deps, target.courseId);
  const course = await findCourse(deps.db, target.courseId);
  // Glossaries' terms become the organisation's vocabulary entries while its toggle is on (decision 0145).
  const glossaries = model.activities.some((a) => a.modName === 'glossary');
  const vocabularyOn = glossaries && (await vocabularyEntriesOn(deps.db, target.orgId));
  const planOptions = {
    learningMode: course?.learningMode ?? 'free',
    hasOutline: !!course?.outline?.trim(),
    vocabulary: { enabled: vocabularyOn, existing: vocabularyOn ? await listEntryNames(deps.db, target.orgId) : new Set<string>() },
  };
  // Pass 1: which files does the plan use?
  const wanted = new Map<string, { file: BackupFile; scorm: boolean }>();
  planImport(
    model,
    existing,
    (file, options) => {
      wanted.set(fileKey(file, options.scorm ?? false), { file, scorm: options.scorm ?? false });
      return 0;
    },
    planOptions,
  );
  const stored: StoredFile[] = [];
  try {
    let done = 0;
    for (const { file, scorm } of wanted.values()) {
      if (!file.blobPath) continue;
      const key = `uploads/import/${target.courseId}/${randomUUID()}`;
      const object = await deps.storage.put(key, createReadStream(file.blobPath));
      const sniffed = await sniffContent(await readHeadOf(file.blobPath), extensionOf(file.fileName));
      stored.push({
        file,
        scorm,
        key,
        size: object.size,
        sha256: object.sha256,
        mimeType: (sniffed || null) ?? (mime.lookup(file.fileName) || file.mimeType || null),
      });
      done += 1;
      if (done % 20 === 0) await onProgress(0.4 + 0.4 * (done / wanted.size));
    }
    await onProgress(0.8);
    const outcome = await deps.db.transaction(async (tx) => {
      const ids = new Map<string, number>();
      const uploadIds: number[] = [];
      for (const s of stored) {
        const row = await insertUpload(tx, {
          orgId: target.orgId,
          ownerId: target.ownerId,
          key: s.key,
          name: s.file.fileName.slice(0, 250),
          size: s.size,
          type: s.scorm ? 'scorm' : uploadTypeOf(s.file.fileName),
          mimeType: s.mimeType,
          status: 'processing',
          storageType: deps.storage.storageType,
          parentType: 'course',
          parentId: target.courseId,
          source: 'moodle_import',
          sha256: s.sha256,
          receivedAt: new Date(),
        });
        ids.set(fileKey(s.file, s.scorm), row.id);
        uploadIds.push(row.id);
      }
      const resolve: FileResolver = (file, options) => ids.get(fileKey(file, options.scorm ?? false)) ?? null;
      const plan = planImport(model, existing, resolve, planOptions);
      plan.report.counts.files = uploadIds.length;
      let moduleSort = await nextModuleSort(tx, target.courseId);
      // A source key whose module or activity was deleted since an earlier import points at the new one.
      const remember = async (sourceKey: string, moduleId: number, activityId: number | null) => {
        await upsertImportSource(tx, { courseId: target.courseId, sourceKey, moduleId, activityId, importId: target.importId });
      };
      const moduleIds: number[] = [];
      const activityIds: number[] = [];
      const insertedModules: { m: (typeof plan.modules)[number]; moduleId: number }[] = [];
      const inserted: { a: PlannedActivity; activityId: number }[] = [];
      const idOf = new Map<string, { id: number; type: string }>();
      for (const m of plan.modules) {
        const real = m.activities.filter((a) => a.data.__label !== true);
        if (m.existingModuleId === null && m.activities.length === 0 && !m.summary && m.sourceKey.endsWith(':unsorted')) continue;
        let moduleId = m.existingModuleId;
        if (moduleId === null) {
          moduleId = await insertImportedModule(tx, {
            courseId: target.courseId,
            title: m.title,
            summary: m.summary,
            sort: moduleSort++,
            isPublished: m.isPublished,
          });
          moduleIds.push(moduleId);
          insertedModules.push({ m, moduleId });
          await remember(m.sourceKey, moduleId, null);
        }
        let sort = await nextActivitySortAfterAll(tx, moduleId);
        for (const label of m.activities.filter((a) => a.data.__label === true)) {
          await remember(label.sourceKey, moduleId, null);
        }
        for (const a of real) {
          const activityId = await insertImportedActivity(tx, {
            courseId: target.courseId,
            moduleId,
            type: a.type,
            title: a.title,
            description: a.description,
            sort: sort++,
            isPublished: a.isPublished,
            startTime: a.startTime,
            endTime: a.endTime,
            data: a.data,
            createdById: target.ownerId,
            ...(a.completionCriterion ? { completionCriterion: a.completionCriterion } : {}),
          });
          activityIds.push(activityId);
          inserted.push({ a, activityId });
          idOf.set(a.sourceKey, { id: activityId, type: a.type });
          await insertActivityUploads(tx, activityId, a.uploadIds);
          await remember(a.sourceKey, moduleId, activityId);
        }
      }
      // Second pass (issue 21 §3): every activity of the import has its id; links to course modules point at their activities.
      const route = (ref: string): string => {
        if (ref === 'course') return `/course/${target.courseId}/content`;
        const t = plan.linkTargets.get(ref.slice('cm/'.length));
        if (!t) return '#';
        const to = 'activityId' in t ? { id: t.activityId, type: '' } : idOf.get(t.sourceKey);
        if (!to) return '#';
        return to.type === 'exam' ? `/course/${target.courseId}/learning-activity#/exam/${to.id}` : `/course/${target.courseId}/learning-activity#/${to.id}`;
      };
      plan.bank = resolvePlaceholders(plan.bank, route);
      const bank = await importBank(tx, target, plan, existing);
      for (const { m, moduleId } of insertedModules) {
        const summary = resolvePlaceholders(m.summary, route);
        if (summary !== m.summary) await updateImportedModuleSummary(tx, moduleId, summary);
      }
      for (const { a: planned, activityId } of inserted) {
        const a = resolvePlaceholders(planned, route);
        if (a.description !== planned.description || a.data !== planned.data)
          await updateImportedActivityText(tx, activityId, { description: a.description, data: a.data });
        await insertExamSubjects(tx, activityId, bank.subjectsOf(a));
        if (a.topics) await insertImportedTopics(tx, { courseId: target.courseId, activityId }, a.topics);
        if (a.questionnaire) await insertImportedQuestionnaireSubjects(tx, activityId, a.questionnaire);
        if (a.entries) await insertImportedEntries(tx, target.orgId, target.ownerId, a.entries);
      }
      for (const add of plan.forumAdditions)
        await insertImportedTopics(tx, { courseId: target.courseId, activityId: add.activityId }, resolvePlaceholders(add.topics, route));
      if (target.revealCourse || plan.outline !== null)
        await updateCourseRow(tx, target.courseId, {
          ...(target.revealCourse ? { deletedAt: null } : {}),
          ...(plan.outline !== null ? { outline: plan.outline } : {}),
        });
      if (target.importId !== null) await completeCourseImport(tx, target.importId, plan.report);
      return { report: plan.report, uploadIds, moduleIds, activityIds };
    });
    // Imported topics change the course forum's lists (decision 0110, the list cache).
    await bumpForumCourse(deps, target.courseId);
    // Processing (transcode, office → PDF, SCORM) runs after the course is in place, in the upload pipeline.
    if (outcome.uploadIds.length > 0) {
      const rows = await listUploadsByIds(deps.db, outcome.uploadIds);
      for (const row of rows) await enqueueProcessing(deps, row);
    }
    return outcome;
  } catch (error) {
    for (const s of stored) await deps.storage.delete(s.key).catch(() => undefined);
    throw error;
  }
}

/**
 * Makes the bank categories the plan holds (the Moodle categories random slots draw from, each
 * once per backup: a re-import finds them in `existing`) with their subjects, records their
 * source keys, and answers how an exam's planned subjects are stored: a random subject with
 * its category, a subject made from a Moodle question with the bank copy of that question in a
 * category the exam draws from (so a draw never repeats it).
 */
async function importBank(tx: Db, target: ImportTarget, plan: ImportPlan, existing: Map<string, number>) {
  const categoryIds = new Map([...existing].filter(([key]) => isCategoryKey(key)));
  /** Moodle question id → category key → bank subject id. */
  const copies = new Map<string, Map<string, number>>();
  const addCopy = (questionId: string | null, key: string, id: number) => {
    if (questionId === null) return;
    if (!copies.has(questionId)) copies.set(questionId, new Map());
    if (!copies.get(questionId)!.has(key)) copies.get(questionId)!.set(key, id);
  };
  for (const c of plan.bank) {
    const category = await insertSubjectCategory(tx, target.courseId, c.name);
    categoryIds.set(c.sourceKey, category.id);
    for (const row of await insertBankSubjects(tx, target.courseId, category.id, c.subjects)) addCopy(row.questionId, c.sourceKey, row.id);
    await upsertImportedCategorySource(tx, { courseId: target.courseId, sourceKey: c.sourceKey, categoryId: category.id, importId: target.importId });
  }
  // Categories an earlier import made that new exams draw from: their copies of the exams' own questions.
  const drawnKeys = new Set(plan.modules.flatMap((m) => m.activities.flatMap((a) => a.subjects.flatMap((s) => (s.categoryKey ? [s.categoryKey] : [])))));
  const reused = [...drawnKeys].filter((key) => existing.has(key));
  const keyOfId = new Map([...categoryIds].map(([key, id]) => [id, key]));
  const reusedIds = reused.map((key) => categoryIds.get(key)!);
  for (const row of await listBankQuestionIds(tx, reusedIds)) addCopy(row.questionId, keyOfId.get(row.categoryId!)!, row.id);

  return {
    subjectsOf(activity: PlannedActivity) {
      const drawn = activity.subjects.flatMap((s) => (s.categoryKey ? [s.categoryKey] : []));
      return activity.subjects.map((s) => {
        if (s.categoryKey) {
          const categoryId = categoryIds.get(s.categoryKey);
          if (categoryId === undefined) throw new Error(`no bank category for ${s.categoryKey}`);
          return { ...s, categoryId };
        }
        const questionId = (s.data.source as { question_id?: unknown } | undefined)?.question_id;
        const copy = typeof questionId === 'string' ? drawn.map((key) => copies.get(questionId)?.get(key)).find((id) => id !== undefined) : undefined;
        return { ...s, sourceSubjectId: copy ?? null };
      });
    },
  };
}

/**
 * The failure to store for an error of the import: the code, parameters and
 * English reason of an ArchiveError, XmlRefusedError, BackupReadError,
 * ImportFailedError (or another FailureError such as PayloadLimitError);
 * IMPORT_CRASHED with `unexpected: true` for anything else (log it; its message is never shown).
 */
export function importFailureOf(error: unknown): Failure & { unexpected: boolean } {
  return failureOf(error, 'IMPORT_CRASHED', 'The import stopped on an unexpected error; nothing was changed');
}

/**
 * Unpacks the backup file `archive` in a private temporary folder (removed
 * afterwards, whatever happens), reads it and imports it (importModel).
 * Throws ArchiveError, XmlRefusedError, BackupReadError, ImportFailedError.
 */
export async function importPackageFile(
  deps: AppDeps,
  archive: string,
  target: ImportTarget,
  onProgress: (fraction: number) => Promise<void> = async () => undefined,
): Promise<ImportOutcome> {
  return withTempDir(
    'atrium-import-',
    async (dir) => {
      const root = path.join(dir, 'backup');
      const extracted = await extractArchive(archive, root, await archiveLimits(deps, target.orgId));
      await onProgress(0.25);
      const backupRoot = findBackupRoot(root, extracted.files);
      if (!backupRoot) throw new BackupReadError('The archive has no moodle_backup.xml: this is not a Moodle backup');
      const model = await readBackup(backupRoot);
      if (model.sections.length === 0 && model.activities.length === 0) throw new ImportFailedError('The backup holds no sections and no activities to import');
      await onProgress(0.4);
      return importModel(deps, model, target, onProgress);
    },
    deps.config.imports.tempDir,
  );
}

/** Size in bytes of a file (the benchmark and tests report it). */
export async function sizeOf(file: string): Promise<number> {
  return (await stat(file)).size;
}

/** Sets an import's progress (0..1) while it runs. */
export async function setProgress(deps: AppDeps, importId: number, fraction: number): Promise<void> {
  await raiseImportProgress(deps.db, importId, fraction);
}
