import ical, { ICalEventRepeatingFreq, ICalWeekday, type ICalRepeatingOptions } from 'ical-generator';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { DateTime } from 'luxon';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { calendarLiveActivities } from '../live/live.service.js';
import { listVisibleEvents } from './calendar-events.repository.js';
import { deleteFeedOfUser, findFeedOwner, findFeedToken, insertFeed, listVisibleMeetings } from './calendar-feeds.repository.js';
import { myCourses, timeZoneOf } from './calendar-scope.js';
import { parseWeeklyDays } from './recurrence.js';
import type { TimetableRow } from './timetables.repository.js';
import { ruleOfRow, seriesInWindow } from './timetables.service.js';

const WEEKDAYS = [ICalWeekday.MO, ICalWeekday.TU, ICalWeekday.WE, ICalWeekday.TH, ICalWeekday.FR, ICalWeekday.SA, ICalWeekday.SU];
/** Events and meetings in the feed: from this many days ago … */
const FEED_PAST_DAYS = 92;
/** … to this many days ahead. Timetable series go in whole (RRULE). */
const FEED_FUTURE_DAYS = 400;

/** The feed path of a token (public, `.ics`). */
export function feedPath(token: string): string {
  return `/api/calendar-feed/${token}.ics`;
}

/** `GET /api/calendar-feed`: the actor's feed path, or null when none (or revoked). */
export async function myFeed(deps: AppDeps, actor: Actor): Promise<{ url: string | null }> {
  const token = await findFeedToken(deps.db, actor.id);
  return { url: token !== undefined ? feedPath(token) : null };
}

/** `POST /api/calendar-feed`: a new private feed URL; any previous URL stops working. */
export async function rotateFeed(deps: AppDeps, actor: Actor): Promise<{ url: string }> {
  const token = randomToken();
  await deps.db.transaction(async (tx) => {
    await deleteFeedOfUser(tx, actor.id);
    await insertFeed(tx, actor.id, token, sha256Hex(token));
  });
  return { url: feedPath(token) };
}

/** `DELETE /api/calendar-feed`: revokes the feed URL. */
export async function revokeFeed(deps: AppDeps, actor: Actor): Promise<{ message: string }> {
  await deleteFeedOfUser(deps.db, actor.id);
  return { message: 'revoked' };
}

/** The repeat rule of a series for iCalendar (RFC 5545 §3.3.10 RRULE, §3.8.5.1 EXDATE); null for no_repeat. */
function repeatingOf(row: TimetableRow, courseEndDate: Date | null): ICalRepeatingOptions | null {
  const rule = ruleOfRow(row, courseEndDate);
  if (rule.repeatType === 'no_repeat') return null;
  const ends: number[] = [];
  const lastDate = [rule.repeatEndDate, rule.courseEndDate].filter((d): d is string => !!d).sort()[0];
  if (lastDate) ends.push(DateTime.fromISO(`${lastDate}T23:59:59`, { zone: rule.timeZone }).toMillis());
  if (rule.until) ends.push(rule.until.getTime() - 1000);
  const days = parseWeeklyDays(rule.repeatWeeklyDays);
  const startDay = DateTime.fromJSDate(rule.startTime, { zone: rule.timeZone }).weekday;
  return {
    freq: rule.repeatType === 'day' ? ICalEventRepeatingFreq.DAILY : ICalEventRepeatingFreq.WEEKLY,
    interval: rule.repeatType === 'custom' ? Math.max(1, rule.repeatFrequency ?? 1) : 1,
    ...(rule.repeatType === 'day' ? {} : { byDay: (days.length > 0 ? days : [startDay]).map((d) => WEEKDAYS[d - 1]!) }),
    startOfWeek: ICalWeekday.MO,
    ...(ends.length > 0 ? { until: new Date(Math.min(...ends)) } : {}),
    ...(rule.exdates.length > 0
      ? { exclude: rule.exdates.map((d) => DateTime.fromISO(d, { zone: rule.timeZone }).toFormat("yyyy-MM-dd'T'HH:mm:ss")), excludeTimezone: rule.timeZone }
      : {}),
  };
}

/**
 * `GET /api/calendar-feed/{token}.ics` (public; beyond the spec): the token owner's calendar
 * as iCalendar (RFC 5545) for Google Calendar, Outlook and Apple Calendar: timetable series
 * with RRULE and EXDATE in their time zone (VTIMEZONE included), events, meetings and the live
 * activities of the owner's courses (decision 0150) from 92 days ago to 400 days ahead. 404 CALENDAR_FEED_NOT_FOUND for an unknown or revoked token.
 */
export async function feedIcs(deps: AppDeps, token: string, now = new Date()): Promise<string> {
  const row = await findFeedOwner(deps.db, sha256Hex(token));
  if (!row) throw new AppError('CALENDAR_FEED_NOT_FOUND', 'This calendar feed does not exist or was revoked');
  const actor: Actor = row;
  const zone = await timeZoneOf(deps.db, actor.id);
  const cal = ical({
    name: `Atrium — ${actor.name}`,
    prodId: { company: 'Atrium', product: 'calendar', language: 'EN' },
    timezone: { name: zone, generator: getVtimezoneComponent },
  });
  const from = new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000);
  const to = new Date(now.getTime() + FEED_FUTURE_DAYS * 86_400_000);

  const mine = await myCourses(deps.db, actor.id);
  for (const t of await seriesInWindow(deps.db, [...mine.keys()], null, null)) {
    const course = mine.get(t.courseId)!;
    cal.createEvent({
      id: `timetable-${t.id}@atrium`,
      start: t.startTime,
      end: t.endTime,
      timezone: t.timeZone,
      summary: course.name,
      description: t.description ?? undefined,
      location: t.location ?? undefined,
      repeating: repeatingOf(t, course.endDate),
    });
  }
  const events = await listVisibleEvents(deps.db, actor, from, to);
  for (const e of events) {
    cal.createEvent({
      id: `event-${e.id}@atrium`,
      start: e.startTime,
      end: e.endTime,
      allDay: e.allDay,
      timezone: e.allDay ? null : zone,
      summary: e.title,
      description: e.description ?? undefined,
      location: e.location ?? undefined,
    });
  }
  const meetings = await listVisibleMeetings(deps.db, actor, from, to);
  for (const m of meetings) {
    cal.createEvent({
      id: `meeting-${m.id}@atrium`,
      start: m.startTime,
      end: m.endTime,
      timezone: zone,
      summary: m.title,
      description: m.description ?? undefined,
      location: m.room ?? undefined,
      url: m.joinUrl ?? undefined,
    });
  }
  // The meeting and live activities of my courses (decision 0150): a link to their detail, never the join URL
  // (a learner gets it only inside the join window, by joining).
  const live = await calendarLiveActivities(deps, actor, { start: from.toISOString(), end: to.toISOString() }, now);
  for (const l of live.live_activities) {
    cal.createEvent({
      id: `live-${l.id}@atrium`,
      // As wall-clock times of the zone: ical-generator writes a plain Date's process-local fields under TZID.
      start: DateTime.fromISO(l.start_time, { zone }),
      end: DateTime.fromISO(l.end_time, { zone }),
      timezone: zone,
      summary: `${l.title} · ${l.course_title}`,
      description: l.provider || undefined,
      url: `${deps.config.publicUrl}/course/${l.course_id}/live-activities#/${l.id}/detail`,
    });
  }
  return cal.toString();
}
