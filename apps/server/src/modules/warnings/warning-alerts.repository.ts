import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { WarningReason, WarningRulesInput } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { courses } from '../courses/courses.table.js';
import { enrolments } from '../enrolments/enrolments.table.js';
import { warningAlerts, warningRules } from './warnings.table.js';

/** The daily early-warning job's queries (issue 25 item 4): the courses it watches and what it told their teams. */

/** A course the job evaluates, with the rules its organisation and it set (undefined: none). */
export interface WatchedCourse {
  id: number;
  orgRules: WarningRulesInput | undefined;
  courseRules: WarningRulesInput | undefined;
}

/**
 * One page of the courses the job watches, by id after `afterId`, at most `limit`: published, not deleted,
 * running at `now` (no start date or started, no end date or not ended) and with at least one student, each
 * with its organisation's and its own rules. One SELECT.
 */
export async function listWatchedCourses(db: Db, afterId: number, limit: number, now: Date): Promise<WatchedCourse[]> {
  const orgRules = alias(warningRules, 'org_rules');
  const courseRules = alias(warningRules, 'course_rules');
  const rows = await db
    .select({ id: courses.id, orgRules: orgRules.rules, courseRules: courseRules.rules })
    .from(courses)
    .leftJoin(orgRules, and(eq(orgRules.orgId, courses.orgId), isNull(orgRules.courseId)))
    .leftJoin(courseRules, eq(courseRules.courseId, courses.id))
    .where(
      and(
        gt(courses.id, afterId),
        eq(courses.isPublished, true),
        isNull(courses.deletedAt),
        or(isNull(courses.startDate), lte(courses.startDate, now)),
        or(isNull(courses.endDate), gt(courses.endDate, now)),
        sql`exists (select 1 from ${enrolments} e where e.course_id = ${courses.id} and e.role = 'student')`,
      ),
    )
    .orderBy(asc(courses.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, orgRules: row.orgRules ?? undefined, courseRules: row.courseRules ?? undefined }));
}

/** One student of a course flagged by one rule. */
export interface WarningAlertKey {
  userId: number;
  rule: WarningReason['rule'];
}

/**
 * Makes the course's remembered alerts `flagged` (every student and rule flagging them at `at`): forgets the
 * ones no longer flagged, adds the new ones, and answers only those it added (a concurrent run adding the same
 * one gets it once between them). One statement (data-modifying CTEs over a JSON recordset).
 */
export async function syncWarningAlerts(db: Db, courseId: number, flagged: readonly WarningAlertKey[], at: Date): Promise<WarningAlertKey[]> {
  const current = JSON.stringify(flagged.map((f) => ({ user_id: f.userId, rule: f.rule })));
  const result = await db.execute(sql`
    with current_alerts as (
      select distinct c.user_id, c.rule from json_to_recordset(${current}::json) as c(user_id int, rule text)
    ),
    forgotten as (
      delete from ${warningAlerts} a
      where a.course_id = ${courseId}
        and not exists (select 1 from current_alerts c where c.user_id = a.user_id and c.rule = a.rule)
    ),
    added as (
      insert into ${warningAlerts} (course_id, user_id, rule, flagged_at)
      select ${courseId}::int, c.user_id, c.rule, ${at.toISOString()}::timestamptz from current_alerts c
      on conflict do nothing
      returning user_id, rule
    )
    select user_id, rule from added order by user_id, rule`);
  return (result as unknown as { rows: { user_id: number; rule: WarningReason['rule'] }[] }).rows.map((r) => ({ userId: Number(r.user_id), rule: r.rule }));
}
