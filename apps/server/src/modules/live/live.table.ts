import { index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { activities } from '../activities/activities.table.js';
import { users } from '../users/users.table.js';

/**
 * Attendance of a meeting or live activity (issue 24 item 1; decision 0150): one row per learner
 * who joined it through `POST /api/activities/{id}/join` inside its join window, with the first
 * and last join and how many times they joined. The course team's joins are not recorded.
 */
export const liveAttendance = pgTable(
  'live_attendance',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstJoinedAt: timestamp('first_joined_at', { withTimezone: true }).notNull(),
    lastJoinedAt: timestamp('last_joined_at', { withTimezone: true }).notNull(),
    joinCount: integer('join_count').notNull().default(1),
  },
  (t) => [uniqueIndex('live_attendance_activity_user_key').on(t.activityId, t.userId), index('live_attendance_user_idx').on(t.userId)],
);
