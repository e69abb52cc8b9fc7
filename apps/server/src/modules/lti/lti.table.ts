import { doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { activities } from '../activities/activities.table.js';
import { users } from '../users/users.table.js';

/**
 * The platform's signing key pair (decision 0153; IMS Security Framework §6): RS256, made once on
 * the first need and kept; `kid` names it in the JWKS (`GET /api/lti/jwks`) and in every id_token.
 * The private key is a JWK (RFC 7517) in the database: whoever reads the database can sign as the platform.
 */
export const ltiPlatformKeys = pgTable(
  'lti_platform_keys',
  {
    id: serial('id').primaryKey(),
    kid: text('kid').notNull(),
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
    privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lti_platform_keys_kid_key').on(t.kid)],
);

/**
 * One started launch (LTI 1.3 Core §5.1; Security Framework §5.1.1): the `lti_message_hint` handed
 * to the tool's login initiation, good once for a few minutes, naming who launches what and which
 * message (`LtiResourceLinkRequest`, or `LtiDeepLinkingRequest` from the editor).
 */
export const ltiLaunches = pgTable(
  'lti_launches',
  {
    id: text('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageType: text('message_type').$type<'LtiResourceLinkRequest' | 'LtiDeepLinkingRequest'>().notNull(),
    /** The launcher's IMS role URIs in the course at launch (LTI 1.3 Core §5.3.7). */
    roles: jsonb('roles').$type<string[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lti_launches_activity_idx').on(t.activityId)],
);

/**
 * A learner's latest AGS score of an `lti` activity's line item (AGS 2.0 §3.4): what the tool
 * posted, kept for the results service; the gradebook gets the fully graded ones by event.
 */
export const ltiScores = pgTable(
  'lti_scores',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scoreGiven: doublePrecision('score_given'),
    scoreMaximum: doublePrecision('score_maximum'),
    comment: text('comment'),
    activityProgress: text('activity_progress').notNull(),
    gradingProgress: text('grading_progress').notNull(),
    /** The tool's timestamp of the score (AGS: older ones than the kept one are ignored). */
    scoredAt: timestamp('scored_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lti_scores_activity_user_key').on(t.activityId, t.userId)],
);
