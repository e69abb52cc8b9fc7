import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activities, activityUploads, courseModules } from '../activities/activities.table.js';
import { examSubjects } from '../exams/exams.table.js';
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

/** Live, received files whose parent is the course, newest first, at most `limit`. One SELECT. */
export async function listCourseFiles(db: Db, courseId: number, limit: number): Promise<ResourceFileRow[]> {
  return db
    .select(fileColumns)
    .from(uploads)
    .where(and(eq(uploads.parentType, 'course'), eq(uploads.parentId, courseId), isNull(uploads.deletedAt), isNotNull(uploads.receivedAt)))
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
