import { z } from 'zod';
import { pageOf, PageQuerySchema } from '../common/pagination.schemas.js';
import { MEETING_ACTIVITY_TYPES } from './activity-types.js';
import { ActivityAccessSchema } from './activities.schemas.js';

/**
 * Live activities (issue 24 item 1; spec §2 `/course/{id}/live-activities#/{id}/detail`; decision 0150):
 * the meeting and live types of a course with their status, joining through the server (attendance
 * recorded from joins), the team's attendance list, and the calendar's live activities.
 */

const isoTime = z.iso.datetime({ offset: true });

export const MeetingActivityTypeSchema = z.enum(MEETING_ACTIVITY_TYPES);

/** Where a meeting stands now against its join window [meeting_start_time ?? start_time, meeting_end_time ?? end_time]. */
export const LiveStatusSchema = z.enum(['upcoming', 'live', 'ended']);
export type LiveStatus = z.infer<typeof LiveStatusSchema>;

/** One meeting or live activity of a course's list. Times are the join window's bounds (ISO instants, null = open). */
export const LiveActivitySchema = z.object({
  id: z.number().int(),
  module_id: z.number().int(),
  type: MeetingActivityTypeSchema,
  title: z.string(),
  provider: z.string(),
  is_published: z.boolean(),
  start_time: isoTime.nullable(),
  end_time: isoTime.nullable(),
  status: LiveStatusSchema,
  /** Whether the requester may open the activity now (the activity's own start/end, publication, checkpoint). */
  access: ActivityAccessSchema,
  /** Replays the requester can see (learners: 0 until the meeting has ended). */
  replay_count: z.number().int().min(0),
});
export type LiveActivity = z.infer<typeof LiveActivitySchema>;

/** `GET /api/courses/{id}/live-activities`: sorted by start (no start first), then id. */
export const LiveActivityListSchema = z.object({ items: z.array(LiveActivitySchema) });
export type LiveActivityList = z.infer<typeof LiveActivityListSchema>;

/** `POST /api/activities/{id}/join`: the address to open; `recorded` false for the course team (their joins are not attendance). */
export const LiveJoinResponseSchema = z.object({
  join_url: z.string(),
  recorded: z.boolean(),
  /** The requester's joins so far, this one included (0 when not recorded). */
  join_count: z.number().int().min(0),
});
export type LiveJoinResponse = z.infer<typeof LiveJoinResponseSchema>;

/** The 409 of a join outside the window: LIVE_NOT_STARTED (with `join_available_from`) or LIVE_ENDED. */
export const LiveJoinRefusedBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  join_available_from: isoTime.optional(),
});
export type LiveJoinRefusedBody = z.infer<typeof LiveJoinRefusedBodySchema>;

/** `GET /api/activities/{id}/attendance?page=&page_size=&joined=`: `joined` true/false keeps only who did (not) join. */
export const LiveAttendanceQuerySchema = PageQuerySchema.extend({
  joined: z.enum(['true', 'false']).optional(),
});
export type LiveAttendanceQuery = z.infer<typeof LiveAttendanceQuerySchema>;

/** One student of the course and their joins of the activity. */
export const LiveAttendanceRowSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  user_no: z.string(),
  joined: z.boolean(),
  first_joined_at: isoTime.nullable(),
  last_joined_at: isoTime.nullable(),
  join_count: z.number().int().min(0),
});
export type LiveAttendanceRow = z.infer<typeof LiveAttendanceRowSchema>;

/** A page of students (by name, then id) and the totals over all students of the course. */
export const LiveAttendancePageSchema = pageOf(LiveAttendanceRowSchema).extend({
  students: z.number().int().min(0),
  joined_students: z.number().int().min(0),
});
export type LiveAttendancePage = z.infer<typeof LiveAttendancePageSchema>;

/** One live activity of my courses in a calendar window (`GET /api/calendar-live-activities`). */
export const CalendarLiveActivitySchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  course_title: z.string(),
  type: MeetingActivityTypeSchema,
  title: z.string(),
  provider: z.string(),
  start_time: isoTime,
  end_time: isoTime,
  status: LiveStatusSchema,
});
export type CalendarLiveActivity = z.infer<typeof CalendarLiveActivitySchema>;
export const CalendarLiveActivityListSchema = z.object({ live_activities: z.array(CalendarLiveActivitySchema) });
export type CalendarLiveActivityList = z.infer<typeof CalendarLiveActivityListSchema>;
