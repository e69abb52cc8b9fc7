import type {
  ActivityResult,
  CourseLearningStats,
  LearningStatsQuery,
  LearningStudent,
  LearningStudentsPage,
  LearningExportQuery,
  LearningStudentsQuery,
  Locale,
  StudentActivityStat,
  StudentLearningStats,
  VideoCoverage,
} from '@atrium/contracts';
import type { CourseDayCount } from '@atrium/stats';
import { readCourseDays, readCourseUsers } from './stats-reads.repository.js';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import { translateMessage } from '../../lib/i18n/server-messages.js';
import { newWorkbook, spreadsheetFile, type SpreadsheetFile } from '../../lib/spreadsheet.js';
import type { Actor } from '../../plugins/auth.js';
import { authorize } from '../access/authorize.js';
import { listStudentReadRecords, readStudyRows } from '../activities/activities.repository.js';
import { listCourseStudents } from '../gradebook/gradebook.repository.js';
import { analyse, DAY_MS, dayOf, learningPeriod, mean, median, rateOf, round2, round4, studentRow, type CourseFacts } from './learning-figures.js';
import { countForumPosts, listResultGrades, listResultItems } from './learning.repository.js';

/**
 * Learning statistics of a course (issue 25 item 3; decision 0147 "Learning statistics"; contracts
 * stats/learning.schemas.ts), for the course team and the organisation's admins (`course.read_statistics`).
 * Completion, video coverage, results and forum posts come from the main database (completion by each activity's
 * own rule, completionByLearner, so the figures equal the course's own); events and active students from the
 * statistics rollups (`stats.daily_counts`, `stats.daily_users`), never from the events themselves. With the
 * statistics server run apart (STATS_URL) they are asked of it (stats-reads.repository.ts: its rollups, and its
 * column store for a course's days past its retention).
 */

/** The course's facts for every student: five statements in one round. */
async function courseFacts(deps: AppDeps, courseId: number): Promise<CourseFacts> {
  const [students, rows, records, items, grades] = await Promise.all([
    listCourseStudents(deps.db, courseId),
    readStudyRows(deps.db, courseId, 0),
    listStudentReadRecords(deps.db, courseId),
    listResultItems(deps.db, courseId),
    listResultGrades(deps.db, courseId),
  ]);
  return { students, rows, records, items, grades };
}

/**
 * `GET /api/stat/courses/{courseId}/learning`: the course dashboard over a period (learningPeriod; 400 naming
 * `from`/`to`). Per day: events and active students (rollups), completions and the completion rate at the day's
 * end; videos' coverage, exam and homework results, forum participation in the period. COURSE_NOT_FOUND (404) or
 * FORBIDDEN (403) for someone who may not read the course's statistics. After the access check, seven statements
 * in two rounds.
 */
export async function courseLearningStats(
  deps: AppDeps,
  actor: Actor,
  courseId: number,
  query: LearningStatsQuery,
  now = new Date(),
): Promise<CourseLearningStats> {
  await authorize(deps, actor, 'course.read_statistics', { courseId });
  const period = learningPeriod(query, now);
  const [facts, posts] = await Promise.all([courseFacts(deps, courseId), countForumPosts(deps.db, courseId, { since: period.since, until: period.until })]);
  const counts: CourseDayCount[] = await readCourseDays(
    deps,
    courseId,
    period.from,
    period.to,
    facts.students.map((s) => s.id),
  );
  const analysis = analyse(facts);
  const students = facts.students.length;
  const pairs = students * analysis.counted.length;
  const countOf = new Map(counts.map((c) => [c.day, c]));
  const completionsOf = new Map<string, number>();
  for (const c of analysis.completions) completionsOf.set(dayOf(c.at), (completionsOf.get(dayOf(c.at)) ?? 0) + 1);
  const instants = analysis.completions.map((c) => c.at).sort((a, b) => a - b);
  let done = 0;
  const days = period.days.map((day) => {
    const end = Date.parse(`${day}T00:00:00Z`) + DAY_MS;
    while (done < instants.length && instants[done]! < end) done++;
    return {
      day,
      events: countOf.get(day)?.events ?? 0,
      active_students: countOf.get(day)?.active_students ?? 0,
      completions: completionsOf.get(day) ?? 0,
      completion_rate: rateOf(done, pairs),
    };
  });
  const videos: VideoCoverage[] = analysis.videos.map((v) => ({
    activity_id: v.activity.id,
    title: v.activity.title,
    duration_s: v.durationS,
    watchers: v.watchers.size,
    average_coverage: students > 0 ? round4(facts.students.reduce((sum, s) => sum + (v.coverageOf.get(s.id) ?? 0), 0) / students) : 0,
  }));
  const results: ActivityResult[] = analysis.results.map((r) => {
    const scores = [...r.scoreOf.values()];
    return {
      activity_id: r.activity.id,
      type: r.item.type,
      title: r.activity.title,
      max_score: r.item.maxScore,
      submitted_count: r.item.submittedCount,
      graded_count: r.item.gradedCount,
      average_score: scores.length > 0 ? round2(mean(scores)) : null,
      median_score: median(scores),
    };
  });
  const topics = posts.reduce((sum, p) => sum + p.topics, 0);
  const replies = posts.reduce((sum, p) => sum + p.replies, 0);
  return {
    course_id: courseId,
    from: period.from,
    to: period.to,
    student_count: students,
    counted_activities: analysis.counted.length,
    completion_rate: rateOf(analysis.completions.length, pairs),
    days,
    videos,
    results,
    forum: { topics, replies, participants: posts.length, participation_rate: rateOf(posts.length, students) },
  };
}

/** Every student's row, in name order (the table, the export): seven statements in one round. */
async function studentRows(deps: AppDeps, courseId: number): Promise<LearningStudent[]> {
  const [facts, posts, activity] = await Promise.all([
    courseFacts(deps, courseId),
    countForumPosts(deps.db, courseId),
    readCourseUsers(deps, courseId, {}).then((answer) => answer.users),
  ]);
  const analysis = analyse(facts);
  const activityOf = new Map(activity.map((a) => [a.user_id, a]));
  const postsOf = new Map(posts.map((p) => [p.userId, p]));
  return facts.students.map((s) => studentRow(s, analysis, activityOf.get(s.id), postsOf.get(s.id)));
}

/**
 * The rows `query` keeps, in its order: `keyword` keeps names and user numbers holding it (any case), `sort`
 * orders by a column (`order`; empty values last either way, then by name).
 */
function rankStudents(rows: LearningStudent[], query: Pick<LearningStudentsQuery, 'sort' | 'order' | 'keyword'>): LearningStudent[] {
  const keyword = query.keyword?.toLowerCase();
  const ranked = rows
    .filter((row) => !keyword || row.name.toLowerCase().includes(keyword) || (row.user_no ?? '').toLowerCase().includes(keyword))
    .map((row, index) => ({ row, index }));
  const direction = query.order === 'desc' ? -1 : 1;
  if (query.sort === 'name') {
    if (direction < 0) ranked.reverse();
  } else {
    const key = query.sort;
    ranked.sort((a, b) => {
      const x = a.row[key];
      const y = b.row[key];
      if (x === null || y === null) return x === y ? a.index - b.index : x === null ? 1 : -1;
      return (x < y ? -1 : x > y ? 1 : 0) * direction || a.index - b.index;
    });
  }
  return ranked.map((r) => r.row);
}

/**
 * `GET /api/stat/courses/{courseId}/learning/students`: a page of the students table, searched and sorted as
 * rankStudents. Access as courseLearningStats.
 */
export async function learningStudents(deps: AppDeps, actor: Actor, courseId: number, query: LearningStudentsQuery): Promise<LearningStudentsPage> {
  await authorize(deps, actor, 'course.read_statistics', { courseId });
  const rows = rankStudents(await studentRows(deps, courseId), query);
  const start = (query.page - 1) * query.page_size;
  return { items: rows.slice(start, start + query.page_size), total: rows.length, page: query.page, page_size: query.page_size };
}

/**
 * `GET /api/stat/courses/{courseId}/learning/students/{userId}`: one student's row, their days over the period
 * (events from the rollup, completions) and each visible activity as they met it. USER_NOT_FOUND (404) when the
 * user is not a student of the course; otherwise as courseLearningStats. Seven statements in one round.
 */
export async function studentLearningStats(
  deps: AppDeps,
  actor: Actor,
  courseId: number,
  userId: number,
  query: LearningStatsQuery,
  now = new Date(),
): Promise<StudentLearningStats> {
  await authorize(deps, actor, 'course.read_statistics', { courseId });
  const period = learningPeriod(query, now);
  const [students, study, items, grades, posts, { users: activity, days: userDays }] = await Promise.all([
    listCourseStudents(deps.db, courseId, userId),
    readStudyRows(deps.db, courseId, userId),
    listResultItems(deps.db, courseId),
    listResultGrades(deps.db, courseId, userId),
    countForumPosts(deps.db, courseId, { userId }),
    readCourseUsers(deps, courseId, { users: [userId], daysOf: { userId, from: period.from, to: period.to } }),
  ]);
  const student = students[0];
  if (!student) throw new AppError('USER_NOT_FOUND', 'This user is not a student of this course');
  const records = study.records.map((r) => ({ ...r, userId }));
  const analysis = analyse({ students, rows: study, records, items, grades });
  const eventsOf = new Map(userDays.map((d) => [d.day, d.events]));
  const completionsOf = new Map<string, number>();
  for (const c of analysis.completions) completionsOf.set(dayOf(c.at), (completionsOf.get(dayOf(c.at)) ?? 0) + 1);
  const videoOf = new Map(analysis.videos.map((v) => [v.activity.id, v]));
  const resultOf = new Map(analysis.results.map((r) => [r.activity.id, r]));
  const activities: StudentActivityStat[] = analysis.visible.map((a) => {
    const video = videoOf.get(a.id);
    const result = resultOf.get(a.id);
    return {
      activity_id: a.id,
      type: a.type,
      title: a.title,
      viewed: analysis.viewedBy.get(a.id)?.has(userId) ?? false,
      completed: analysis.completedBy.get(a.id)?.has(userId) ?? false,
      video_coverage: video ? round4(video.coverageOf.get(userId) ?? 0) : null,
      score: result?.scoreOf.get(userId) ?? null,
      max_score: result?.item.maxScore ?? null,
    };
  });
  return {
    course_id: courseId,
    from: period.from,
    to: period.to,
    student: studentRow(student, analysis, activity[0], posts[0]),
    days: period.days.map((day) => ({ day, events: eventsOf.get(day) ?? 0, completions: completionsOf.get(day) ?? 0 })),
    activities,
  };
}

// Column headers of the export in the source English. Named `*_MESSAGE` so scripts/extract-server-messages.mjs
// lists them and the server catalogs (lib/i18n/locales) translate them like any message.
const SHEET_MESSAGE = 'Learning statistics';
const STUDENT_COLUMN_MESSAGE = 'Student';
const USER_NO_COLUMN_MESSAGE = 'User number';
const COMPLETED_COLUMN_MESSAGE = 'Activities completed';
const COMPLETION_COLUMN_MESSAGE = 'Completion rate';
const LAST_ACTIVE_COLUMN_MESSAGE = 'Last active (UTC)';
const VIDEO_COLUMN_MESSAGE = 'Video coverage';
const SCORE_COLUMN_MESSAGE = 'Score rate';
const FORUM_COLUMN_MESSAGE = 'Forum posts';

/**
 * `GET /api/stat/courses/{courseId}/learning/export?format=&sort=&order=&keyword=`: every student's row the students
 * table shows with that search, in its order (rankStudents; by default every student by name), as
 * `learning-statistics-course-{courseId}.csv` (UTF-8 with BOM) or `.xlsx`, headers in `locale` (null: the source
 * English). Rates are fractions 0–1 (the .xlsx shows them as percentages), instants ISO 8601 UTC, no value an
 * empty cell. Access as courseLearningStats.
 */
export async function exportLearningStudents(
  deps: AppDeps,
  actor: Actor,
  courseId: number,
  query: LearningExportQuery,
  locale: Locale | null,
): Promise<SpreadsheetFile> {
  await authorize(deps, actor, 'course.read_statistics', { courseId });
  const rows = rankStudents(await studentRows(deps, courseId), query);
  const t = (text: string) => (locale ? translateMessage(locale, text) : text);
  const book = await newWorkbook();
  const sheet = book.addWorksheet(t(SHEET_MESSAGE).slice(0, 31));
  const percent = { numFmt: '0.00%' };
  sheet.columns = [
    { header: t(STUDENT_COLUMN_MESSAGE), key: 'name', width: 24 },
    { header: t(USER_NO_COLUMN_MESSAGE), key: 'user_no', width: 16 },
    { header: t(COMPLETED_COLUMN_MESSAGE), key: 'completed_count', width: 12 },
    { header: t(COMPLETION_COLUMN_MESSAGE), key: 'completion_rate', width: 12, style: percent },
    { header: t(LAST_ACTIVE_COLUMN_MESSAGE), key: 'last_active_at', width: 26 },
    { header: t(VIDEO_COLUMN_MESSAGE), key: 'video_coverage', width: 12, style: percent },
    { header: t(SCORE_COLUMN_MESSAGE), key: 'score_rate', width: 12, style: percent },
    { header: t(FORUM_COLUMN_MESSAGE), key: 'forum_posts', width: 10 },
  ];
  for (const row of rows) {
    sheet.addRow({
      name: row.name,
      user_no: row.user_no ?? undefined,
      completed_count: row.completed_count,
      completion_rate: row.completion_rate,
      last_active_at: row.last_active_at ?? undefined,
      video_coverage: row.video_coverage ?? undefined,
      score_rate: row.score_rate ?? undefined,
      forum_posts: row.forum_posts,
    });
  }
  sheet.getRow(1).font = { bold: true };
  return spreadsheetFile(book, `learning-statistics-course-${courseId}`, query.format);
}
