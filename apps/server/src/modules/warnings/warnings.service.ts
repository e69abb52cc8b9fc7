import type { WarningList, WarningListQuery, WarningRules, WarningRulesAnswer, WarningRulesInput } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { authorize } from '../access/authorize.js';
import { listStudentReadRecords, readStudyRows } from '../activities/activities.repository.js';
import { completionByLearner } from '../activities/course-study.js';
import { listCourseGrades, listCourseStudents } from '../gradebook/gradebook.repository.js';
import { assertManagesOrganisation } from '../orgs/orgs.policy.js';
import { lastSignInsOf } from '../users/users.repository.js';
import { effectiveRules, expectedCompleteness, reasonsOf } from './warning-rules.js';
import { findWarningRules, upsertWarningRules } from './warnings.repository.js';

/** The organisation's rules (`GET /api/org/warning-rules`): what applies to its courses, and what it set. */
export async function orgWarningRules(deps: AppDeps, actor: Actor): Promise<WarningRulesAnswer> {
  const own = (await findWarningRules(deps.db, { orgId: actor.orgId, courseId: null })) ?? {};
  return { effective: effectiveRules(own, undefined), own };
}

/** Sets the organisation's rules (its admins: 403 FORBIDDEN otherwise); answers them as GET does. */
export async function setOrgWarningRules(deps: AppDeps, actor: Actor, rules: WarningRulesInput, now = new Date()): Promise<WarningRulesAnswer> {
  assertManagesOrganisation(actor, 'Only organisation administrators set the organisation’s warning rules');
  await upsertWarningRules(deps.db, { orgId: actor.orgId, courseId: null }, rules, now);
  return orgWarningRules(deps, actor);
}

/** A course's rules (`GET /api/courses/{id}/warning-rules`, the course team): the organisation's with the course's over them. */
export async function courseWarningRules(deps: AppDeps, actor: Actor, courseId: number): Promise<WarningRulesAnswer> {
  const { course } = await authorize(deps, actor, 'course.read_statistics', { courseId });
  const [org, own] = await Promise.all([
    findWarningRules(deps.db, { orgId: course.orgId, courseId: null }),
    findWarningRules(deps.db, { orgId: course.orgId, courseId }),
  ]);
  return { effective: effectiveRules(org, own), own: own ?? {} };
}

/** Sets a course's own rules (`course.edit`: its instructors and the organisation's admins). */
export async function setCourseWarningRules(
  deps: AppDeps,
  actor: Actor,
  courseId: number,
  rules: WarningRulesInput,
  now = new Date(),
): Promise<WarningRulesAnswer> {
  const { course } = await authorize(deps, actor, 'course.edit', { courseId });
  await upsertWarningRules(deps.db, { orgId: course.orgId, courseId }, rules, now);
  return courseWarningRules(deps, actor, courseId);
}

/** A flagged student of a course: who, and why (one reason per rule that fires). */
export type FlaggedStudent = WarningList['items'][number];

/**
 * Evaluates the early-warning rules (warning-rules.ts) over one course's students at `now` (issue 25 item 4):
 * every student any rule flags, in name order, each with the reasons, and how many students the course has.
 * Completion is each activity's own rule over the student's records, the schedule the share of counted
 * activities whose end time has passed, scores the gradebook's in the order of their activities' end times
 * (then when they were given). No permission check: the alert list and the daily alert job ask first.
 * Five SELECTs, whatever the number of students.
 */
export async function evaluateCourseWarnings(
  db: Db,
  courseId: number,
  rules: WarningRules,
  now: Date,
): Promise<{ flagged: FlaggedStudent[]; studentCount: number }> {
  const [rows, records, students, grades] = await Promise.all([
    readStudyRows(db, courseId, 0),
    listStudentReadRecords(db, courseId),
    listCourseStudents(db, courseId),
    listCourseGrades(db, courseId),
  ]);
  const signIns = await lastSignInsOf(
    db,
    students.map((s) => s.id),
  );
  const { completedBy, counted } = completionByLearner(rows, records);
  const expected = expectedCompleteness(counted, now);
  const endOf = new Map(rows.activities.map((a) => [a.id, a.endTime?.getTime() ?? Number.POSITIVE_INFINITY]));
  const scoresOf = new Map<number, { at: number; given: number; percent: number }[]>();
  for (const grade of grades) {
    if (grade.score === null || !(grade.maxScore > 0)) continue;
    const list = scoresOf.get(grade.userId) ?? [];
    list.push({
      at: endOf.get(grade.activityId) ?? Number.POSITIVE_INFINITY,
      given: grade.updatedAt.getTime(),
      percent: Math.round((grade.score / grade.maxScore) * 1000) / 10,
    });
    scoresOf.set(grade.userId, list);
  }
  const flagged: FlaggedStudent[] = [];
  for (const student of students) {
    const done = counted.filter((a) => completedBy.get(a.id)?.has(student.id)).length;
    const missed = counted
      .filter((a) => a.endTime !== null && a.endTime.getTime() <= now.getTime() && !completedBy.get(a.id)?.has(student.id))
      .map((a) => ({ id: a.id, title: a.title, endTime: a.endTime! }));
    const scores = (scoresOf.get(student.id) ?? []).sort((a, b) => a.at - b.at || a.given - b.given).map((s) => s.percent);
    const reasons = reasonsOf(
      { lastSignInAt: signIns.get(student.id) ?? null, completeness: counted.length ? Math.floor((done / counted.length) * 100) : 0, missed, scores },
      rules,
      expected,
      now,
    );
    if (reasons.length > 0) flagged.push({ user: { id: student.id, name: student.name, user_no: student.userNo }, reasons });
  }
  return { flagged, studentCount: students.length };
}

/**
 * The course's alert list at `now` (issue 25 item 4; spec §2 `/course/{id}/warning` and the management
 * `alert-list`): every student any rule flags (evaluateCourseWarnings), by name, each with the reasons, paged;
 * `rule` keeps those one rule flags, with that rule's reason only. The course team and the organisation's admins.
 */
export async function courseWarnings(deps: AppDeps, actor: Actor, courseId: number, query: WarningListQuery, now = new Date()): Promise<WarningList> {
  const rules = (await courseWarningRules(deps, actor, courseId)).effective;
  const { flagged: all, studentCount } = await evaluateCourseWarnings(deps.db, courseId, rules, now);
  const flagged = query.rule
    ? all.map((item) => ({ ...item, reasons: item.reasons.filter((reason) => reason.rule === query.rule) })).filter((item) => item.reasons.length > 0)
    : all;
  const total = flagged.length;
  const start = (query.page - 1) * query.page_size;
  return {
    items: flagged.slice(start, start + query.page_size),
    page: query.page,
    page_size: query.page_size,
    pages: Math.max(1, Math.ceil(total / query.page_size)),
    total,
    student_count: studentCount,
    rules,
    computed_at: now.toISOString(),
  };
}
