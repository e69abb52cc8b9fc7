import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The e-mail outbox (ARCHITECTURE.md "e-mail"): a message is written here in
 * the same transaction as the change it reports, and a sender delivers it over
 * SMTP when SMTP_URL is set. Without SMTP it stays 'pending' (readable by admins and tests).
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** What produced it: 'invite', 'outline_notify', 'auth_code' … */
    kind: text('kind').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_emails_status_idx').on(t.status, t.id)],
);
