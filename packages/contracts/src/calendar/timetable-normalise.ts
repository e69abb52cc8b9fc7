import { TIMETABLE_SAVED_COLOR } from './calendar.constants.js';

/** Repeat types of a timetable (spec §3). `custom` = every `repeat_frequency` weeks on the weekly days. */
export type RepeatType = 'no_repeat' | 'day' | 'week' | 'custom';
/** Update scope of an edit or delete (spec §3): this occurrence, or this and the following ones. */
export type UpdateScope = 'current' | 'current_and_after';

/** The timetable fields the save normalisation touches (spec §5 "Timetable save"). */
export interface TimetableDraft {
  repeat_type: RepeatType;
  repeat_frequency?: number | null;
  /** Weekday numbers 1-7 (Monday-Sunday) as a list or already comma-joined. */
  repeat_weekly_days?: number[] | string | null;
  repeat_end_date?: string | null;
  update_scope?: UpdateScope | null;
  send_ntf?: boolean;
  ntf_content?: string | null;
  color?: string | null;
}

/** The normalised form: weekly days comma-joined, fields a repeat type does not use removed. */
export interface NormalisedTimetable {
  repeat_type: RepeatType;
  repeat_frequency?: number;
  repeat_weekly_days?: string;
  repeat_end_date?: string;
  update_scope?: UpdateScope;
  send_ntf: boolean;
  ntf_content?: string;
  color: string;
}

function joinDays(days: number[] | string | null | undefined): string | undefined {
  if (days === null || days === undefined) return undefined;
  const list = Array.isArray(days)
    ? days
    : days
        .split(',')
        .filter((d) => d.trim() !== '')
        .map((d) => Number(d.trim()));
  const unique = [...new Set(list)].sort((a, b) => a - b);
  return unique.length === 0 ? undefined : unique.join(',');
}

/**
 * Spec §5 timetable save normalisation, exactly: scope `current` forces no repeat;
 * no_repeat drops frequency, weekly days and end date; day drops frequency and weekly
 * days; week sets frequency 1 and joins weekly days; custom joins weekly days;
 * ntf_content is dropped when send_ntf is false; the colour is forced to
 * TIMETABLE_SAVED_COLOR. Pure; other fields of `draft` pass through unchanged.
 */
export function normaliseTimetable<T extends TimetableDraft>(draft: T): Omit<T, keyof TimetableDraft> & NormalisedTimetable {
  const { repeat_frequency, repeat_weekly_days, repeat_end_date, ntf_content, update_scope, ...rest } = draft;
  const repeatType: RepeatType = update_scope === 'current' ? 'no_repeat' : draft.repeat_type;
  const out: Record<string, unknown> = { ...rest, repeat_type: repeatType, send_ntf: draft.send_ntf === true, color: TIMETABLE_SAVED_COLOR };
  if (update_scope) out.update_scope = update_scope;
  if (repeatType === 'day') {
    if (repeat_end_date) out.repeat_end_date = repeat_end_date;
  } else if (repeatType === 'week') {
    out.repeat_frequency = 1;
    const days = joinDays(repeat_weekly_days);
    if (days) out.repeat_weekly_days = days;
    if (repeat_end_date) out.repeat_end_date = repeat_end_date;
  } else if (repeatType === 'custom') {
    if (repeat_frequency !== null && repeat_frequency !== undefined) out.repeat_frequency = repeat_frequency;
    const days = joinDays(repeat_weekly_days);
    if (days) out.repeat_weekly_days = days;
    if (repeat_end_date) out.repeat_end_date = repeat_end_date;
  }
  if (out.send_ntf && ntf_content) out.ntf_content = ntf_content;
  return out as Omit<T, keyof TimetableDraft> & NormalisedTimetable;
}

/** Spec §4 meeting editability input. */
export interface MeetingEditability {
  kind: 'meeting' | 'instruction' | 'cloud_classroom';
  audit_status: 'pending' | 'agree' | 'reject';
  start_time: string;
  end_time: string;
}

/** Spec §4: is_started / is_ended derived from `now` against start_time and end_time. */
export function meetingTimes(m: Pick<MeetingEditability, 'start_time' | 'end_time'>, now: Date): { is_started: boolean; is_ended: boolean } {
  return { is_started: now.getTime() >= Date.parse(m.start_time), is_ended: now.getTime() >= Date.parse(m.end_time) };
}

/**
 * Spec §4 meeting audit_status, calendar flag: instruction meetings are always
 * editable; other meetings are editable unless agreed and already started.
 */
export function isMeetingCalendarEditable(m: MeetingEditability, now: Date): boolean {
  if (m.kind === 'instruction') return true;
  return !(m.audit_status === 'agree' && meetingTimes(m, now).is_started);
}

/** Spec §4: an existing (non-instruction) meeting's form is editable only when rejected. */
export function isMeetingFormEditable(m: MeetingEditability): boolean {
  return m.kind === 'instruction' || m.audit_status === 'reject';
}
