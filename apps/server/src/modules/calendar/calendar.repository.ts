import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { calendarEvents } from './calendar.table.js';

/**
 * Claims event `eventId`'s e-mail alert by stamping `alertSentAt` with `sentAt`, if it is unsent;
 * answers false when it was already sent (another instance took it). One UPDATE … RETURNING.
 */
export async function claimEventAlert(db: Db, eventId: number, sentAt: Date): Promise<boolean> {
  const [claimed] = await db
    .update(calendarEvents)
    .set({ alertSentAt: sentAt })
    .where(and(eq(calendarEvents.id, eventId), isNull(calendarEvents.alertSentAt)))
    .returning({ id: calendarEvents.id });
  return !!claimed;
}
