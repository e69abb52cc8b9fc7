import type { Db } from '../../db/client.js';
import { findActivity } from '../activities/activities.repository.js';
import { defineHandler } from '../events/events.service.js';
import { examGradeOf } from '../exams/exams.service.js';
import { participationGrading, participationGradesOf } from '../forum/forum-participation.js';
import { scormGradeOf } from '../scorm/scorm.service.js';
import { evaluateCertificate } from './certificates.service.js';
import { listCourseStudents, upsertGradeItem, upsertGrades } from './gradebook.repository.js';

/**
 * The gradebook's writers (issue 16 §3; ROADMAP: one gradebook model every score source writes
 * to): a scored homework submission sets the score of each learner it is for (0–100); a submitted
 * or graded exam attempt sets the learner's exam score by the exam's grade method; a SCORM commit
 * sets the package's score (percent of its SCOs' reported scores); an LTI tool's fully graded AGS score sets the learner's score in the line item's points (decision 0153); a topic or reply in a forum
 * graded on participation sets its author's score there (issue 18 §1: min(posts, posts_for_full) /
 * posts_for_full × max_score), and a change of such a forum (its settings) recomputes everyone who
 * posted; publishing an exam's scores on the exam page publishes its gradebook column. Idempotent:
 * each writes the current value, whatever ran before. Only the course's students get forum scores.
 */
export const gradebookHandler = defineHandler({
  name: 'gradebook.grades',
  types: [
    'homework.graded',
    'exam.attempt_submitted',
    'exam.attempt_graded',
    'exam.scores_published',
    'scorm.progressed',
    'lti.score_posted',
    'topic.created',
    'topic.replied',
    'forum.posts_deleted',
    'activity.changed',
  ],
  async handle(event, { db }) {
    switch (event.type) {
      case 'homework.graded': {
        const p = event.payload as { course_id: number; activity_id: number; user_ids: number[]; score: number };
        await upsertGrades(
          db,
          p.user_ids.map((userId) => ({ activityId: p.activity_id, userId, courseId: p.course_id, score: p.score, maxScore: 100, source: 'homework' })),
        );
        return;
      }
      case 'exam.attempt_submitted':
      case 'exam.attempt_graded': {
        const p = event.payload as { course_id: number; activity_id: number; user_id: number };
        const activity = await findActivity(db, p.activity_id);
        if (!activity) return;
        const grade = await examGradeOf(db, activity, p.user_id);
        if (!grade) return;
        await upsertGrades(db, [
          { activityId: p.activity_id, userId: p.user_id, courseId: p.course_id, score: grade.score, maxScore: grade.maxScore, source: 'exam' },
        ]);
        return;
      }
      case 'scorm.progressed': {
        const p = event.payload as { course_id: number; activity_id: number; user_id: number };
        const score = await scormGradeOf(db, p.activity_id, p.user_id);
        if (score === null) return;
        await upsertGrades(db, [{ activityId: p.activity_id, userId: p.user_id, courseId: p.course_id, score, maxScore: 100, source: 'scorm' }]);
        return;
      }
      case 'lti.score_posted': {
        const p = event.payload as { course_id: number; activity_id: number; user_id: number; score: number; max_score: number };
        await upsertGrades(db, [{ activityId: p.activity_id, userId: p.user_id, courseId: p.course_id, score: p.score, maxScore: p.max_score, source: 'lti' }]);
        return;
      }
      case 'topic.created':
      case 'topic.replied': {
        const p = event.payload as { course_id: number; activity_id: number | null; author_id: number; space: string };
        if (p.space !== 'course' || p.activity_id === null) return;
        await writeParticipation(db, p.course_id, p.activity_id, p.author_id);
        return;
      }
      case 'forum.posts_deleted': {
        const p = event.payload as { course_id: number; activity_id: number | null; author_ids: number[]; space: string };
        if (p.space !== 'course' || p.activity_id === null) return;
        for (const authorId of p.author_ids) await writeParticipation(db, p.course_id, p.activity_id, authorId);
        return;
      }
      case 'activity.changed': {
        const p = event.payload as { course_id: number; activity_id: number };
        await writeParticipation(db, p.course_id, p.activity_id);
        return;
      }
      case 'exam.scores_published': {
        const p = event.payload as { course_id: number; activity_id: number };
        await upsertGradeItem(db, p.activity_id, p.course_id, { publishedAt: event.createdAt });
        return;
      }
    }
  },
});

/**
 * Writes the participation scores of a forum activity graded on participation: of `authorId`, or
 * of every student who posted (a changed forum). Nothing for another activity, an ungraded forum or
 * someone who is not a student of the course.
 */
async function writeParticipation(db: Db, courseId: number, activityId: number, authorId?: number): Promise<void> {
  const activity = await findActivity(db, activityId);
  if (!activity || activity.type !== 'forum') return;
  const grading = participationGrading(activity.data);
  if (!grading) return;
  const students = new Set((await listCourseStudents(db, courseId, authorId)).map((s) => s.id));
  const scores = await participationGradesOf(db, activityId, grading, authorId === undefined ? undefined : [authorId]);
  await upsertGrades(
    db,
    scores
      .filter((s) => students.has(s.userId))
      .map((s) => ({ activityId, userId: s.userId, courseId, score: s.score, maxScore: s.maxScore, source: 'forum' })),
  );
}

/**
 * Certificates follow publication (issue 16 §4): when an activity's scores are published (in the
 * gradebook or on the exam page), each learner with a score is checked against the course's
 * certificate rule on their published scores and issued a certificate when they meet it.
 * Idempotent: a learner holds at most one certificate per course.
 */
export const certificatesHandler = defineHandler({
  name: 'gradebook.certificates',
  types: ['scores.published', 'exam.scores_published'],
  async handle(event, { db }) {
    const p = event.payload as { course_id: number; activity_id: number; user_ids: number[] };
    // The exam page's publication may reach here before the gradebook's handler marks the column.
    if (event.type === 'exam.scores_published') await upsertGradeItem(db, p.activity_id, p.course_id, { publishedAt: event.createdAt });
    for (const userId of p.user_ids) await evaluateCertificate(db, p.course_id, userId, event.createdAt);
  },
});
