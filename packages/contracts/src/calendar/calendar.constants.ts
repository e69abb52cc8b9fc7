/** Calendar constants of spec §9 and §2, shared by server and web. */

/** Calendar views (spec §2 calendar screen). */
export const CALENDAR_VIEWS = ['timetable', 'event', 'meeting', 'instructionMeeting', 'cloudClassroom', 'all'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** Colours of spec §9: calendar meeting, instruction-team meeting, cloud classroom. */
export const CALENDAR_COLORS = { meeting: '#5879B4', instructionMeeting: '#7AB27C', cloudClassroom: '#99DE9B' } as const;

/** Spec §9: the six default timetable colours; a new timetable takes the first. */
export const TIMETABLE_DEFAULT_COLORS = ['#F5A623', '#4A90E2', '#50E3C2', '#B8E986', '#BD10E0', '#9013FE'] as const;

/** Spec §5/§9: the colour every saved timetable gets (a fixed orange). */
export const TIMETABLE_SAVED_COLOR = '#F5A623';

/** Spec §9: the default calendar alert when alerts are on. */
export const DEFAULT_CALENDAR_ALERT_ID = 100;

/** Alerts offered by `GET /api/calendar-alerts`: id and minutes before the start (spec §7; id 100 = at the start). */
export const CALENDAR_ALERTS = [
  { id: 100, minutes_before: 0 },
  { id: 101, minutes_before: 5 },
  { id: 102, minutes_before: 15 },
  { id: 103, minutes_before: 30 },
  { id: 104, minutes_before: 60 },
  { id: 105, minutes_before: 1440 },
] as const;

/** Spec §9: new meetings start this many minutes from now, on the minute. */
export const NEW_MEETING_LEAD_MINUTES = 10;

/** Spec §9: timetable day numbers, 1 = Monday … 7 = Sunday. */
export const WEEKDAY_NUMBERS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The time zone of users without one (decision 0020). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
