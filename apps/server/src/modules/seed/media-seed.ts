import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { activities, activityUploads, courseModules } from '../activities/activities.table.js';
import { courses } from '../courses/courses.table.js';
import { insertEnrolment } from '../enrolments/enrolments.repository.js';
import { examSubjects } from '../exams/exams.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { createUpload, receiveContent } from '../uploads/uploads.service.js';
import type { UserRow } from '../users/users.repository.js';
import type { SeedFileSet } from './demo-files.js';

/** The media demo course (issue 5): every previewer type, SCORM and an exam video with a play limit. */
export const MEDIA_COURSE = { courseCode: 'MEDIA101', name: 'Media and notes' };

/**
 * One seed file (`relative` to `dir`) uploaded to the course through the upload service, as an instructor's
 * upload would be (so it is processed); looked up by name first. Answers its upload id, or undefined (with a
 * warning naming the path) when the file is missing.
 */
export async function seedFile(deps: AppDeps, actor: Actor, courseId: number, dir: string, relative: string, isScorm: boolean): Promise<number | undefined> {
  const file = path.join(dir, relative);
  const name = path.basename(file);
  const [already] = await deps.db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.parentType, 'course'), eq(uploads.parentId, courseId), eq(uploads.name, name)));
  if (already) return already.id;
  if (!existsSync(file)) {
    deps.log.warn({ file }, 'demo file not found; the shipped ones are in apps/server/demo-files (ATRIUM_SEED_FILES_DIR unset)');
    return undefined;
  }
  const upload = await createUpload(deps, actor, {
    name,
    size: statSync(file).size,
    parent_type: 'course',
    parent_id: courseId,
    ...(isScorm ? { is_scorm: true } : {}),
  });
  await receiveContent(deps, actor, upload.id, createReadStream(file));
  return upload.id;
}

async function seedActivity(
  deps: AppDeps,
  courseId: number,
  moduleId: number,
  values: {
    type: 'material' | 'scorm' | 'exam';
    title: string;
    sort: number;
    canGuestPreview?: boolean;
    isForwardSeekingRefused?: boolean;
    data?: Record<string, unknown>;
    completionCriterion?: 'viewed' | 'submitted';
  },
  uploadIds: number[],
): Promise<number> {
  const [existing] = await deps.db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.courseId, courseId), eq(activities.title, values.title)));
  if (existing) return existing.id;
  const [row] = await deps.db
    .insert(activities)
    .values({ courseId, moduleId, isPublished: true, ...values })
    .returning({ id: activities.id });
  if (uploadIds.length > 0) await deps.db.insert(activityUploads).values(uploadIds.map((uploadId, sort) => ({ activityId: row!.id, uploadId, sort })));
  return row!.id;
}

/**
 * Seeds MEDIA101 (issue 5 journeys): the course with `instructor` and students `student1`, `student4`; the
 * set's media files (one per previewer type) and SCORM packages uploaded through the upload service (so they
 * are processed); a published material activity holding the media (guest preview on, forward seeking refused,
 * a copyright notice), a scorm activity holding the packages, and an exam whose one subject plays the video at
 * most once. Idempotent: everything is looked up first.
 */
export async function seedMediaCourse(
  deps: AppDeps,
  orgId: number,
  departmentId: number | null,
  userByName: Map<string, UserRow>,
  set: SeedFileSet,
): Promise<void> {
  const instructor = userByName.get('instructor');
  if (!instructor) return;
  const { db } = deps;
  let [course] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.orgId, orgId), eq(courses.courseCode, MEDIA_COURSE.courseCode)));
  if (!course) {
    [course] = await db
      .insert(courses)
      .values({
        orgId,
        departmentId,
        ...MEDIA_COURSE,
        academicYear: '2026-2027',
        semester: 'Autumn',
        accessCode: null,
        isPublished: true,
        createdById: instructor.id,
      })
      .returning();
  }
  if (!course) throw new Error('demo course MEDIA101 missing');
  await insertEnrolment(db, course.id, instructor.id, 'instructor');
  for (const name of ['student1', 'student4']) {
    const member = userByName.get(name);
    if (member) await insertEnrolment(db, course.id, member.id, 'student');
  }
  const actor: Actor = { id: instructor.id, orgId, role: instructor.role, name: instructor.name, departmentId: instructor.departmentId };
  const media: number[] = [];
  for (const f of set.media) {
    const id = await seedFile(deps, actor, course.id, set.dir, f, false);
    if (id !== undefined) media.push(id);
  }
  const packages: number[] = [];
  for (const f of set.scorm.files) {
    const id = await seedFile(deps, actor, course.id, set.dir, f, true);
    if (id !== undefined) packages.push(id);
  }
  let [module] = await db
    .select()
    .from(courseModules)
    .where(and(eq(courseModules.courseId, course.id), eq(courseModules.title, 'Media')));
  if (!module) [module] = await db.insert(courseModules).values({ courseId: course.id, title: 'Media', isPublished: true }).returning();
  await seedActivity(
    deps,
    course.id,
    module!.id,
    {
      type: 'material',
      title: 'Every kind of file',
      sort: 0,
      canGuestPreview: true,
      isForwardSeekingRefused: true,
      data: { copyright_notice: '© Atrium demo — not for redistribution' },
    },
    media,
  );
  await seedActivity(deps, course.id, module!.id, { type: 'scorm', title: set.scorm.title, sort: 1 }, packages);
  const examId = await seedActivity(deps, course.id, module!.id, { type: 'exam', title: 'Listening exam', sort: 2, completionCriterion: 'submitted' }, []);
  const video = media[set.media.indexOf(set.video.file)];
  const [subject] = await db.select({ id: examSubjects.id }).from(examSubjects).where(eq(examSubjects.activityId, examId));
  if (!subject && video !== undefined) {
    await db.insert(examSubjects).values({
      activityId: examId,
      type: 'short_answer',
      description: '<p>Watch the video once, then describe it.</p>',
      uploadIds: [video],
      isPlayLimited: true,
      playLimitTimes: 1,
    });
  }
}
