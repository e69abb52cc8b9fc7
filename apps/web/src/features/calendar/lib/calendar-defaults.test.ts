import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { TIMETABLE_DEFAULT_COLORS } from '@atrium/contracts';
import {
  allDayEndForEdit,
  calendarTitle,
  allDayEndForSave,
  availableViews,
  fullCalendarLocale,
  initialView,
  listsOf,
  newEventTimes,
  newMeetingTimes,
  newTimetableDefaults,
  toggledAllDayTimes,
} from './calendar-defaults';

const now = dayjs('2026-05-04T10:17:42');
const on = { timetable: true, meeting: true, instruction_meeting: true, cloud_classroom: true };

describe('calendar defaults (spec §4)', () => {
  it('a new event starts at the next full hour and lasts one hour', () => {
    const { start, end } = newEventTimes(now);
    expect(start.format('HH:mm:ss')).toBe('11:00:00');
    expect(end.diff(start, 'minute')).toBe(60);
  });
  it('a new timetable starts one hour after the next full hour, lasts two hours, no_repeat, first colour', () => {
    const d = newTimetableDefaults(now);
    expect(d.start.format('HH:mm')).toBe('12:00');
    expect(d.end.format('HH:mm')).toBe('14:00');
    expect(d).toMatchObject({ repeat_type: 'no_repeat', repeat_frequency: 1, color: TIMETABLE_DEFAULT_COLORS[0] });
  });
  it('a new meeting starts 10 minutes from now on the minute', () => {
    expect(newMeetingTimes(now).start.format('HH:mm:ss')).toBe('10:27:00');
  });
  it('all-day stores the next day and shows minus one; toggling resets the times', () => {
    expect(allDayEndForSave(dayjs('2026-05-04')).format('YYYY-MM-DD')).toBe('2026-05-05');
    expect(allDayEndForEdit(dayjs('2026-05-05')).format('YYYY-MM-DD')).toBe('2026-05-04');
    const allDay = toggledAllDayTimes(true, dayjs('2026-05-06T15:30'), now);
    expect([allDay.start.format('YYYY-MM-DD HH:mm'), allDay.end.format('YYYY-MM-DD HH:mm')]).toEqual(['2026-05-06 00:00', '2026-05-07 00:00']);
    const timed = toggledAllDayTimes(false, dayjs('2026-05-06'), now);
    expect([timed.start.format('YYYY-MM-DD HH:mm'), timed.end.format('HH:mm')]).toEqual(['2026-05-06 11:00', '12:00']);
  });
});

describe('views by toggle (spec §2, §6)', () => {
  it('starts on timetable when its toggle is on, else on all; hides views whose toggle is off', () => {
    expect(initialView(on)).toBe('timetable');
    expect(initialView({ ...on, timetable: false })).toBe('all');
    expect(availableViews(on)).toEqual(['timetable', 'event', 'meeting', 'instructionMeeting', 'cloudClassroom', 'all']);
    expect(availableViews({ timetable: false, meeting: false, instruction_meeting: true, cloud_classroom: false })).toEqual([
      'event',
      'instructionMeeting',
      'all',
    ]);
    expect(listsOf('all', { ...on, meeting: false })).toEqual({ timetable: true, event: true, meeting: false, instructionMeeting: true, cloudClassroom: true });
    expect(listsOf('event', on)).toEqual({ timetable: false, event: true, meeting: false, instructionMeeting: false, cloudClassroom: false });
  });
  it('the calendar language follows the app: zh-cn, zh-tw, else en', () => {
    expect(fullCalendarLocale('zh-cn')).toBe('zh-cn');
    expect(fullCalendarLocale('zh-tw')).toBe('zh-tw');
    expect(fullCalendarLocale('th-th')).toBe('en');
    expect(fullCalendarLocale('en-us')).toBe('en');
  });
  it('Traditional Chinese of Macau and Hong Kong shows the zh-tw calendar, not English (decision 0021)', () => {
    expect(fullCalendarLocale('zh-mo')).toBe('zh-tw');
    expect(fullCalendarLocale('zh-MO')).toBe('zh-tw');
    expect(fullCalendarLocale('zh-hk')).toBe('zh-tw');
  });
});

describe('calendarTitle (spec §2 month title YYYY.MM; issue 20 §13)', () => {
  it('numbers the month, a week (across a year too) and a day', () => {
    expect(calendarTitle('month', { year: 2026, month: 2, day: 1 })).toBe('2026.03');
    expect(calendarTitle('week', { year: 2026, month: 2, day: 16 })).toBe('2026.03.16 – 03.22');
    expect(calendarTitle('week', { year: 2026, month: 11, day: 28 })).toBe('2026.12.28 – 2027.01.03');
    expect(calendarTitle('day', { year: 2026, month: 3, day: 1 })).toBe('2026.04.01');
  });
});
