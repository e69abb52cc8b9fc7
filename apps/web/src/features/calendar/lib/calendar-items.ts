import type { CalendarEvent, CalendarLiveActivity, Meeting, Timetable } from '@atrium/contracts';
import { KIND_COLORS } from './calendar-defaults';

/** What a calendar item is, so clicks and drags reach the right popup and call. */
export type ItemRef =
  | { kind: 'event'; item: CalendarEvent }
  | { kind: 'timetable'; item: Timetable }
  | { kind: 'meeting'; item: Meeting }
  | { kind: 'live'; item: CalendarLiveActivity };

/** A FullCalendar event input built from our items (kept minimal and typed here). */
export interface CalendarItem {
  id: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  color?: string;
  /** A live activity's detail route: FullCalendar draws the item as a link (reachable by keyboard). */
  url?: string;
  editable: boolean;
  extendedProps: { ref: ItemRef };
}

/** Our lists → FullCalendar items with spec §9 colours; ids are unique per occurrence. Live activities (decision 0150) link to their detail and do not move. */
export function toCalendarItems(lists: {
  timetables?: Timetable[];
  events?: CalendarEvent[];
  meetings?: Meeting[];
  live?: CalendarLiveActivity[];
}): CalendarItem[] {
  const out: CalendarItem[] = [];
  for (const t of lists.timetables ?? []) {
    out.push({
      id: `timetable-${t.id}-${t.start_time}`,
      title: t.location ? `${t.course_title} · ${t.location}` : t.course_title,
      start: t.start_time,
      end: t.end_time,
      allDay: false,
      color: t.color,
      editable: t.editable,
      extendedProps: { ref: { kind: 'timetable', item: t } },
    });
  }
  for (const e of lists.events ?? []) {
    out.push({
      id: `event-${e.id}`,
      title: e.title,
      start: e.start_time,
      end: e.end_time,
      allDay: e.all_day,
      ...(e.color ? { color: e.color } : {}),
      editable: e.editable,
      extendedProps: { ref: { kind: 'event', item: e } },
    });
  }
  for (const m of lists.meetings ?? []) {
    out.push({
      id: `meeting-${m.id}`,
      title: m.title,
      start: m.start_time,
      end: m.end_time,
      allDay: false,
      color: KIND_COLORS[m.kind],
      editable: m.editable,
      extendedProps: { ref: { kind: 'meeting', item: m } },
    });
  }
  for (const l of lists.live ?? []) {
    out.push({
      id: `live-${l.id}`,
      title: `${l.title} · ${l.course_title}`,
      start: l.start_time,
      end: l.end_time,
      allDay: false,
      color: KIND_COLORS.live,
      url: `/course/${l.course_id}/live-activities#/${l.id}/detail`,
      editable: false,
      extendedProps: { ref: { kind: 'live', item: l } },
    });
  }
  return out;
}
