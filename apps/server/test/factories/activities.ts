import type { Database } from '../../src/db/client.js';
import { activities, activityUploads, courseModules } from '../../src/modules/activities/activities.table.js';
import { examSubjects } from '../../src/modules/exams/exams.table.js';

/**
 * Activities have no API on this branch (issue 7 builds it): tests create them
 * straight through Drizzle. A module is made per activity.
 */
export async function createActivity(
  database: Database,
  options: {
    courseId: number;
    uploadIds?: number[];
    type?: (typeof activities.$inferInsert)['type'];
    isPublished?: boolean;
    canGuestPreview?: boolean;
    isForwardSeekingRefused?: boolean;
    data?: Record<string, unknown>;
    title?: string;
    completionCriterion?: 'viewed' | 'video_percent';
    completionPercent?: number;
  },
) {
  const db = database.db;
  const [module] = await db.insert(courseModules).values({ courseId: options.courseId, title: 'Module', isPublished: true }).returning();
  const [activity] = await db
    .insert(activities)
    .values({
      courseId: options.courseId,
      moduleId: module!.id,
      type: options.type ?? 'material',
      title: options.title ?? 'Activity',
      isPublished: options.isPublished ?? true,
      canGuestPreview: options.canGuestPreview ?? false,
      isForwardSeekingRefused: options.isForwardSeekingRefused ?? false,
      data: options.data ?? {},
      completionCriterion: options.completionCriterion ?? 'viewed',
      completionPercent: options.completionPercent ?? null,
    })
    .returning();
  const uploadIds = options.uploadIds ?? [];
  if (uploadIds.length > 0) await db.insert(activityUploads).values(uploadIds.map((uploadId, sort) => ({ activityId: activity!.id, uploadId, sort })));
  return activity!;
}

/** An exam subject of an exam activity holding `uploadIds`, with the spec §3 exam video settings. */
export async function createExamSubject(
  database: Database,
  options: { activityId: number; uploadIds: number[]; playLimit?: boolean; playLimitTimes?: number },
) {
  const [subject] = await database.db
    .insert(examSubjects)
    .values({
      activityId: options.activityId,
      type: 'short_answer',
      uploadIds: options.uploadIds,
      isPlayLimited: options.playLimit ?? false,
      playLimitTimes: options.playLimitTimes ?? 0,
    })
    .returning();
  return subject!;
}
