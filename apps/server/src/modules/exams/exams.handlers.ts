import { findActivity } from '../activities/activities.repository.js';
import { defineHandler } from '../events/events.service.js';
import { markScoresPublished } from './exams.repository.js';

/**
 * The gradebook publishes or takes back an exam's scores (`scores.published` / `scores.unpublished`,
 * issue 16 §3): the exam's own publication (exam_states, read by `show_score: after_publish`)
 * follows, so a learner sees the same thing on the exam page and in the gradebook. Idempotent.
 */
export const examScoresPublicationHandler = defineHandler({
  name: 'exams.scores_publication',
  types: ['scores.published', 'scores.unpublished'],
  async handle(event, { db }) {
    const activity = await findActivity(db, event.payload.activity_id);
    if (!activity || activity.type !== 'exam') return;
    await markScoresPublished(db, activity.id, event.type === 'scores.published' ? event.createdAt : null);
  },
});
