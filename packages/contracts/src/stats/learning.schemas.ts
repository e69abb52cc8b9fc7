import { z } from 'zod';

/**
 * Learning statistics of a course (issue 25 item 3; spec §7 "statistics export endpoints under /api/stat"):
 * per course and per student — activity over time, completion over time, video watch coverage (from the read
 * ranges), exam and homework results, forum participation — and their CSV/XLSX export. Read by the course team
 * and the organisation's admins (`course.read_statistics`). Days are UTC calendar days `YYYY-MM-DD`; rates and
 * coverages are fractions 0–1 rounded to 4 decimals; instants ISO 8601.
 */

const id = z.number().int().positive();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD');
const rate = z.number().min(0).max(1);

/** Longest period one dashboard spans, in days. */
export const LEARNING_STATS_MAX_DAYS = 366;

/** `from`, `to`: the period (inclusive UTC days, at most 366 days); by default the 30 days ending today. */
export const LearningStatsQuerySchema = z.object({
  from: day.optional(),
  to: day.optional(),
});
export type LearningStatsQuery = z.infer<typeof LearningStatsQuerySchema>;

/**
 * One day of the period. `events`: the course's learning events that day (all four streams, from the
 * statistics rollup); `active_students`: students with at least one event that day; `completions`: activity
 * completions that day (by each activity's own rule, dated by the read record that completed it);
 * `completion_rate`: the course's completeness at the end of that day, completed (student, counted activity)
 * pairs over students × counted activities.
 */
export const LearningDaySchema = z.object({
  day,
  events: z.number().int().nonnegative(),
  active_students: z.number().int().nonnegative(),
  completions: z.number().int().nonnegative(),
  completion_rate: rate,
});
export type LearningDay = z.infer<typeof LearningDaySchema>;

/** A video (or audio) activity: how many students watched any of it, and the mean share of its length they covered (read ranges merged per student; 0 for those who never played it). */
export const VideoCoverageSchema = z.object({
  activity_id: id,
  title: z.string(),
  duration_s: z.number().nonnegative().nullable(),
  watchers: z.number().int().nonnegative(),
  average_coverage: rate,
});
export type VideoCoverage = z.infer<typeof VideoCoverageSchema>;

/** An exam or homework: submissions, gradings, and the published scores' mean and median (null with none), out of `max_score`. */
export const ActivityResultSchema = z.object({
  activity_id: id,
  type: z.enum(['exam', 'homework']),
  title: z.string(),
  max_score: z.number().nonnegative().nullable(),
  submitted_count: z.number().int().nonnegative(),
  graded_count: z.number().int().nonnegative(),
  average_score: z.number().nullable(),
  median_score: z.number().nullable(),
});
export type ActivityResult = z.infer<typeof ActivityResultSchema>;

/** The course's forum over the period: topics and replies written by students, and the share of students who wrote any. */
export const ForumParticipationSchema = z.object({
  topics: z.number().int().nonnegative(),
  replies: z.number().int().nonnegative(),
  participants: z.number().int().nonnegative(),
  participation_rate: rate,
});
export type ForumParticipation = z.infer<typeof ForumParticipationSchema>;

/** `GET /api/stat/courses/{courseId}/learning`: the course dashboard. */
export const CourseLearningStatsSchema = z.object({
  course_id: id,
  from: day,
  to: day,
  student_count: z.number().int().nonnegative(),
  counted_activities: z.number().int().nonnegative(),
  completion_rate: rate,
  days: z.array(LearningDaySchema),
  videos: z.array(VideoCoverageSchema),
  results: z.array(ActivityResultSchema),
  forum: ForumParticipationSchema,
});
export type CourseLearningStats = z.infer<typeof CourseLearningStatsSchema>;

/** Sort keys of the students table. */
export const LEARNING_STUDENT_SORTS = ['name', 'completion_rate', 'last_active_at', 'video_coverage', 'score_rate', 'forum_posts'] as const;

/** `page` from 1, `page_size` 1–100 (20); `sort` a column, `order` asc or desc (name asc by default); `keyword` filters by name or user number. */
export const LearningStudentsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.enum(LEARNING_STUDENT_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  keyword: z.string().trim().max(100).optional(),
});
export type LearningStudentsQuery = z.infer<typeof LearningStudentsQuerySchema>;

/**
 * One student's row. `completed_count` of the course's counted activities, `completion_rate` their share;
 * `last_active_at`: their latest learning event or read record (null: never); `video_coverage`: mean coverage
 * over the course's videos (null: the course has none); `score_rate`: mean of published score ÷ max score over
 * graded exams and homework (null: none graded); `forum_posts`: topics and replies they wrote.
 */
export const LearningStudentSchema = z.object({
  user_id: id,
  name: z.string(),
  user_no: z.string().nullable(),
  completed_count: z.number().int().nonnegative(),
  completion_rate: rate,
  last_active_at: z.string().nullable(),
  video_coverage: rate.nullable(),
  score_rate: rate.nullable(),
  forum_posts: z.number().int().nonnegative(),
});
export type LearningStudent = z.infer<typeof LearningStudentSchema>;

/** `GET /api/stat/courses/{courseId}/learning/students`: a page of the students table. */
export const LearningStudentsPageSchema = z.object({
  items: z.array(LearningStudentSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  page_size: z.number().int().positive(),
});
export type LearningStudentsPage = z.infer<typeof LearningStudentsPageSchema>;

/** One activity as one student met it: viewed, completed by its rule, video coverage (videos only), published score (exams, homework). */
export const StudentActivityStatSchema = z.object({
  activity_id: id,
  type: z.string(),
  title: z.string(),
  viewed: z.boolean(),
  completed: z.boolean(),
  video_coverage: rate.nullable(),
  score: z.number().nullable(),
  max_score: z.number().nullable(),
});
export type StudentActivityStat = z.infer<typeof StudentActivityStatSchema>;

/** `GET /api/stat/courses/{courseId}/learning/students/{userId}`: one student's page over the period. */
export const StudentLearningStatsSchema = z.object({
  course_id: id,
  from: day,
  to: day,
  student: LearningStudentSchema,
  days: z.array(z.object({ day, events: z.number().int().nonnegative(), completions: z.number().int().nonnegative() })),
  activities: z.array(StudentActivityStatSchema),
});
export type StudentLearningStats = z.infer<typeof StudentLearningStatsSchema>;

/** `GET /api/stat/courses/{courseId}/learning/export?format=`: every student's row as a file (`csv` UTF-8 with BOM, or `xlsx`), headers in the asker's language. */
/** The export's query: the format, and the students table's order and search (no paging: every matching row). */
export const LearningExportQuerySchema = LearningStudentsQuerySchema.omit({ page: true, page_size: true }).extend({
  format: z.enum(['csv', 'xlsx']).default('xlsx'),
});
export type LearningExportQuery = z.infer<typeof LearningExportQuerySchema>;
