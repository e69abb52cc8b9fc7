import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploads } from '../uploads/uploads.table.js';
import { activities, activityUploads, courseModules } from './activities.table.js';

/** What decides whether a learner may open one activity: its own and its module's publication, its window and criterion. */
export interface ActivityOpenFacts {
  id: number;
  title: string;
  isPublished: boolean;
  isModulePublished: boolean;
  startTime: Date | null;
  endTime: Date | null;
  criterion: (typeof activities.$inferSelect)['completionCriterion'];
}

/**
 * The open facts of live activity `activityId` of course `courseId` (joined with its module),
 * or undefined when it is deleted or of another course. One SELECT.
 */
export async function findActivityOpenFacts(db: Db, activityId: number, courseId: number): Promise<ActivityOpenFacts | undefined> {
  const [row] = await db
    .select({
      id: activities.id,
      title: activities.title,
      isPublished: activities.isPublished,
      isModulePublished: courseModules.isPublished,
      startTime: activities.startTime,
      endTime: activities.endTime,
      criterion: activities.completionCriterion,
    })
    .from(activities)
    .innerJoin(courseModules, eq(courseModules.id, activities.moduleId))
    .where(and(eq(activities.id, activityId), eq(activities.courseId, courseId), isNull(activities.deletedAt)));
  return row;
}

/**
 * The live, received files activity `activityId` holds that belong to organisation `orgId`, in
 * activity order (sort, then link id): `{ id, name, type, status, size }[]`. One SELECT.
 */
export async function listGuestActivityFiles(db: Db, activityId: number, orgId: number) {
  return db
    .select({ id: uploads.id, name: uploads.name, type: uploads.type, status: uploads.status, size: uploads.size })
    .from(activityUploads)
    .innerJoin(uploads, eq(uploads.id, activityUploads.uploadId))
    .where(and(eq(activityUploads.activityId, activityId), eq(uploads.orgId, orgId), isNull(uploads.deletedAt), isNotNull(uploads.receivedAt)))
    .orderBy(asc(activityUploads.sort), asc(activityUploads.id));
}

/**
 * The live activities of a course as `{ id, type }`, by sort then id; with `onlyPublished`, only
 * published activities of published modules. One SELECT.
 */
export async function listCourseActivityTypes(db: Db, courseId: number, onlyPublished: boolean) {
  return db
    .select({ id: activities.id, type: activities.type })
    .from(activities)
    .innerJoin(courseModules, eq(courseModules.id, activities.moduleId))
    .where(
      and(
        eq(activities.courseId, courseId),
        isNull(activities.deletedAt),
        ...(onlyPublished ? [eq(activities.isPublished, true), eq(courseModules.isPublished, true)] : []),
      ),
    )
    .orderBy(asc(activities.sort), asc(activities.id));
}

/** Which uploads these activities hold, as `{ activityId, uploadId }`, by activity then sort. One SELECT. */
export async function listHeldUploads(db: Db, activityIds: number[]): Promise<{ activityId: number; uploadId: number }[]> {
  return db
    .select({ activityId: activityUploads.activityId, uploadId: activityUploads.uploadId })
    .from(activityUploads)
    .where(inArray(activityUploads.activityId, activityIds))
    .orderBy(asc(activityUploads.activityId), asc(activityUploads.sort));
}
