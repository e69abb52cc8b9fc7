import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CoursePackageData, FailureCode, FailureParams, ImportReport } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { uploads } from '../uploads/uploads.table.js';
import { courseImports, coursePackages } from './imports.table.js';

export type PackageRow = typeof coursePackages.$inferSelect;
export type ImportRow = typeof courseImports.$inferSelect;

/** The latest package import of a course: its sync status (0 running, 1 done, 2 failed, spec §3) and the backup it came from. */
export interface LatestImport {
  importId: number;
  status: 0 | 1 | 2;
  uploadId: number;
  name: string;
}

/** The latest import per course id (spec §3 Course `imported_from`, `course_importer_status`); courses never imported into are absent. */
export async function latestImportsOf(db: Db, courseIds: number[]): Promise<Map<number, LatestImport>> {
  const result = new Map<number, LatestImport>();
  if (courseIds.length === 0) return result;
  const rows = await db
    .select({ id: courseImports.id, courseId: courseImports.courseId, status: courseImports.status, uploadId: courseImports.uploadId, name: uploads.name })
    .from(courseImports)
    .innerJoin(uploads, eq(uploads.id, courseImports.uploadId))
    .where(inArray(courseImports.courseId, courseIds))
    .orderBy(desc(courseImports.id));
  for (const row of rows) {
    if (!result.has(row.courseId)) result.set(row.courseId, { importId: row.id, status: row.status as 0 | 1 | 2, uploadId: row.uploadId, name: row.name });
  }
  return result;
}

/** What a package's metadata row holds besides its keys: the data (use_count included), the read error if any and the search text. */
export interface PackageContent {
  data: CoursePackageData;
  readError: string | null;
  readErrorCode: FailureCode | null;
  readErrorParams: FailureParams | null;
  searchText: string;
}

/** The number of imports started from the upload `uploadId`, as an SQL expression. */
function importsOfUpload(uploadId: number) {
  return sql<number>`(select count(*)::int from ${courseImports} where ${courseImports.uploadId} = ${uploadId})`;
}

/**
 * Inserts the course package of `uploadId`, or replaces its content (and stamps updatedAt) when
 * the upload already has one. A new package's use count starts at the imports already started
 * from the upload (one may start before the package is registered: issue 20 §13), and those
 * imports are linked to it. One INSERT … ON CONFLICT, one UPDATE.
 */
export async function upsertCoursePackage(db: Db, orgId: number, uploadId: number, content: PackageContent): Promise<void> {
  await db
    .insert(coursePackages)
    .values({ orgId, uploadId, ...content, useCount: importsOfUpload(uploadId) })
    .onConflictDoUpdate({ target: coursePackages.uploadId, set: { ...content, updatedAt: new Date() } });
  await linkImportsToPackage(db, uploadId);
}

/** Links the imports of `uploadId` started before its package existed to the package. One UPDATE. */
async function linkImportsToPackage(db: Db, uploadId: number): Promise<void> {
  await db
    .update(courseImports)
    .set({ packageId: sql`(select ${coursePackages.id} from ${coursePackages} where ${coursePackages.uploadId} = ${uploadId})` })
    .where(and(eq(courseImports.uploadId, uploadId), isNull(courseImports.packageId)));
}

/**
 * For an import started while its upload had no package yet: if the package has been registered
 * since, its use count becomes the imports of the upload (a recount, so one counted at
 * registration is not counted twice) and the import is linked to it. One UPDATE each.
 */
export async function recountLatePackageUse(db: Db, uploadId: number): Promise<void> {
  await db
    .update(coursePackages)
    .set({ useCount: importsOfUpload(uploadId) })
    .where(eq(coursePackages.uploadId, uploadId));
  await linkImportsToPackage(db, uploadId);
}

/** The package library's filter: an organisation, with optional keyword (search text) and instructor substrings, matched case-insensitively. */
export interface PackageFilter {
  orgId: number;
  keyword?: string | undefined;
  instructor?: string | undefined;
}

function likePattern(value: string): string {
  return `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function packageWhere(filter: PackageFilter) {
  const filters = [eq(coursePackages.orgId, filter.orgId), isNull(uploads.deletedAt)];
  if (filter.keyword) filters.push(sql`${coursePackages.searchText} like ${likePattern(filter.keyword)}`);
  if (filter.instructor) filters.push(sql`lower(${coursePackages.data}->>'instructors') like ${likePattern(filter.instructor)}`);
  return and(...filters);
}

/** How many packages of the filter have a live upload. One SELECT count. */
export async function countCoursePackages(db: Db, filter: PackageFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(coursePackages).innerJoin(uploads, eq(uploads.id, coursePackages.uploadId)).where(packageWhere(filter));
  return row?.n ?? 0;
}

/** A page of the filter's packages with a live upload, newest first, as `{ pkg, name }` (the upload's file name). One SELECT. */
export async function listCoursePackagesPage(db: Db, filter: PackageFilter, limit: number, offset: number): Promise<{ pkg: PackageRow; name: string }[]> {
  return db
    .select({ pkg: coursePackages, name: uploads.name })
    .from(coursePackages)
    .innerJoin(uploads, eq(uploads.id, coursePackages.uploadId))
    .where(packageWhere(filter))
    .orderBy(desc(coursePackages.id))
    .limit(limit)
    .offset(offset);
}

/** The organisation's package `packageId` as `{ pkg, name }` (its upload's file name, deleted or not), or undefined. One SELECT. */
export async function findCoursePackageWithName(db: Db, orgId: number, packageId: number): Promise<{ pkg: PackageRow; name: string } | undefined> {
  const [row] = await db
    .select({ pkg: coursePackages, name: uploads.name })
    .from(coursePackages)
    .innerJoin(uploads, eq(uploads.id, coursePackages.uploadId))
    .where(and(eq(coursePackages.id, packageId), eq(coursePackages.orgId, orgId)));
  return row;
}

/** Replaces a package's data and search text, stamps updatedAt; answers the updated row. One UPDATE … RETURNING. */
export async function updateCoursePackageData(db: Db, packageId: number, data: CoursePackageData, searchText: string): Promise<PackageRow | undefined> {
  const [row] = await db.update(coursePackages).set({ data, searchText, updatedAt: new Date() }).where(eq(coursePackages.id, packageId)).returning();
  return row;
}

/** The course package of this upload, or undefined. One SELECT. */
export async function findCoursePackageOfUpload(db: Db, uploadId: number): Promise<PackageRow | undefined> {
  const [row] = await db.select().from(coursePackages).where(eq(coursePackages.uploadId, uploadId));
  return row;
}

/** Adds one to a package's use count. One UPDATE. */
export async function incrementPackageUseCount(db: Db, packageId: number): Promise<void> {
  await db
    .update(coursePackages)
    .set({ useCount: sql`${coursePackages.useCount} + 1` })
    .where(eq(coursePackages.id, packageId));
}

/** Whether an import into the course is running (status 0). One SELECT. */
export async function hasRunningImport(db: Db, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: courseImports.id })
    .from(courseImports)
    .where(and(eq(courseImports.courseId, courseId), eq(courseImports.status, 0)));
  return row !== undefined;
}

/** Inserts an import row; answers it. One INSERT … RETURNING. */
export async function insertCourseImport(db: Db, values: typeof courseImports.$inferInsert): Promise<ImportRow> {
  const [row] = await db.insert(courseImports).values(values).returning();
  if (!row) throw new Error('insert course_imports returned nothing');
  return row;
}

/** The course's latest import, or its import with this status key when given; undefined when none. One SELECT. */
export async function findLatestCourseImport(db: Db, courseId: number, statusKey: string | undefined): Promise<ImportRow | undefined> {
  const [row] = await db
    .select()
    .from(courseImports)
    .where(and(eq(courseImports.courseId, courseId), statusKey ? eq(courseImports.statusKey, statusKey) : undefined))
    .orderBy(desc(courseImports.id))
    .limit(1);
  return row;
}

/** The import with this id, or undefined. One SELECT. */
export async function findCourseImport(db: Db, importId: number): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(courseImports).where(eq(courseImports.id, importId));
  return row;
}

/** The course's import with this id, or undefined. One SELECT. */
export async function findCourseImportOfCourse(db: Db, courseId: number, importId: number): Promise<ImportRow | undefined> {
  const [row] = await db
    .select()
    .from(courseImports)
    .where(and(eq(courseImports.id, importId), eq(courseImports.courseId, courseId)));
  return row;
}

/** The course's imports, newest first, at most `limit`. One SELECT. */
export async function listCourseImportsOf(db: Db, courseId: number, limit: number): Promise<ImportRow[]> {
  return db.select().from(courseImports).where(eq(courseImports.courseId, courseId)).orderBy(desc(courseImports.id)).limit(limit);
}

/** Ends a still-running import as failed (status 2) with the reason, code and parameters, stamping finishedAt; a finished one is left alone. One UPDATE. */
export async function failCourseImport(db: Db, importId: number, failure: { reason: string; code: FailureCode; params: FailureParams }): Promise<void> {
  await db
    .update(courseImports)
    .set({ status: 2, reason: failure.reason, failureCode: failure.code, failureParams: failure.params, finishedAt: new Date() })
    .where(and(eq(courseImports.id, importId), eq(courseImports.status, 0)));
}

/** Ends an import as done (status 1, progress 1) with its report, stamping finishedAt. One UPDATE. */
export async function completeCourseImport(db: Db, importId: number, report: ImportReport): Promise<void> {
  await db.update(courseImports).set({ status: 1, progress: 1, reason: null, report, finishedAt: new Date() }).where(eq(courseImports.id, importId));
}

/** Raises a running import's progress to `fraction` (0..1, capped at 0.99; never lowers it). One UPDATE. */
export async function raiseImportProgress(db: Db, importId: number, fraction: number): Promise<void> {
  await db
    .update(courseImports)
    .set({ progress: sql`greatest(${courseImports.progress}, ${Math.min(0.99, fraction)})` })
    .where(and(eq(courseImports.id, importId), eq(courseImports.status, 0)));
}
