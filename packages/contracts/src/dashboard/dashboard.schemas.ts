import { z } from 'zod';
import { CourseRoleSchema } from '../courses/courses.schemas.js';
import { NotificationSchema } from '../notifications/notifications.schemas.js';

const isoTime = z.iso.datetime({ offset: true });

/** Longest timetable window the home page may ask for: a week (the web asks for the user's today). */
export const DASHBOARD_WINDOW_MAX_MS = 7 * 86_400_000;
/** Deadlines of the home page: the next 7 days from now (issue 19 §5). */
export const DASHBOARD_DEADLINE_DAYS = 7;
/** How many recent courses, notifications and bulletins the home page shows. */
export const DASHBOARD_RECENT_COURSES = 6;
export const DASHBOARD_LATEST_NOTIFICATIONS = 5;
export const DASHBOARD_LATEST_BULLETINS = 5;

/**
 * `GET /api/user/dashboard?start=&end=`: the window of the timetable part as instants, at most a week
 * (the web sends the user's today, midnight to midnight in their time zone, as the calendar page
 * computes its windows).
 */
export const DashboardQuerySchema = z
  .object({ start: isoTime, end: isoTime })
  .refine((q) => Date.parse(q.end) > Date.parse(q.start), { message: 'end must be after start', path: ['end'] })
  .refine((q) => Date.parse(q.end) - Date.parse(q.start) <= DASHBOARD_WINDOW_MAX_MS, { message: 'the window is at most 7 days', path: ['end'] });
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;

/** One item of today's timetable: a lesson of a timetable (spec §3 Timetable) or a calendar event (spec §3 Calendar event). */
export const DashboardLessonSchema = z.object({
  kind: z.enum(['timetable', 'event']),
  /** The timetable series' or the event's id. */
  id: z.number().int(),
  title: z.string(),
  course_id: z.number().int().nullable(),
  start_time: isoTime,
  end_time: isoTime,
  all_day: z.boolean(),
  location: z.string().nullable(),
  color: z.string().nullable(),
});
export type DashboardLesson = z.infer<typeof DashboardLessonSchema>;

/** An exam or homework of one of my courses (as a student) ending within the next 7 days that I have not handed in. */
export const DashboardDeadlineSchema = z.object({
  activity_id: z.number().int(),
  type: z.enum(['exam', 'homework']),
  title: z.string(),
  course_id: z.number().int(),
  course_name: z.string(),
  start_time: isoTime.nullable(),
  end_time: isoTime,
  /** The activity's page (spec §2 learning-activity hash targets). */
  url: z.string(),
});
export type DashboardDeadline = z.infer<typeof DashboardDeadlineSchema>;

/** A course I was last active in, with my study completeness there (spec §3 Study completeness; null unless I study it). */
export const DashboardCourseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  course_code: z.string(),
  course_type: z.number().int(),
  my_roles: z.array(CourseRoleSchema),
  study_completeness: z.number().int().min(0).max(100).nullable(),
  last_activity: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  last_update_completeness_time: isoTime.nullable(),
});
export type DashboardCourse = z.infer<typeof DashboardCourseSchema>;

/** A bulletin of my organisation or of one of my courses, newest first. */
export const DashboardBulletinSchema = z.object({
  id: z.number().int(),
  type: z.enum(['org', 'course']),
  title: z.string(),
  course_id: z.number().int().nullable(),
  course_name: z.string().nullable(),
  publish_at: isoTime,
  is_read: z.boolean(),
  url: z.string(),
});
export type DashboardBulletin = z.infer<typeof DashboardBulletinSchema>;

/** The home page `/user/index` (issue 19 §5): today's timetable, the week's deadlines, recent courses, unread notifications, latest bulletins. */
export const DashboardSchema = z.object({
  today: z.object({ start: isoTime, end: isoTime, lessons: z.array(DashboardLessonSchema) }),
  deadlines: z.object({ from: isoTime, to: isoTime, items: z.array(DashboardDeadlineSchema) }),
  recent_courses: z.array(DashboardCourseSchema),
  notifications: z.object({ unread_count: z.number().int(), latest: z.array(NotificationSchema) }),
  bulletins: z.array(DashboardBulletinSchema),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
