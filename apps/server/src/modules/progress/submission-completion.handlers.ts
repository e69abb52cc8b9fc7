import { ExamDataSchema } from '@atrium/contracts';
import { findActivity } from '../activities/activities.repository.js';
import { upsertCompletedReadRecord } from '../activities/read-records.repository.js';
import { defineHandler } from '../events/events.service.js';
import { recomputeCourseCompleteness } from './completeness.service.js';

/**
 * Completion of activities whose criterion is a submission or a score (issue 7's `submitted` and
 * `scored`, decision 0070): a submitted exam attempt, questionnaire or homework (for every member
 * of a group) completes a `submitted`
 * activity; an exam attempt whose score (points) reaches the exam's pass score (any score when
 * it has none) completes a `scored` one. The activity's own read record (upload 0) is marked
 * completed and the learner's course completeness recomputed. Idempotent: marking twice is one.
 */
export const submissionCompletionHandler = defineHandler({
  name: 'progress.submission_completion',
  types: ['exam.attempt_submitted', 'exam.attempt_graded', 'questionnaire.submitted', 'homework.submitted', 'homework.graded'],
  async handle(event, { deps, db }) {
    const activity = await findActivity(db, event.payload.activity_id);
    if (!activity) return;
    const score = 'score' in event.payload ? event.payload.score : null;
    let completes = false;
    if (activity.completionCriterion === 'submitted') completes = event.type !== 'exam.attempt_graded' && event.type !== 'homework.graded';
    if (activity.completionCriterion === 'scored' && score !== null) {
      const parsed = ExamDataSchema.safeParse(activity.type === 'exam' ? (activity.data ?? {}) : {});
      const pass = parsed.success ? (parsed.data.pass_score ?? null) : null;
      completes = pass === null || score >= pass;
    }
    if (!completes) return;
    // Homework is handed in (and scored) for every member of a group at once.
    const userIds = 'user_ids' in event.payload ? event.payload.user_ids : [event.payload.user_id];
    for (const userId of userIds) {
      await upsertCompletedReadRecord(db, { activityId: activity.id, userId, uploadId: 0 }, event.createdAt);
      await recomputeCourseCompleteness({ ...deps, db }, activity.courseId, userId, event.createdAt);
    }
  },
});
