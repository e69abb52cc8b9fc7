import type { Dayjs } from 'dayjs';
import { CALENDAR_COLORS, NEW_MEETING_LEAD_MINUTES, TIMETABLE_DEFAULT_COLORS, type CalendarView } from '@atrium/contracts';

/** The next full hour after `now` (spec §4: a new event starts there). */
export function nextFullHour(now: Dayjs): Dayjs {
  return now.startOf('hour').add(1, 'hour');
}

/** Spec §4 calendar event defaults: start at the next full hour, one hour long. */
export function newEventTimes(now: Dayjs): { start: Dayjs; end: Dayjs } {
  const start = nextFullHour(now);
  return { start, end: start.add(1, 'hour') };
}

/** Spec §4 all-day toggle: the times reset — all-day runs from today to the next day (exclusive end); timed returns to the defaults. */
export function toggledAllDayTimes(allDay: boolean, day: Dayjs, now: Dayjs): { start: Dayjs; end: Dayjs } {
  if (allDay) return { start: day.startOf('day'), end: day.startOf('day').add(1, 'day') };
  const { start, end } = newEventTimes(now);
  return {
    start: day.hour(start.hour()).minute(0).second(0).millisecond(0),
    end: day.hour(start.hour()).minute(0).second(0).millisecond(0).add(end.diff(start, 'minute'), 'minute'),
  };
}

/** Spec §4: an all-day event stores its end as the next day and shows it minus one day on edit. */
export function allDayEndForEdit(storedEnd: Dayjs): Dayjs {
  return storedEnd.subtract(1, 'day');
}
/** The stored end of an all-day event whose last shown day is `shownEnd`. */
export function allDayEndForSave(shownEnd: Dayjs): Dayjs {
  return shownEnd.startOf('day').add(1, 'day');
}

/** Spec §4 timetable defaults: start at the next full hour plus one hour, two hours long, no_repeat, frequency 1, first default colour. */
export function newTimetableDefaults(now: Dayjs) {
  const start = nextFullHour(now).add(1, 'hour');
  return { start, end: start.add(2, 'hour'), repeat_type: 'no_repeat' as const, repeat_frequency: 1, color: TIMETABLE_DEFAULT_COLORS[0] };
}

/** Spec §4/§9: a new meeting starts 10 minutes from now, on the minute; one hour long. */
export function newMeetingTimes(now: Dayjs): { start: Dayjs; end: Dayjs } {
  const start = now.add(NEW_MEETING_LEAD_MINUTES, 'minute').second(0).millisecond(0);
  return { start, end: start.add(1, 'hour') };
}

/** Spec §2/§6 toggles as the calendar reads them. */
export interface CalendarToggles {
  timetable: boolean;
  meeting: boolean;
  instruction_meeting: boolean;
  cloud_classroom: boolean;
}

/** The views offered (spec §2, §6): event and all always; the others only when their toggle is on. */
export function availableViews(t: CalendarToggles): CalendarView[] {
  const views: CalendarView[] = [];
  if (t.timetable) views.push('timetable');
  views.push('event');
  if (t.meeting) views.push('meeting');
  if (t.instruction_meeting) views.push('instructionMeeting');
  if (t.cloud_classroom) views.push('cloudClassroom');
  views.push('all');
  return views;
}

/** Spec §2: the calendar starts on timetable when the timetable toggle is on, else on all. */
export function initialView(t: CalendarToggles): CalendarView {
  return t.timetable ? 'timetable' : 'all';
}

/** Which lists a view shows (all = every list whose toggle is on). */
export function listsOf(view: CalendarView, t: CalendarToggles) {
  const all = view === 'all';
  return {
    timetable: t.timetable && (all || view === 'timetable'),
    event: all || view === 'event',
    meeting: t.meeting && (all || view === 'meeting'),
    instructionMeeting: t.instruction_meeting && (all || view === 'instructionMeeting'),
    cloudClassroom: t.cloud_classroom && (all || view === 'cloudClassroom'),
  };
}

/** Colours of spec §9 per item kind. */
export const KIND_COLORS = {
  meeting: CALENDAR_COLORS.meeting,
  instruction: CALENDAR_COLORS.instructionMeeting,
  cloud_classroom: CALENDAR_COLORS.cloudClassroom,
  /** Live activities of courses (decision 0150): not a spec §9 kind, a teal of their own. */
  live: '#13A8A8',
} as const;

/** FullCalendar's locale for an app language (spec §2: zh-cn, zh-tw, en; others fall back to en, except zh-mo and zh-hk, which read Traditional Chinese and get zh-tw: decision 0021). */
export function fullCalendarLocale(language: string): 'zh-cn' | 'zh-tw' | 'en' {
  const l = language.toLowerCase();
  if (l === 'zh-cn') return 'zh-cn';
  if (l === 'zh-tw' || l === 'zh-mo' || l === 'zh-hk') return 'zh-tw';
  return 'en';
}

/** A calendar date as FullCalendar hands it to a title formatter: `month` is 0-based. */
export interface CalendarTitleDate {
  year: number;
  month: number;
  day: number;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The toolbar title of a calendar view (spec §2 "The month title format is YYYY.MM"; §9 dates
 * YYYY.MM.DD), numeric in every language: the month view `2026.03`; the week view its first and
 * last (seventh) day, `2026.03.16 – 03.22` (the year repeated when the week crosses one); the
 * day view `2026.03.18`. `start` is the first day shown, as FullCalendar passes it.
 */
export function calendarTitle(unit: 'month' | 'week' | 'day', start: CalendarTitleDate): string {
  if (unit === 'month') return `${start.year}.${pad2(start.month + 1)}`;
  const first = `${start.year}.${pad2(start.month + 1)}.${pad2(start.day)}`;
  if (unit === 'day') return first;
  const last = new Date(Date.UTC(start.year, start.month, start.day + 6));
  const lastMonthDay = `${pad2(last.getUTCMonth() + 1)}.${pad2(last.getUTCDate())}`;
  return `${first} – ${last.getUTCFullYear() === start.year ? '' : `${last.getUTCFullYear()}.`}${lastMonthDay}`;
}
