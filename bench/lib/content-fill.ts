// Fill of the content benchmark (bench/content.bench.ts): one course of 40 modules × 15
// activities in checkpoint mode, 201 learners with read records (the bench student
// has read half of the course).
import { sql } from 'drizzle-orm';
import type { ActivityType } from '@atrium/contracts';
import type { Database } from '../../apps/server/src/db/client.js';
import { activities, activityReadRecords, activityUploads, courseModules } from '../../apps/server/src/modules/activities/activities.table.js';
import { recomputeCourseCompleteness } from '../../apps/server/src/modules/progress/completeness.service.js';
import { uploads } from '../../apps/server/src/modules/uploads/uploads.table.js';
import { fillCourse } from './course-fill.js';

export const MODULES = 40;
export const PER_MODULE = 15;
export const OTHER_STUDENTS = 200;
const TYPES: ActivityType[] = ['page', 'material', 'online_video', 'web_link', 'homework'];

/** Fills the course; answers its id. Other students' records make the read-record table realistic (several learners). */
export async function fillContentCourse(database: Database): Promise<{ courseId: number; studentId: number }> {
  const db = database.db;
  const filled = await fillCourse(database, {
    orgCode: 'bench',
    learners: OTHER_STUDENTS + 1,
    course: { name: 'Big course', courseCode: 'BIG', learningMode: 'checkpoint' },
    userNameOf: (k) => (k === 0 ? 'bench-student' : `s${k}`),
  });
  const { courseId, learnerIds } = filled;
  const mods = await db
    .insert(courseModules)
    .values(
      Array.from({ length: MODULES }, (_, m) => ({ courseId, title: `Week ${m + 1}`, summary: `<p>Week ${m + 1} summary</p>`, sort: m, isPublished: true })),
    )
    .returning({ id: courseModules.id });
  const rows = mods.flatMap((m, mi) =>
    Array.from({ length: PER_MODULE }, (_, k) => {
      const type = TYPES[(mi * PER_MODULE + k) % TYPES.length]!;
      return {
        courseId,
        moduleId: m.id,
        type,
        title: `Activity ${mi + 1}.${k + 1}`,
        description: '<p>Read and reflect.</p>',
        sort: k,
        isPublished: true,
        completionCriterion: type === 'online_video' ? ('video_percent' as const) : type === 'homework' ? ('submitted' as const) : ('viewed' as const),
        completionPercent: type === 'online_video' ? 80 : null,
        data: type === 'page' ? { content: '<p>Page</p>'.repeat(20) } : type === 'web_link' ? { url: 'https://example.org' } : {},
      };
    }),
  );
  const acts = await db.insert(activities).values(rows).returning({ id: activities.id, type: activities.type });
  const fileActs = acts.filter((a) => a.type === 'material' || a.type === 'online_video');
  const ups = await db
    .insert(uploads)
    .values(
      fileActs.map((a, i) => ({
        orgId: filled.orgId,
        ownerId: filled.teacherId,
        key: `bench/${i}`,
        name: a.type === 'material' ? `reading-${i}.pdf` : `lecture-${i}.mp4`,
        size: 1_000_000,
        type: a.type === 'material' ? 'document' : 'video',
        status: 'ready' as const,
        storageType: 'local' as const,
        parentType: 'course',
        parentId: courseId,
        receivedAt: new Date(),
        meta: a.type === 'material' ? { numPages: 12 } : { duration: 600 },
      })),
    )
    .returning({ id: uploads.id });
  await db.insert(activityUploads).values(fileActs.map((a, i) => ({ activityId: a.id, uploadId: ups[i]!.id, sort: 0 })));
  const uploadOf = new Map(fileActs.map((a, i) => [a.id, ups[i]!.id]));
  // Progress: each learner has read the first half of the course (the bench student) or a tenth of it (the others).
  for (const [li, userId] of learnerIds.entries()) {
    const upto = li === 0 ? acts.length / 2 : acts.length / 10;
    const records = acts.slice(0, upto).map((a) => ({
      activityId: a.id,
      userId,
      uploadId: uploadOf.get(a.id) ?? 0,
      viewedPages: a.type === 'material' ? Array.from({ length: 12 }, (_, p) => p + 1) : [],
      viewedRanges:
        a.type === 'online_video'
          ? ([
              [0, 300],
              [290, 600],
            ] as [number, number][])
          : [],
    }));
    for (let i = 0; i < records.length; i += 1000) await db.insert(activityReadRecords).values(records.slice(i, i + 1000));
  }
  await db.execute(sql`analyze`);
  await recomputeCourseCompleteness({ db } as Parameters<typeof recomputeCourseCompleteness>[0], courseId, learnerIds[0]!);
  return { courseId, studentId: learnerIds[0]! };
}
