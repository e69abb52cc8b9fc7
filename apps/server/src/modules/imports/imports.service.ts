import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { z } from 'zod';
import {
  CoursePackageConditionsSchema,
  type CoursePackageData,
  type CoursePackageItem,
  type FailureCode,
  type FailureParams,
  type ImportReport,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import { assertMayEditCoursePackages, assertMayUseCoursePackages } from './imports.policy.js';
import { emit, transaction } from '../events/events.service.js';
import type { Failure } from '../../lib/failure.js';
import type { AppDeps } from '../../lib/deps.js';
import { offsetOf } from '../../lib/pagination.js';
import type { Actor } from '../../plugins/auth.js';
import { downloadToFile } from '../../storage/object-store.js';
import { isCourseTeam } from '../courses/courses.policy.js';
import { findCourse, insertCourse } from '../courses/courses.repository.js';
import { insertEnrolment, rolesInCourse } from '../enrolments/enrolments.repository.js';
import { findLiveUpload, findUpload, type UploadRow } from '../uploads/uploads.repository.js';
import { accessToParent } from '../uploads/uploads.policy.js';
import { withTempDir } from './archive.js';
import {
  countCoursePackages,
  failCourseImport,
  findCourseImport,
  findCourseImportOfCourse,
  findCoursePackageOfUpload,
  findCoursePackageWithName,
  findLatestCourseImport,
  hasRunningImport,
  incrementPackageUseCount,
  recountLatePackageUse,
  insertCourseImport,
  listCourseImportsOf,
  listCoursePackagesPage,
  updateCoursePackageData,
  upsertCoursePackage,
  type ImportRow,
  type PackageFilter,
  type PackageRow,
} from './imports.repository.js';
import { archiveLimits, importFailureOf, importPackageFile, setProgress } from './mbz-importer.js';
import { readPackageMetadata } from './package-metadata.js';

/** Longest an import job may run before pg-boss fails it (seconds). */
const IMPORT_JOB_SECONDS = 3600;

/** An import at status 0 for longer than this is checked against its pg-boss job (ms). */
const STALE_IMPORT_MS = 60_000;

function searchTextOf(data: Omit<CoursePackageData, 'use_count'>): string {
  return [data.course_name, data.course_code, data.college, data.department, data.academic_year, data.semester, ...data.instructors]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

function presentPackage(row: PackageRow, upload: Pick<UploadRow, 'name'>): CoursePackageItem {
  return {
    id: row.id,
    upload_id: row.uploadId,
    name: upload.name,
    data: { ...row.data, use_count: row.useCount },
    read_error: row.readError,
    read_error_code: row.readErrorCode,
    read_error_params: row.readErrorParams,
  };
}

/**
 * Registers an uploaded `.mbz` (its bytes at `file`) as a course package of the
 * upload's organisation, with metadata read from the backup. A backup whose
 * metadata cannot be read is still listed, named by its file, with `read_error`.
 * Called by the course-package processor (course-package.processor.ts). Idempotent per upload.
 */
export async function registerCoursePackage(deps: AppDeps, upload: UploadRow, file: string): Promise<void> {
  let data: Omit<CoursePackageData, 'use_count'>;
  let readError: string | null = null;
  let readErrorCode: FailureCode | null = null;
  let readErrorParams: FailureParams | null = null;
  try {
    data = await readPackageMetadata(file, await archiveLimits(deps, upload.orgId), deps.config.imports.tempDir);
  } catch (error) {
    const failure = importFailureOf(error);
    if (failure.unexpected) deps.log.error({ err: error, uploadId: upload.id }, 'reading a course package crashed');
    else deps.log.warn({ uploadId: upload.id, code: failure.code, reason: failure.reason }, 'course package metadata unreadable');
    readError = failure.reason;
    readErrorCode = failure.code;
    readErrorParams = failure.params;
    const stem = upload.name.replace(/\.mbz$/i, '');
    data = {
      course_name: stem,
      course_code: '',
      academic_year: null,
      semester: null,
      department: null,
      college: null,
      spoc_course_name: null,
      instructors: [],
    };
  }
  await upsertCoursePackage(deps.db, upload.orgId, upload.id, {
    data: { ...data, use_count: 0 },
    readError,
    readErrorCode,
    readErrorParams,
    searchText: searchTextOf(data),
  });
}

function parseConditions(raw: string | undefined): z.infer<typeof CoursePackageConditionsSchema> {
  if (!raw) return {};
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw AppError.field('conditions', 'conditions must be a JSON object');
  }
  const parsed = CoursePackageConditionsSchema.safeParse(json);
  if (!parsed.success) throw AppError.field('conditions', 'conditions may hold keyword and instructor (text)');
  return parsed.data;
}

/**
 * `GET /api/uploads/moodle-pkg?page&page_size&conditions` (spec §7): the
 * organisation's course packages, newest first; `conditions` is a JSON object
 * with `keyword` (name, code, college, instructors, year, semester) and
 * `instructor`. Instructors and admins only (FORBIDDEN otherwise);
 * VALIDATION_FAILED naming `conditions`.
 */
export async function listCoursePackages(deps: AppDeps, actor: Actor, query: { page: number; page_size: number; conditions?: string | undefined }) {
  assertMayUseCoursePackages(actor, 'Only instructors and administrators see the course package library');
  const conditions = parseConditions(query.conditions);
  const filter: PackageFilter = { orgId: actor.orgId, keyword: conditions.keyword?.trim(), instructor: conditions.instructor?.trim() };
  const total = await countCoursePackages(deps.db, filter);
  const rows = await listCoursePackagesPage(deps.db, filter, query.page_size, offsetOf(query.page, query.page_size));
  const start = rows.length > 0 ? offsetOf(query.page, query.page_size) + 1 : 0;
  return {
    items: rows.map((r) => presentPackage(r.pkg, { name: r.name })),
    page: query.page,
    page_size: query.page_size,
    pages: Math.max(1, Math.ceil(total / query.page_size)),
    total,
    start,
    end: rows.length > 0 ? start + rows.length - 1 : 0,
  };
}

/** An admin corrects a package's metadata (spec §3: editable by admins). PACKAGE_NOT_FOUND, FORBIDDEN. */
export async function updateCoursePackage(
  deps: AppDeps,
  actor: Actor,
  packageId: number,
  patch: Partial<Omit<CoursePackageData, 'use_count'>>,
): Promise<CoursePackageItem> {
  assertMayEditCoursePackages(actor);
  const row = await findCoursePackageWithName(deps.db, actor.orgId, packageId);
  if (!row) throw new AppError('PACKAGE_NOT_FOUND', 'This course package does not exist');
  const { use_count: _count, ...current } = row.pkg.data;
  const data = { ...current, ...patch };
  const updated = await updateCoursePackageData(deps.db, packageId, { ...data, use_count: row.pkg.useCount }, searchTextOf(data));
  return presentPackage(updated!, { name: row.name });
}

async function manageableCourse(deps: AppDeps, actor: Actor, courseId: number, options: { includeDeleted?: boolean } = {}) {
  const course = await findCourse(deps.db, courseId);
  if (!course || course.orgId !== actor.orgId || (course.deletedAt && !options.includeDeleted))
    throw new AppError('COURSE_NOT_FOUND', 'This course does not exist or was deleted');
  const roles = await rolesInCourse(deps.db, courseId, actor.id);
  if (!isCourseTeam(actor, course, roles)) throw new AppError('FORBIDDEN', 'Only the course team imports into this course');
  return course;
}

/** The upload to import: received, of the actor's organisation, and either in the package library or a file the actor may open. */
async function importableUpload(deps: AppDeps, actor: Actor, uploadId: number): Promise<{ upload: UploadRow; pkg: PackageRow | undefined }> {
  const upload = await findLiveUpload(deps.db, uploadId);
  if (!upload || upload.orgId !== actor.orgId)
    throw new AppError('UPLOAD_NOT_FOUND', 'This file does not exist or was deleted', { upload_id: ['This file does not exist or was deleted'] });
  const pkg = await findCoursePackageOfUpload(deps.db, uploadId);
  if (!pkg) {
    const { access } = await accessToParent(deps, actor, upload);
    if (access === 'missing' || access === 'none')
      throw new AppError('UPLOAD_NOT_FOUND', 'This file does not exist or was deleted', { upload_id: ['This file does not exist or was deleted'] });
  }
  if (!upload.receivedAt)
    throw new AppError('UPLOAD_NOT_RECEIVED', 'This file has not finished uploading', { upload_id: ['This file has not finished uploading'] });
  return { upload, pkg };
}

async function enqueueImport(deps: AppDeps, actor: Actor, courseId: number, upload: UploadRow, pkg: PackageRow | undefined, isNewCourse = false) {
  if (await hasRunningImport(deps.db, courseId)) throw new AppError('IMPORT_RUNNING', 'An import into this course is already running');
  const statusKey = randomUUID();
  const row = await insertCourseImport(deps.db, {
    courseId,
    uploadId: upload.id,
    packageId: pkg?.id ?? null,
    statusKey,
    status: 0,
    progress: 0,
    createdById: actor.id,
  });
  // Issue 20 §13: a backup uploaded straight into the course may be imported before its package is registered.
  if (pkg) await incrementPackageUseCount(deps.db, pkg.id);
  else await recountLatePackageUse(deps.db, upload.id);
  // The job is named by the status key, so sync-status can ask pg-boss whether it still exists.
  await deps.jobs.send('course-import', { importId: row.id, newCourse: isNewCourse }, { expireInSeconds: IMPORT_JOB_SECONDS, retryLimit: 0, id: statusKey });
  return { course_id: courseId, import_id: row.id, status_key: statusKey };
}

/**
 * `POST /api/course/{id}/moodle/import {upload_id}` (spec §7): queues the import
 * of a package into a course the actor manages; answers the status key.
 * COURSE_NOT_FOUND, FORBIDDEN, UPLOAD_NOT_FOUND / UPLOAD_NOT_RECEIVED naming
 * upload_id, IMPORT_RUNNING when one is already running for the course.
 */
export async function startCourseImport(deps: AppDeps, actor: Actor, courseId: number, uploadId: number) {
  await manageableCourse(deps, actor, courseId);
  const { upload, pkg } = await importableUpload(deps, actor, uploadId);
  return enqueueImport(deps, actor, courseId, upload, pkg);
}

/**
 * `POST /api/course/mbz/import` (form field upload_id, spec §7): a new course
 * from a backup, named after it, with the actor as instructor; then the import
 * into it is queued. The course is created deleted (hidden from every list and
 * page) and the import's transaction restores it: a failed or interrupted
 * import leaves no course behind (issue 8 "no partial course"), while its
 * sync-status stays readable by the status key. Instructors and admins
 * (FORBIDDEN otherwise).
 */
export async function startNewCourseImport(deps: AppDeps, actor: Actor, uploadId: number) {
  assertMayUseCoursePackages(actor, 'Only instructors and administrators create courses');
  const { upload, pkg } = await importableUpload(deps, actor, uploadId);
  const name = (pkg?.data.course_name || upload.name.replace(/\.mbz$/i, '')).slice(0, 200) || 'Imported course';
  const course = await transaction(deps, async (tx) => {
    const row = await insertCourse(tx, {
      orgId: actor.orgId,
      departmentId: actor.departmentId,
      name,
      courseCode: (pkg?.data.course_code || `IMPORT-${upload.id}`).slice(0, 50),
      academicYear: pkg?.data.academic_year ?? null,
      semester: pkg?.data.semester ?? null,
      createdById: actor.id,
      deletedAt: new Date(),
    });
    await insertEnrolment(tx, row.id, actor.id, 'instructor');
    await emit(deps, tx, { type: 'enrolment.created', payload: { course_id: row.id, user_id: actor.id, role: 'instructor' } });
    return row;
  });
  return enqueueImport(deps, actor, course.id, upload, pkg, true);
}

/**
 * `GET /api/course/{id}/sync-status?status_key=` (spec §3 Sync status, §4):
 * 0 running (with progress 0..1), 1 done, 2 failed (with the reason); the
 * course's latest import without a key; status null when there was none.
 * With a key it also answers for a course still hidden by its import (or left
 * deleted by its failure: `POST /api/course/mbz/import`).
 */
export async function syncStatus(deps: AppDeps, actor: Actor, courseId: number, statusKey: string | undefined) {
  await manageableCourse(deps, actor, courseId, { includeDeleted: statusKey !== undefined });
  const row = await findLatestCourseImport(deps.db, courseId, statusKey);
  if (row && row.status === 0 && Date.now() - row.createdAt.getTime() > STALE_IMPORT_MS) {
    // A server that died mid-import leaves its job failed, expired or gone: the import then failed (the transaction never committed).
    const state = await deps.jobs.stateOf('course-import', row.statusKey);
    if (state === undefined || state === 'failed' || state === 'cancelled' || state === 'completed') {
      const reason = 'The import was interrupted (the server stopped); nothing was changed. Start it again.';
      await failCourseImport(deps.db, row.id, { reason, code: 'IMPORT_INTERRUPTED', params: {} });
      const fresh = await findCourseImport(deps.db, row.id);
      return {
        status: fresh!.status as 0 | 1 | 2,
        progress: fresh!.status === 1 ? 1 : fresh!.progress,
        reason: fresh!.reason,
        failure_code: fresh!.failureCode,
        failure_params: fresh!.failureParams,
        import_id: fresh!.id,
        status_key: fresh!.statusKey,
      };
    }
  }
  if (!row) {
    if (statusKey)
      throw new AppError('IMPORT_NOT_FOUND', 'No import with this status key in this course', {
        status_key: ['No import with this status key in this course'],
      });
    return { status: null, progress: 0, reason: null, failure_code: null, failure_params: null, import_id: null, status_key: null };
  }
  return {
    status: row.status as 0 | 1 | 2,
    progress: row.status === 1 ? 1 : row.progress,
    reason: row.reason,
    failure_code: row.failureCode,
    failure_params: row.failureParams,
    import_id: row.id,
    status_key: row.statusKey,
  };
}

function presentImport(row: ImportRow) {
  return {
    id: row.id,
    course_id: row.courseId,
    upload_id: row.uploadId,
    status: row.status as 0 | 1 | 2,
    progress: row.progress,
    reason: row.reason,
    failure_code: row.failureCode,
    failure_params: row.failureParams,
    status_key: row.statusKey,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    report: (row.report as ImportReport | null) ?? null,
  };
}

/** `GET /api/course/{id}/imports/{importId}`: an import with its fidelity report (course team). IMPORT_NOT_FOUND. */
export async function getCourseImport(deps: AppDeps, actor: Actor, courseId: number, importId: number) {
  await manageableCourse(deps, actor, courseId);
  const row = await findCourseImportOfCourse(deps.db, courseId, importId);
  if (!row) throw new AppError('IMPORT_NOT_FOUND', 'This import does not exist');
  return presentImport(row);
}

/** `GET /api/course/{id}/imports`: the course's imports, newest first, without their reports' items. */
export async function listCourseImports(deps: AppDeps, actor: Actor, courseId: number) {
  await manageableCourse(deps, actor, courseId);
  const rows = await listCourseImportsOf(deps.db, courseId, 50);
  return rows.map((r) => presentImport(r));
}

/**
 * The `course-import` job: downloads the package into a private temporary
 * folder, imports it (all or nothing) and ends the import 1 (with its report) or
 * 2 (with the reason; the course unchanged). `isNewCourse`: the course was
 * created hidden for this import (startNewCourseImport) and is restored by its
 * transaction; on failure it stays deleted. Runs once; never leaves it at 0.
 */
export async function runImportJob(deps: AppDeps, importId: number, options: { isNewCourse?: boolean } = {}): Promise<void> {
  const row = await findCourseImport(deps.db, importId);
  if (!row || row.status !== 0) return;
  const upload = await findUpload(deps.db, row.uploadId);
  const course = await findCourse(deps.db, row.courseId);
  try {
    if (!upload || upload.deletedAt || !course) throw new Error('gone');
    await withTempDir(
      'atrium-import-src-',
      async (dir) => {
        const file = path.join(dir, 'package.mbz');
        await downloadToFile(deps.storage, upload.key, file);
        await setProgress(deps, importId, 0.05);
        await importPackageFile(
          deps,
          file,
          { courseId: row.courseId, orgId: course.orgId, ownerId: row.createdById ?? upload.ownerId, importId, revealCourse: options.isNewCourse === true },
          (f) => setProgress(deps, importId, f),
        );
      },
      deps.config.imports.tempDir,
    );
    deps.log.info({ importId, courseId: row.courseId }, 'course package imported');
  } catch (error) {
    const failure: Failure & { unexpected: boolean } =
      error instanceof Error && error.message === 'gone'
        ? { code: 'IMPORT_SOURCE_DELETED', params: {}, reason: 'The package or the course was deleted', unexpected: false }
        : importFailureOf(error);
    // The log keeps the detail; the row keeps the English reason and the code and parameters the web translates.
    if (failure.unexpected) deps.log.error({ err: error, importId }, 'course import crashed');
    else deps.log.warn({ importId, code: failure.code, params: failure.params, reason: failure.reason }, 'course import failed');
    await failCourseImport(deps.db, importId, failure);
  }
}
