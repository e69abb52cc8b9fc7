import { defineHandler } from '../events/events.service.js';
import { recomputeCourseCompleteness } from './completeness.service.js';

/**
 * Recomputes the learner's course study completeness (recomputeCourseCompleteness) after their
 * read record of an activity was created or changed (`activity.read`: a visit, a page, play
 * progress, a finished SCORM package). Idempotent: it recomputes from the stored records.
 */
export const completenessHandler = defineHandler({
  name: 'progress.completeness',
  types: ['activity.read'],
  async handle(event, { deps, db }) {
    await recomputeCourseCompleteness({ ...deps, db }, event.payload.course_id, event.payload.user_id, event.createdAt);
  },
});
