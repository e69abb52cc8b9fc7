import { z } from 'zod';
import { pageOf } from '../common/pagination.schemas.js';
import { PAGE_SIZE_OPTIONS } from '../constants.js';
import { isHttpUrl } from '../activities/online-video.js';

const id = z.number().int().positive();
const isoTime = z.iso.datetime({ offset: true });
const hexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'a colour like #5879B4');

/** `?start=&end=` window of every calendar list: ISO-8601 instants, end after start, at most 62 days. */
export const CalendarWindowQuerySchema = z
  .object({ start: isoTime, end: isoTime })
  .refine((q) => Date.parse(q.end) > Date.parse(q.start), { message: 'end must be after start', path: ['end'] })
  .refine((q) => Date.parse(q.end) - Date.parse(q.start) <= 62 * 86_400_000, { message: 'the window is at most 62 days', path: ['end'] });
export type CalendarWindowQuery = z.infer<typeof CalendarWindowQuerySchema>;

export const CalendarIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

// ---------------------------------------------------------------- events (spec §3 Calendar event)

export const EventTargetTypeSchema = z.enum(['self', 'department', 'course']);
/** Target data (spec §3): department → department_ids, role_ids; course → course_id / course_ids, user_ids, group_ids, all_courses. */
export const EventTargetDataSchema = z.object({
  department_ids: z.array(id).max(500).optional(),
  role_ids: z.array(z.number().int().min(0).max(3)).max(4).optional(),
  course_id: id.nullable().optional(),
  course_ids: z.array(id).max(500).optional(),
  user_ids: z.array(id).max(5000).optional(),
  group_ids: z.array(id).max(500).optional(),
  /** "Send to all courses" (spec §5): with no course_ids, every course of the user. */
  all_courses: z.boolean().optional(),
});
export type EventTargetData = z.infer<typeof EventTargetDataSchema>;

/** `POST /api/calendar-events` and `PUT /api/calendar-events/{id}` body (spec §3, §5). All-day events end on the next day (exclusive). */
export const CalendarEventBodySchema = z
  .object({
    title: z.string().trim().min(1, 'title is required').max(200),
    all_day: z.boolean().default(false),
    start_time: isoTime,
    end_time: isoTime,
    color: hexColor.nullable().optional(),
    description: z.string().max(10_000).nullable().optional(),
    location: z.string().max(500).nullable().optional(),
    upload_ids: z.array(id).max(50).optional(),
    target_type: EventTargetTypeSchema.default('self'),
    target_data: EventTargetDataSchema.default({}),
    alert_id: z.number().int().nullable().optional(),
    send_email_alert: z.boolean().default(false),
    tag: z.string().trim().max(50).nullable().optional(),
  })
  .refine((b) => Date.parse(b.end_time) > Date.parse(b.start_time), { message: 'end_time must be after start_time', path: ['end_time'] });
export type CalendarEventBody = z.infer<typeof CalendarEventBodySchema>;

/** `PUT /api/calendar-events/{id}`: the full body, or only start_time and end_time (drag or resize, spec §2). */
export const UpdateCalendarEventBodySchema = z.union([
  CalendarEventBodySchema,
  z
    .object({ start_time: isoTime, end_time: isoTime, all_day: z.boolean().optional() })
    .refine((b) => Date.parse(b.end_time) > Date.parse(b.start_time), { message: 'end_time must be after start_time', path: ['end_time'] }),
]);
export type UpdateCalendarEventBody = z.infer<typeof UpdateCalendarEventBodySchema>;

export const CalendarEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  all_day: z.boolean(),
  start_time: isoTime,
  end_time: isoTime,
  color: z.string().nullable(),
  editable: z.boolean(),
  uploads: z.array(z.object({ id: z.number().int(), name: z.string() })),
  description: z.string().nullable(),
  location: z.string().nullable(),
  target_type: EventTargetTypeSchema,
  target_data: EventTargetDataSchema,
  alert_id: z.number().int().nullable(),
  send_email_alert: z.boolean(),
  tag: z.string().nullable(),
  created_by: z.object({ id: z.number().int(), name: z.string() }),
});
export type CalendarEvent = z.infer<typeof CalendarEventSchema>;
export const CalendarEventListSchema = z.object({ calendar_events: z.array(CalendarEventSchema) });
export const CalendarEventResponseSchema = z.object({ message: z.string(), calendar_event: CalendarEventSchema });

export const CalendarAlertListSchema = z.object({ alerts: z.array(z.object({ id: z.number().int(), minutes_before: z.number().int() })) });

/** `GET /api/calendar-events/users/{id}/courses`: courses the user may address events to. */
export const CalendarUserCoursesSchema = z.object({ courses: z.array(z.object({ id: z.number().int(), name: z.string(), role: z.string() })) });
/** A course group with its members (GET /api/courses/{id}/groups; members are still enrolled in the course). */
export const CourseGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  members: z.array(z.object({ id: z.number().int(), name: z.string(), user_no: z.string() })),
});
export type CourseGroup = z.infer<typeof CourseGroupSchema>;
export const CourseGroupsSchema = z.object({ groups: z.array(CourseGroupSchema) });
export type CourseGroups = z.infer<typeof CourseGroupsSchema>;
/** `POST /api/courses/{id}/groups` and `PUT /api/courses/{id}/groups/{groupId}` body: name and the members (user ids enrolled in the course; the list replaces the members). */
export const CourseGroupBodySchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(100),
  member_ids: z.array(z.number().int().positive()).max(2000).default([]),
});
export type CourseGroupBody = z.input<typeof CourseGroupBodySchema>;
export const CourseGroupResponseSchema = z.object({ message: z.string(), group: CourseGroupSchema });
export const CourseGroupParamsSchema = z.object({ id: z.coerce.number().int().positive(), groupId: z.coerce.number().int().positive() });
export const CourseStudentsSchema = z.object({ students: z.array(z.object({ id: z.number().int(), name: z.string(), user_no: z.string() })) });

// ---------------------------------------------------------------- timetables (spec §3 Timetable)

export const RepeatTypeSchema = z.enum(['no_repeat', 'day', 'week', 'custom']);
export const UpdateScopeSchema = z.enum(['current', 'current_and_after']);
const weeklyDays = z.string().regex(/^[1-7](,[1-7])*$/, 'weekday numbers 1-7 joined by commas');
const dateOnly = z.iso.date();

/** `POST /api/calendar-timetables` body, already normalised by the client (spec §5); the server normalises again. */
export const CreateTimetableBodySchema = z
  .object({
    course_id: id,
    start_time: isoTime,
    end_time: isoTime,
    repeat_type: RepeatTypeSchema.default('no_repeat'),
    repeat_frequency: z.number().int().min(1).max(52).optional(),
    repeat_weekly_days: weeklyDays.optional(),
    repeat_end_date: dateOnly.optional(),
    location: z.string().max(500).nullable().optional(),
    description: z.string().max(10_000).nullable().optional(),
    color: hexColor.optional(),
    send_ntf: z.boolean().default(false),
    ntf_content: z.string().max(2000).optional(),
  })
  .refine((b) => Date.parse(b.end_time) > Date.parse(b.start_time), { message: 'end_time must be after start_time', path: ['end_time'] });
export type CreateTimetableBody = z.infer<typeof CreateTimetableBodySchema>;

/** `PUT /api/calendar-timetables/{id}`: a create body plus update_scope and the occurrence it starts from (update_target_time). */
export const UpdateTimetableBodySchema = z
  .object({
    course_id: id,
    start_time: isoTime,
    end_time: isoTime,
    repeat_type: RepeatTypeSchema.default('no_repeat'),
    repeat_frequency: z.number().int().min(1).max(52).optional(),
    repeat_weekly_days: weeklyDays.optional(),
    repeat_end_date: dateOnly.optional(),
    location: z.string().max(500).nullable().optional(),
    description: z.string().max(10_000).nullable().optional(),
    color: hexColor.optional(),
    send_ntf: z.boolean().default(false),
    ntf_content: z.string().max(2000).optional(),
    update_scope: UpdateScopeSchema.default('current'),
    update_target_time: isoTime,
    origin_repeat_type: RepeatTypeSchema.optional(),
  })
  .refine((b) => Date.parse(b.end_time) > Date.parse(b.start_time), { message: 'end_time must be after start_time', path: ['end_time'] });
export type UpdateTimetableBody = z.infer<typeof UpdateTimetableBodySchema>;

/** `PUT /api/calendar-timetables/{id}/delete` body: the occurrence and whether the rest of the series goes too. */
export const DeleteTimetableBodySchema = z.object({ target_time: isoTime, update_scope: UpdateScopeSchema.default('current') });
export type DeleteTimetableBody = z.infer<typeof DeleteTimetableBodySchema>;

/** One occurrence of a timetable series in a window (spec §3 Timetable; `id` is the series). */
export const TimetableSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  course_title: z.string(),
  instructors_names: z.array(z.string()),
  start_time: isoTime,
  end_time: isoTime,
  repeat_type: RepeatTypeSchema,
  repeat_frequency: z.number().int().nullable(),
  repeat_weekly_days: z.string().nullable(),
  repeat_end_date: z.string().nullable(),
  editable: z.boolean(),
  location: z.string().nullable(),
  description: z.string().nullable(),
  color: z.string(),
  origin_repeat_type: RepeatTypeSchema,
  course_end_date: z.string().nullable(),
  /** Start of the first occurrence of the series. */
  series_start_time: isoTime,
});
export type Timetable = z.infer<typeof TimetableSchema>;
export const TimetableListSchema = z.object({ timetables: z.array(TimetableSchema) });
/** Spec §7: create and update answer message and timetable (the series' first occurrence). */
export const TimetableResponseSchema = z.object({ message: z.string(), timetable: TimetableSchema.nullable() });

// ---------------------------------------------------------------- meetings (spec §3 Calendar meeting)

export const AuditStatusSchema = z.enum(['pending', 'agree', 'reject']);
export const MeetingKindSchema = z.enum(['meeting', 'instruction', 'cloud_classroom']);
/** A stored link of a meeting (issue 20 §7): http or https only (never `javascript:`, `data:` …); empty means none. */
const meetingLink = z
  .string()
  .trim()
  .max(2000)
  .refine((u) => u === '' || isHttpUrl(u), { message: 'Only http and https links are allowed' });
const streamLink = z
  .string()
  .trim()
  .max(2000)
  .refine((u) => u === '' || isHttpUrl(u) || /^rtmps?:\/\/[^/\s]+/i.test(u), { message: 'Only http, https, rtmp and rtmps links are allowed' });
export const MeetingDataSchema = z.object({
  description: z.string().max(10_000).nullable().optional(),
  /** The live stream's address: http(s), or rtmp(s) where the stream is pushed or pulled (never a script or data URL). */
  live_config: z.object({ live_addr: streamLink.nullable().optional() }).optional(),
  join_url: meetingLink.nullable().optional(),
  replay_address: z.array(meetingLink).max(50).optional(),
  audit_status: AuditStatusSchema.optional(),
  host_user: z.object({ id }).partial().optional(),
});
/** Comma-joined organisation ids (spec §3 scope_org_ids, "sent comma-joined"). */
const scopeOrgIds = z.string().regex(/^(\d+(,\d+)*)?$/, 'organisation ids joined by commas');

/** `POST /api/calendar-meeting` and `PUT /api/calendar-meeting/{id}` body. */
export const MeetingBodySchema = z
  .object({
    title: z.string().trim().min(1, 'title is required').max(200),
    start_time: isoTime,
    end_time: isoTime,
    data: MeetingDataSchema.default({}),
    scope_org_ids: scopeOrgIds.optional(),
    participant_ids: z.array(id).max(5000).default([]),
    course_id: id.nullable().optional(),
    teaching_unit: z.string().max(200).nullable().optional(),
    room: z.string().max(200).nullable().optional(),
    kind: MeetingKindSchema.default('meeting'),
  })
  .refine((b) => Date.parse(b.end_time) > Date.parse(b.start_time), { message: 'end_time must be after start_time', path: ['end_time'] });
export type MeetingBody = z.infer<typeof MeetingBodySchema>;
/** Drag or resize of a meeting: only its times (strict: a full body with a bad field is refused with 400, not read as a move). */
export const UpdateMeetingBodySchema = z.union([
  MeetingBodySchema,
  z
    .strictObject({ start_time: isoTime, end_time: isoTime })
    .refine((b) => Date.parse(b.end_time) > Date.parse(b.start_time), { message: 'end_time must be after start_time', path: ['end_time'] }),
]);
export type UpdateMeetingBody = z.infer<typeof UpdateMeetingBodySchema>;

export const MeetingSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: MeetingKindSchema,
  start_time: isoTime,
  end_time: isoTime,
  data: z.object({
    description: z.string().nullable(),
    live_config: z.object({ live_addr: z.string().nullable() }),
    join_url: z.string().nullable(),
    replay_address: z.array(z.string()),
    audit_status: AuditStatusSchema,
    host_user: z.object({ id: z.number().int(), name: z.string(), user_no: z.string(), mobile_phone: z.string().nullable() }),
  }),
  scope_org_ids: z.string(),
  participant_ids: z.array(z.number().int()),
  /** The participants with their names (beyond the spec: the popup shows whom participant_ids name). */
  participants: z.array(z.object({ id: z.number().int(), name: z.string(), user_no: z.string() })),
  course_id: z.number().int().nullable(),
  teaching_unit: z.string().nullable(),
  room: z.string().nullable(),
  editable: z.boolean(),
  form_editable: z.boolean(),
  is_started: z.boolean(),
  is_ended: z.boolean(),
});
export type Meeting = z.infer<typeof MeetingSchema>;
export const MeetingListSchema = z.object({ meetings: z.array(MeetingSchema) });
export const CloudClassroomListSchema = z.object({ cloud_classrooms: z.array(MeetingSchema) });
export const MeetingResponseSchema = z.object({ message: z.string(), meeting: MeetingSchema });

/** `POST /api/management/calendar-meeting` filters (body) and paging (query). */
export const ManagementMeetingFilterSchema = z.object({
  keyword: z.string().trim().max(100).optional(),
  audit_status: AuditStatusSchema.optional(),
  kind: MeetingKindSchema.optional(),
  start: isoTime.optional(),
  end: isoTime.optional(),
});
export type ManagementMeetingFilter = z.infer<typeof ManagementMeetingFilterSchema>;
export const ManagementMeetingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(n), { message: `page_size must be one of ${PAGE_SIZE_OPTIONS.join(', ')}` })
    .default(10),
});
export const ManagementMeetingPageSchema = pageOf(MeetingSchema);

// ---------------------------------------------------------------- iCalendar feed (beyond the spec)

export const CalendarFeedSchema = z.object({ url: z.string().nullable() });
