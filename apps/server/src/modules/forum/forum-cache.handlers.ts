import { defineHandler } from '../events/events.service.js';
import { bumpForumCourse } from './forum-list-cache.js';

/**
 * Forgets a course's cached forum list answers (forum-list-cache.ts, decision 0110) on this instance
 * and, through the cache's NOTIFY, on the others, when who may read what in the course changed:
 * a member joined or left, changed role, a group or its members changed, a team member entered or
 * left preview, an activity or a module was published, unpublished, moved in time or deleted.
 * Idempotent: a bump only costs recomputation.
 */
export const forumCacheHandler = defineHandler({
  name: 'forum.cache',
  types: ['enrolment.created', 'enrolment.removed', 'activity.changed', 'course.access_changed'],
  async handle(event, { deps }) {
    await bumpForumCourse(deps, event.payload.course_id);
  },
});
