import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activities, activityUploads, courseModules } from '../activities/activities.table.js';
import { examSubjects } from '../exams/exams.table.js';
import { libraryItems } from '../library/library.table.js';
import { uploads } from '../uploads/uploads.table.js';

/**
 * The reads of the course resources page (issue 19 §3): the only door of this module to
 * the tables. Each function is one statement; none is sent per file.
 */

const fileColumns = {
  id: uploads.id,
  orgId: uploads.orgId,
  name: uploads.name,
  type: uploads.type,
  size: uploads.size,
  status: uploads.status,
  isAllowDownload: uploads.isAllowDownload,
  createdAt: uploads.createdAt,
  parentType: uploads.parentType,
  /** The folder of a folder upload (`meta.folder`, e.g. `Week 1/Slides`); null otherwise. */
  folder: sql<string | null>`${uploads.meta} ->> 'folder'`,
};

/** A file as the resources page lists it. */
export interface ResourceFileRow {
  id: number;
  orgId: number;
  name: string;
  type: string;
  size: number;
  status: (typeof uploads.$inferSelect)['status'];
  isAllowDownload: boolean;
  createdAt: Date;
  /** `course`, or `library` for a library file reused in the course (listCourseFiles); whatever holds it otherwise. */
  parentType: string;
  folder: string | null;
}

/** The activity (and its module) holding a file. */
export interface ResourceHolderRow {
  activityId: number;
  activityTitle: string;
  activityType: (typeof activities.$inferSelect)['type'];
  isActivityPublished: boolean;
  moduleId: number;
  moduleTitle: string;
  isModulePublished: boolean;
  /** The module's and the activity's place in the course (for ordering). */
  moduleSort: number;
  activitySort: number;
}

const holderColumns = {
  activityId: activities.id,
  activityTitle: activities.title,
  activityType: activities.type,
  isActivityPublished: activities.isPublished,
  moduleId: courseModules.id,
  moduleTitle: courseModules.title,
  isModulePublished: courseModules.isPublished,
  moduleSort: courseModules.sort,
  activitySort: activities.sort,
};

/** `uploads.meta.courseIds` (a library file's courses reusing it by reference) contains `courseId`. */
const reusedIn = (courseId: number) => sql`coalesce(${uploads.meta} -> 'courseIds', '[]'::jsonb) @> ${JSON.stringify([courseId])}::jsonb`;

/**
 * Live, received files whose parent is the course, and the library files of the course's
 * organisation reused in it by reference (`meta.courseIds`, decision 0131) whose library item is
 * not in its owner's trash, newest first, at most `limit`. One SELECT.
 */
export async function listCourseFiles(db: Db, course: { id: number; orgId: number }, limit: number): Promise<ResourceFileRow[]> {
  return db
    .select(fileColumns)
    .from(uploads)
    .leftJoin(libraryItems, eq(libraryItems.uploadId, uploads.id))
    .where(
      and(
        or(
          and(eq(uploads.parentType, 'course'), eq(uploads.parentId, course.id)),
          and(
            eq(uploads.parentType, 'library'),
            eq(uploads.orgId, course.orgId),
            reusedIn(course.id),
            isNotNull(libraryItems.id),
            isNull(libraryItems.trashedAt),
          ),
        ),
        isNull(uploads.deletedAt),
        isNotNull(uploads.receivedAt),
      ),
    )
    .orderBy(desc(uploads.createdAt), desc(uploads.id))
    .limit(limit);
}

/**
 * The live, received files the live activities of the course hold (activity_uploads), with the
 * activity and its module, in module, activity and file order, at most `limit`. One SELECT.
 */
export async function listActivityFiles(db: Db, courseId: number, limit: number): Promise<(ResourceHolderRow & { file: ResourceFileRow })[]> {
  const rows = await db
    .select({ ...holderColumns, file: fileColumns })
    .from(activityUploads)
    .innerJoin(activities, eq(activities.id, activityUploads.activityId))
    .innerJoin(courseModules, eq(courseModules.id, activities.moduleId))
    .innerJoin(uploads, eq(uploads.id, activityUploads.uploadId))
    .where(and(eq(activities.courseId, courseId), isNull(activities.deletedAt), isNull(uploads.deletedAt), isNotNull(uploads.receivedAt)))
    .orderBy(asc(courseModules.sort), asc(courseModules.id), asc(activities.sort), asc(activities.id), asc(activityUploads.sort), asc(activityUploads.id))
    .limit(limit);
  return rows;
}

/** The exam subjects of the course's live activities that list files (exam_subjects.upload_ids), with the activity and module. One SELECT. */
export async function listExamSubjectFiles(db: Db, courseId: number): Promise<(ResourceHolderRow & { uploadIds: number[] })[]> {
  return db
    .select({ ...holderColumns, uploadIds: examSubjects.uploadIds })
    .from(examSubjects)
    .innerJoin(activities, eq(activities.id, examSubjects.activityId))
    .innerJoin(courseModules, eq(courseModules.id, activities.moduleId))
    .where(and(eq(activities.courseId, courseId), isNull(activities.deletedAt), sql`jsonb_array_length(${examSubjects.uploadIds}) > 0`))
    .orderBy(asc(courseModules.sort), asc(courseModules.id), asc(activities.sort), asc(activities.id), asc(examSubjects.sort), asc(examSubjects.id));
}

/** Of these ids, the live, received files. One SELECT; none when `ids` is empty. */
export async function listFilesByIds(db: Db, ids: readonly number[]): Promise<ResourceFileRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(fileColumns)
    .from(uploads)
    .where(and(inArray(uploads.id, [...ids]), isNull(uploads.deletedAt), isNotNull(uploads.receivedAt)));
}

/** A library file as the course's reuse checks read it: its owner, whether received, and its library item's trash state (null: no item). */
export interface LibraryUploadRow {
  id: number;
  orgId: number;
  ownerId: number;
  parentType: string;
  receivedAt: Date | null;
  itemId: number | null;
  trashedAt: Date | null;
}

/** Of these ids, the live uploads with their library item (if any). One SELECT; none when `ids` is empty. */
export async function listLibraryUploads(db: Db, ids: readonly number[]): Promise<LibraryUploadRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: uploads.id,
      orgId: uploads.orgId,
      ownerId: uploads.ownerId,
      parentType: uploads.parentType,
      receivedAt: uploads.receivedAt,
      itemId: libraryItems.id,
      trashedAt: libraryItems.trashedAt,
    })
    .from(uploads)
    .leftJoin(libraryItems, eq(libraryItems.uploadId, uploads.id))
    .where(and(inArray(uploads.id, [...ids]), isNull(uploads.deletedAt)));
}

/** Adds `courseId` to the reusing courses of these library uploads (once each: those already reusing it are left as they are). One UPDATE. */
export async function addCourseReuse(db: Db, uploadIds: readonly number[], courseId: number): Promise<void> {
  if (uploadIds.length === 0) return;
  await db
    .update(uploads)
    .set({
      meta: sql`jsonb_set(${uploads.meta}, '{courseIds}', coalesce(${uploads.meta} -> 'courseIds', '[]'::jsonb) || ${JSON.stringify([courseId])}::jsonb)`,
      updatedAt: new Date(),
    })
    .where(and(inArray(uploads.id, [...uploadIds]), eq(uploads.parentType, 'library'), sql`not ${reusedIn(courseId)}`));
}

/** Removes `courseId` from the reusing courses of one library upload; false when the course did not reuse it. One UPDATE. */
export async function removeCourseReuse(db: Db, uploadId: number, courseId: number): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({
      meta: sql`jsonb_set(${uploads.meta}, '{courseIds}', coalesce((select jsonb_agg(e) from jsonb_array_elements(${uploads.meta} -> 'courseIds') e where e <> ${JSON.stringify(courseId)}::jsonb), '[]'::jsonb))`,
      updatedAt: new Date(),
    })
    .where(and(eq(uploads.id, uploadId), eq(uploads.parentType, 'library'), isNull(uploads.deletedAt), reusedIn(courseId)))
    .returning({ id: uploads.id });
  return rows.length > 0;
}

/**
 * The courses reusing these library uploads by reference (`meta.courseIds`), one row per upload
 * and course; `liveOnly`: only uploads whose library item is not in the trash (what the course
 * lists). One SELECT; none when `uploadIds` is empty.
 */
export async function listCourseReuses(db: Db, uploadIds: readonly number[], liveOnly: boolean): Promise<{ uploadId: number; courseId: number }[]> {
  if (uploadIds.length === 0) return [];
  const rows = await db
    .select({ uploadId: uploads.id, courseIds: sql<number[] | null>`${uploads.meta} -> 'courseIds'` })
    .from(uploads)
    .innerJoin(libraryItems, eq(libraryItems.uploadId, uploads.id))
    .where(
      and(
        inArray(uploads.id, [...uploadIds]),
        eq(uploads.parentType, 'library'),
        isNull(uploads.deletedAt),
        sql`jsonb_array_length(coalesce(${uploads.meta} -> 'courseIds', '[]'::jsonb)) > 0`,
        liveOnly ? isNull(libraryItems.trashedAt) : undefined,
      ),
    );
  return rows.flatMap((r) => (r.courseIds ?? []).map((courseId) => ({ uploadId: r.uploadId, courseId: Number(courseId) })));
}
