import { index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { departments, orgs } from '../orgs/orgs.table.js';

/** A person who signs in. `role` is spec §3's number: instructor 0, student 1, admin 2, wg admin 3. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    userNo: text('user_no').notNull(),
    name: text('name').notNull(),
    role: smallint('role').notNull(),
    email: text('email'),
    mobilePhone: text('mobile_phone'),
    /** IANA time zone the user's calendar repeats in; null = the org's, else Asia/Shanghai (decision 0020). */
    timeZone: text('time_zone'),
    /** The interface language the person chose (spec §1 LOCALES); null = not chosen yet. E-mails to them are written in it (issue 23 §2). */
    locale: text('locale'),
    passwordHash: text('password_hash').notNull(),
    /** When the user proved they read `email` (a signed link, issue 17 §4); null = unverified. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** When `mobilePhone` was bound by a 6-digit code (issue 17 §4; spec §6 forced mobile binding). */
    mobileVerifiedAt: timestamp('mobile_verified_at', { withTimezone: true }),
    /** Last password change; the organisation's password-expiry policy counts from it (else from createdAt). */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Spec §7 `PUT /api/user/association-code`: a code linking this account to an outside one. */
    associationCode: text('association_code'),
    /** When the user last signed in (a session made by POST /api/login); null = never since it was recorded (issue 25 early warning). */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_user_name_key').on(t.userName), index('users_org_idx').on(t.orgId)],
);

/** A signed-in browser. The cookie holds a 128-bit random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins (issue 20 §1, decision 0120), kept in the database so every instance sees them:
 * one row per account (`scope` 'account', `subject` the lower-cased user name as typed, whether or not
 * it exists) and per client address (`scope` 'address', `subject` the address; IPv6 by its /64).
 * `failures` counts since the counter last started (it starts again after an hour without one);
 * `locked_until` is when the next attempt is allowed (null: not locked). A success deletes the
 * account's row; rows whose last failure is over an hour old are pruned.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    failures: integer('failures').notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.scope, t.subject] }), index('login_attempts_last_failed_idx').on(t.lastFailedAt)],
);
