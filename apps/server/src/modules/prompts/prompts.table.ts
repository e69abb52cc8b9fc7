import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/**
 * Codes and links of the account prompts (issue 17 §4, decision 0102): one row per mobile binding
 * code or verification e-mail sent. `purpose` 'mobile' keeps the SHA-256 of the 6-digit code and the
 * number it was sent to (`target`); 'email' rows only record when a link was sent (the link itself is
 * an HMAC-signed token, nothing to store), so resends can be limited to one a minute.
 * Kept apart from `auth_codes`, whose validated rows open the management area.
 */
export const accountCodes = pgTable(
  'account_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'mobile' | 'email'>().notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Wrong codes tried against this row; at MOBILE_CODE_MAX_ATTEMPTS it is spent. */
    attempts: smallint('attempts').notNull().default(0),
  },
  (t) => [index('account_codes_user_idx').on(t.userId, t.purpose, t.sentAt)],
);
