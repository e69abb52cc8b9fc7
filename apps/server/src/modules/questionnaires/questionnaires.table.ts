import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { activities } from '../activities/activities.table.js';
import { users } from '../users/users.table.js';

/**
 * A subject (question) of a questionnaire activity (issue 15 §5): single or multiple choice,
 * text, a rating scale or a matrix. No answer is right: nothing here is a key. `data` per type:
 * choices `options: [{id, content}]`; rating `min`, `max`, `min_label`, `max_label`; matrix
 * `rows: [{id, content}]`, `columns: [{id, content}]`; text `multiline`.
 */
export const questionnaireSubjects = pgTable(
  'questionnaire_subjects',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    type: text('type').notNull(),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    isRequired: boolean('is_required').notNull().default(false),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('questionnaire_subjects_activity').on(t.activityId)],
);

/**
 * One submitted questionnaire. In an anonymous questionnaire `userId` is null: who answered is
 * kept only in questionnaire_participations, which holds no answers, so no response can be
 * traced to a person. `answers` maps subject ids to answers.
 */
export const questionnaireResponses = pgTable(
  'questionnaire_responses',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('questionnaire_responses_activity').on(t.activityId)],
);

/** Who has answered a questionnaire (one response each), anonymous or not. */
export const questionnaireParticipations = pgTable(
  'questionnaire_participations',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.userId] })],
);
