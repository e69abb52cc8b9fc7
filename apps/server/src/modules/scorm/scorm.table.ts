import { integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Sco, ScormVersion } from '@atrium/contracts';
import { activities } from '../activities/activities.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { users } from '../users/users.table.js';

/**
 * A processed SCORM package (spec §3 Scorm, decision 0031): what imsmanifest.xml
 * says and where each extracted file is. `files` maps the package-relative path
 * (as in the zip, `/`-separated) to its store key under `derived/{uploadId}/scorm/`.
 */
export const scormPackages = pgTable('scorm_packages', {
  uploadId: integer('upload_id')
    .primaryKey()
    .references(() => uploads.id, { onDelete: 'cascade' }),
  version: text('version').$type<ScormVersion>().notNull(),
  title: text('title').notNull(),
  scos: jsonb('scos').$type<Sco[]>().notNull(),
  files: jsonb('files').$type<Record<string, string>>().notNull(),
  /** Bytes, uncompressed. */
  totalSize: integer('total_size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One learner's SCORM runtime data for one SCO of one activity's package
 * (decision 0031). `cmi` is the last committed CMI object; the tracked fields
 * are copied out. `totalSeconds` sums the closed sessions; `sessionSeconds` is
 * the current session's time (rolled into the total at the next launch).
 */
export const scormRuntimeRecords = pgTable(
  'scorm_runtime_records',
  {
    id: serial('id').primaryKey(),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sco: text('sco').notNull(),
    cmi: jsonb('cmi').$type<Record<string, unknown>>(),
    /** 1.2 lesson_status, or 2004 completion_status (success_status kept in cmi). */
    status: text('status'),
    score: real('score'),
    location: text('location'),
    suspendData: text('suspend_data'),
    totalSeconds: real('total_seconds').notNull().default(0),
    sessionSeconds: real('session_seconds').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('scorm_runtime_records_key').on(t.uploadId, t.activityId, t.userId, t.sco)],
);
