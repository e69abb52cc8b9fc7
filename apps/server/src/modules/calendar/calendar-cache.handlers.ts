import { defineHandler } from '../events/events.service.js';
import { bumpCalendarGeneration } from './calendar-cache.js';

/**
 * Forgets cached calendar answers (decision 0020) on this instance and, through the cache's own
 * NOTIFY, on the others, after a calendar write or a change of the zone timetables expand in
 * (a user's or an organisation's time zone). Idempotent: a bump only costs recomputation.
 */
export const calendarCacheHandler = defineHandler({
  name: 'calendar.cache',
  types: ['calendar.changed', 'user.time_zone_changed', 'org.time_zone_changed'],
  async handle(_event, { deps }) {
    await bumpCalendarGeneration(deps);
  },
});
