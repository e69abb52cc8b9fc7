import { index, integer, pgTable, real, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { NoteTargetType } from '@atrium/contracts';
import { activities } from '../activities/activities.table.js';
import { courses } from '../courses/courses.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { users } from '../users/users.table.js';

/**
 * A learner's note on a file (spec §3 Note): anchored at a video second, a
 * document page, or 0 for an image. `content` is HTML already sanitised by the
 * shared rich-text allow-list (lib/sanitize-html.ts sanitizeRichText).
 */
export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    targetType: text('target_type').$type<NoteTargetType>().notNull(),
    targetId: integer('target_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    /** Seconds (video), 1-based page (document), 0 (image). */
    anchor: real('anchor').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notes_target_idx').on(t.activityId, t.targetId, t.userId)],
);
