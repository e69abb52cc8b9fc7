import { DateTime } from 'luxon';
import {
  normaliseTimetable,
  type CalendarWindowQuery,
  type CreateTimetableBody,
  type DeleteTimetableBody,
  type DomainEventInput,
  type Timetable,
  type UpdateTimetableBody,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { instructorsOf, rolesInCourse } from '../enrolments/enrolments.repository.js';
import { emit, transaction } from '../events/events.service.js';
import { myCourses, timeZoneOf } from './calendar-scope.js';
import { assertManagesCourseCalendar, managesCourseCalendar } from './calendar.policy.js';
import { expandSeries, expandSeriesIso, type IsoOccurrence, type Occurrence, type SeriesRule } from './recurrence.js';
import {
  deleteTimetableRow,
  findCourseOrgId,
  findTimetable,
  findTimetableCourse,
  insertTimetable,
  rewriteTimetable,
  setTimetableExdates,
  setTimetableUntil,
  seriesInWindowWithInstructors,
  type NewTimetableValues,
  type TimetableCourse as CourseFacts,
  type TimetableRow,
} from './timetables.repository.js';

/** Timetable series of courses that may have occurrences in a window (kept here for callers of this service; the query lives in timetables.repository). */
export { seriesInWindow } from './timetables.repository.js';

/** The series rule of a row; the course's end date bounds it as a local date (spec §3 course_end_date). */
export function ruleOfRow(row: TimetableRow, courseEndDate: Date | null): SeriesRule {
  return {
    startTime: row.startTime,
    endTime: row.endTime,
    timeZone: row.timeZone,
    repeatType: row.repeatType,
    repeatFrequency: row.repeatFrequency,
    repeatWeeklyDays: row.repeatWeeklyDays,
    repeatEndDate: row.repeatEndDate,
    courseEndDate: courseEndDate ? DateTime.fromJSDate(courseEndDate, { zone: row.timeZone }).toISODate() : null,
    until: row.until,
    exdates: row.exdates,
  };
}

/** The fields every occurrence of a series shares (computed once per series, not per occurrence). */
function seriesFields(row: TimetableRow, course: CourseFacts, instructors: string[], editable: boolean): Omit<Timetable, 'start_time' | 'end_time'> {
  return {
    id: row.id,
    course_id: row.courseId,
    course_title: course.name,
    instructors_names: instructors,
    repeat_type: row.repeatType,
    repeat_frequency: row.repeatFrequency,
    repeat_weekly_days: row.repeatWeeklyDays,
    repeat_end_date: row.repeatEndDate,
    editable,
    location: row.location,
    description: row.description,
    color: row.color,
    origin_repeat_type: row.originRepeatType,
    course_end_date: course.endDate ? DateTime.fromJSDate(course.endDate, { zone: row.timeZone }).toISODate() : null,
    series_start_time: row.startTime.toISOString(),
  };
}

function presentOccurrence(row: TimetableRow, course: CourseFacts, instructors: string[], occurrence: Occurrence, editable: boolean): Timetable {
  return withTimes(seriesFields(row, course, instructors, editable), occurrence);
}

/** One occurrence: the series' fields with its own start and end (an object literal of one shape: much cheaper than a spread, 400 times a week). */
function withTimes(f: Omit<Timetable, 'start_time' | 'end_time'>, occurrence: Occurrence | IsoOccurrence): Timetable {
  const iso = 'start_time' in occurrence ? occurrence : { start_time: occurrence.start.toISOString(), end_time: occurrence.end.toISOString() };
  return {
    id: f.id,
    course_id: f.course_id,
    course_title: f.course_title,
    instructors_names: f.instructors_names,
    start_time: iso.start_time,
    end_time: iso.end_time,
    repeat_type: f.repeat_type,
    repeat_frequency: f.repeat_frequency,
    repeat_weekly_days: f.repeat_weekly_days,
    repeat_end_date: f.repeat_end_date,
    editable: f.editable,
    location: f.location,
    description: f.description,
    color: f.color,
    origin_repeat_type: f.origin_repeat_type,
    course_end_date: f.course_end_date,
    series_start_time: f.series_start_time,
  };
}

/**
 * `GET /api/calendar-timetables?start=&end=` (spec §7): every occurrence in the window of
 * the timetables of the actor's courses, expanded from the stored rules (recurrence.ts).
 * `editable` for the course's instructors and assistants.
 */
export async function listTimetables(deps: AppDeps, actor: Actor, q: CalendarWindowQuery): Promise<{ timetables: Timetable[] }> {
  const mine = await myCourses(deps.db, actor.id);
  const from = new Date(q.start);
  const to = new Date(q.end);
  // The series with their instructors' names in one statement (decision 0140).
  const rows = await seriesInWindowWithInstructors(deps.db, [...mine.keys()], from, to);
  const out: Timetable[] = [];
  for (const row of rows) {
    const c = mine.get(row.courseId)!;
    const course = { id: row.courseId, name: c.name, orgId: actor.orgId, endDate: c.endDate, deletedAt: null };
    const editable = managesCourseCalendar(c.roles);
    const names = row.instructorNames;
    const occurrences = expandSeriesIso(ruleOfRow(row, c.endDate), from, to);
    if (occurrences.length === 0) continue;
    const fields = seriesFields(row, course, names, editable);
    for (const o of occurrences) out.push(withTimes(fields, o));
  }
  // ISO instants of one format sort as text; `<` rather than localeCompare (ICU), 400 items a week.
  out.sort((a, b) => (a.start_time < b.start_time ? -1 : a.start_time > b.start_time ? 1 : a.id - b.id));
  return { timetables: out };
}

/** Loads a course for timetable changes: 400 on course_id when unknown or foreign, 403 unless instructor, assistant or org admin. */
async function managedCourse(deps: AppDeps, actor: Actor, courseId: number): Promise<CourseFacts> {
  const course = await findTimetableCourse(deps.db, courseId);
  if (!course || course.deletedAt || course.orgId !== actor.orgId) throw AppError.field('course_id', 'unknown course');
  const roles = await rolesInCourse(deps.db, courseId, actor.id);
  assertManagesCourseCalendar(actor, roles, 'Only the course’s instructors and assistants change its timetable');
  return course;
}

/** Spec §5 normalisation on the server, plus the weekly-days rule: week and custom need at least one day (400 repeat_weekly_days). */
function normalised(body: CreateTimetableBody | UpdateTimetableBody, scope?: UpdateTimetableBody['update_scope']) {
  const n = normaliseTimetable({ ...body, ...(scope ? { update_scope: scope } : {}) });
  if ((n.repeat_type === 'week' || n.repeat_type === 'custom') && !n.repeat_weekly_days)
    throw AppError.field('repeat_weekly_days', 'choose at least one weekday');
  return n;
}

type SeriesValues = Omit<NewTimetableValues, 'id' | 'createdAt'>;

/** The row values of a new series; its start moves to the first occurrence that matches the rule (RFC 5545 DTSTART should match). */
function seriesValues(
  actor: Actor,
  course: CourseFacts,
  zone: string,
  body: CreateTimetableBody | UpdateTimetableBody,
  n: ReturnType<typeof normalised>,
  originRepeatType: TimetableRow['repeatType'],
): SeriesValues {
  const values: SeriesValues = {
    courseId: course.id,
    createdById: actor.id,
    startTime: new Date(body.start_time),
    endTime: new Date(body.end_time),
    timeZone: zone,
    repeatType: n.repeat_type,
    originRepeatType,
    repeatFrequency: n.repeat_frequency ?? null,
    repeatWeeklyDays: n.repeat_weekly_days ?? null,
    repeatEndDate: n.repeat_end_date ?? null,
    until: null,
    exdates: [],
    location: body.location ?? null,
    description: body.description ?? null,
    color: n.color,
  };
  const rule = ruleOfRow(values as TimetableRow, course.endDate);
  const first = expandSeries(rule, values.startTime, new Date(values.startTime.getTime() + 400 * 86_400_000))[0];
  if (!first) throw AppError.field('repeat_end_date', 'the series has no occurrence before its end date');
  return { ...values, startTime: first.start, endTime: first.end };
}

/**
 * The events of a timetable write (decision 0081): `calendar.changed` (its handler forgets cached
 * calendar answers) and, when the editor asked for it (`send_ntf`), `timetable.notice_requested`
 * (its handler e-mails the course's members).
 */
function changedEvents(
  action: 'created' | 'updated' | 'deleted',
  id: number,
  course: CourseFacts,
  n: { send_ntf: boolean; ntf_content?: string } = { send_ntf: false },
): DomainEventInput[] {
  const events: DomainEventInput[] = [{ type: 'calendar.changed', payload: { item: 'timetable', action, item_id: id, course_id: course.id } }];
  if (n.send_ntf) {
    const text = n.ntf_content ?? `The timetable of ${course.name} has changed.`;
    events.push({ type: 'timetable.notice_requested', payload: { course_id: course.id, course_name: course.name, text } });
  }
  return events;
}

async function firstOccurrence(deps: AppDeps, actor: Actor, row: TimetableRow, course: CourseFacts): Promise<Timetable | null> {
  const o = expandSeries(ruleOfRow(row, course.endDate), row.startTime, new Date(row.startTime.getTime() + 400 * 86_400_000))[0];
  if (!o) return null;
  const names = ((await instructorsOf(deps.db, [course.id])).get(course.id) ?? []).map((i) => i.name);
  return presentOccurrence(row, course, names, o, true);
}

/** `POST /api/calendar-timetables` (spec §7): normalises (spec §5) and stores the series in the actor's time zone. Answers message and timetable. */
export async function createTimetable(deps: AppDeps, actor: Actor, body: CreateTimetableBody): Promise<{ message: string; timetable: Timetable | null }> {
  const course = await managedCourse(deps, actor, body.course_id);
  const n = normalised(body);
  const zone = await timeZoneOf(deps.db, actor.id);
  const row = await transaction(deps, async (tx) => {
    const created = await insertTimetable(tx, seriesValues(actor, course, zone, body, n, n.repeat_type));
    await emit(deps, tx, changedEvents('created', created.id, course, n));
    return created;
  });
  return { message: 'created', timetable: await firstOccurrence(deps, actor, row, course) };
}

/** Loads a series the actor may change (404 TIMETABLE_NOT_FOUND; course rules of managedCourse). */
async function ownSeries(deps: AppDeps, actor: Actor, id: number): Promise<{ row: TimetableRow; course: CourseFacts }> {
  const row = await findTimetable(deps.db, id);
  if (!row) throw new AppError('TIMETABLE_NOT_FOUND', 'This timetable does not exist');
  const orgId = await findCourseOrgId(deps.db, row.courseId);
  if (orgId !== actor.orgId) throw new AppError('TIMETABLE_NOT_FOUND', 'This timetable does not exist');
  return { row, course: await managedCourse(deps, actor, row.courseId) };
}

/** The occurrence of the series starting exactly at `target`; 400 on `field` when there is none. */
function occurrenceAt(row: TimetableRow, course: CourseFacts, target: Date, field: string): Occurrence {
  const o = expandSeries(ruleOfRow(row, course.endDate), new Date(target.getTime() - 1), new Date(target.getTime() + 1)).find(
    (x) => x.start.getTime() === target.getTime(),
  );
  if (!o) throw AppError.field(field, 'no occurrence of this timetable starts at this time');
  return o;
}

/**
 * `PUT /api/calendar-timetables/{id}` (spec §3, §5): update_scope `current` moves one
 * occurrence out of the series (EXDATE) into a new single timetable; `current_and_after`
 * ends the series before update_target_time and starts a new series from the body
 * (or rewrites the series when the target is its first occurrence).
 */
export async function updateTimetable(
  deps: AppDeps,
  actor: Actor,
  id: number,
  body: UpdateTimetableBody,
): Promise<{ message: string; timetable: Timetable | null }> {
  const { row, course } = await ownSeries(deps, actor, id);
  const target = new Date(body.update_target_time);
  occurrenceAt(row, course, target, 'update_target_time');
  const newCourse = body.course_id === row.courseId ? course : await managedCourse(deps, actor, body.course_id);
  const n = normalised(body, row.repeatType === 'no_repeat' ? undefined : body.update_scope);
  const isFirst = target.getTime() === row.startTime.getTime();
  const values = seriesValues(actor, newCourse, row.timeZone, body, n, row.repeatType);
  const saved = await transaction(deps, async (tx) => {
    if (row.repeatType === 'no_repeat' || (body.update_scope === 'current_and_after' && isFirst)) {
      const u = await rewriteTimetable(tx, id, { ...values, createdById: row.createdById });
      await emit(deps, tx, changedEvents('updated', id, newCourse, n));
      return u!;
    }
    if (body.update_scope === 'current') {
      await setTimetableExdates(tx, id, [...row.exdates, target.toISOString()]);
    } else {
      await setTimetableUntil(tx, id, target);
    }
    const created = await insertTimetable(tx, values);
    await emit(deps, tx, changedEvents('updated', id, newCourse, n));
    return created;
  });
  return { message: 'updated', timetable: await firstOccurrence(deps, actor, saved, newCourse) };
}

/** `PUT /api/calendar-timetables/{id}/delete` (spec §7): removes the occurrence at target_time (current) or it and all later ones (current_and_after). */
export async function deleteTimetable(deps: AppDeps, actor: Actor, id: number, body: DeleteTimetableBody): Promise<{ message: string }> {
  const { row, course } = await ownSeries(deps, actor, id);
  const target = new Date(body.target_time);
  occurrenceAt(row, course, target, 'target_time');
  const isFirst = target.getTime() === row.startTime.getTime();
  await transaction(deps, async (tx) => {
    if (row.repeatType === 'no_repeat' || (body.update_scope === 'current_and_after' && isFirst)) {
      await deleteTimetableRow(tx, id);
    } else if (body.update_scope === 'current') {
      await setTimetableExdates(tx, id, [...row.exdates, target.toISOString()]);
    } else {
      await setTimetableUntil(tx, id, target);
    }
    await emit(deps, tx, changedEvents('deleted', id, course));
  });
  return { message: 'deleted' };
}
