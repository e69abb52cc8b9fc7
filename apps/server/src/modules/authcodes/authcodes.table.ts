import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * Messaging-platform auth codes (spec §4 auth-code send, §5, §6): one row per
 * code sent; only its SHA-256 is stored. `validatedAt` marks the user validated
 * for the management area until `validUntil`.
 */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
  },
  (t) => [index('auth_codes_user_idx').on(t.userId, t.sentAt)],
);
