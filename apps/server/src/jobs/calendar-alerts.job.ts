import { DateTime } from 'luxon';
import type { AppDeps } from '../lib/deps.js';
import { timeZoneOf } from '../modules/calendar/calendar-scope.js';
import { claimEventAlert } from '../modules/calendar/calendar.repository.js';
import { dueAlerts, recipientsOf } from '../modules/calendar/events.service.js';
import { enqueueEmails } from '../modules/outbox/outbox.service.js';

/**
 * E-mail alerts of calendar events (spec §3 alert_id, send_email_alert): every event whose
 * alert time has passed and whose alert is unsent is claimed (one UPDATE, so two instances
 * never both send) and one e-mail per addressee with an address goes to the outbox.
 * Runs every minute on the job queue; `now` for tests. Answers how many e-mails it queued.
 */
export async function sendDueCalendarAlerts(deps: AppDeps, now = new Date()): Promise<number> {
  let queued = 0;
  for (const event of await dueAlerts(deps.db, now)) {
    if (!(await claimEventAlert(deps.db, event.id, now))) continue;
    const recipients = (await recipientsOf(deps.db, event.id)).filter((r): r is { id: number; name: string; email: string } => !!r.email);
    const emails = [];
    for (const r of recipients) {
      const zone = await timeZoneOf(deps.db, r.id);
      const when = DateTime.fromJSDate(event.startTime, { zone }).toFormat('yyyy.MM.dd HH:mm');
      emails.push({
        to: r.email,
        subject: `Reminder: ${event.title} at ${when}`,
        text: `${event.title}\n${when}${event.location ? `\n${event.location}` : ''}${event.description ? `\n\n${event.description}` : ''}`,
        kind: 'calendar-alert',
      });
    }
    await enqueueEmails(deps.db, emails);
    queued += emails.length;
  }
  return queued;
}
