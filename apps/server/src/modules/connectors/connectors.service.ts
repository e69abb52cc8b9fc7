import {
  CourseRoleSchema,
  ENROLMENT_SYNC_PROVIDERS,
  type Connector,
  type ConnectorList,
  type CourseRole,
  type EnrolmentSyncPlan,
  type EnrolmentSyncProvider,
  type PutConnectorBody,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { courseFor } from '../courses/courses.policy.js';
import { insertEnrolmentIfAbsent, rolesHeld } from '../enrolments/enrolments.repository.js';
import { emit, transaction } from '../events/events.service.js';
import { assertManagesOrganisation } from '../orgs/orgs.policy.js';
import {
  coursesWithCodes,
  deleteConnector,
  findConnector,
  listConnectors,
  upsertConnector,
  usersWithNumbers,
  type ConnectorRow,
} from './connectors.repository.js';
import { httpCsvSource, type EnrolmentSource } from './enrolment-source.js';

/**
 * Campus connectors (issue 24 item 4; spec §7; decision 0149): an organisation's enrolment sources (URP for every
 * course, ITRI per course), each a CSV over HTTP(S) behind the EnrolmentSource interface. A sync reads the source,
 * matches its rows to the organisation's courses (by course code) and users (by user number) and adds the
 * enrolments missing here: a dry run (the default) answers the plan and changes nothing; an apply writes the same
 * plan in one transaction, each new enrolment an `enrolment.created` event, so a second apply adds nothing.
 */

const NAMES: Record<EnrolmentSyncProvider, string> = { urp: 'URP', itri: 'ITRI' };

function view(row: ConnectorRow): Connector {
  return { provider: row.provider, url: row.url, has_token: row.token !== null, updated_at: row.updatedAt.toISOString() };
}

/** `GET /api/org/connectors` (the organisation's admins): every provider, configured or not. */
export async function orgConnectors(deps: AppDeps, actor: Actor): Promise<ConnectorList> {
  assertManagesOrganisation(actor, 'Only organisation administrators see the campus connectors');
  const byProvider = new Map((await listConnectors(deps.db, actor.orgId)).map((row) => [row.provider, view(row)]));
  return { items: ENROLMENT_SYNC_PROVIDERS.map((provider) => ({ provider, connector: byProvider.get(provider) ?? null })) };
}

/** `PUT /api/org/connectors/{provider}` (admins): sets where the provider's CSV is and the token sent with it (absent: kept; null: removed). */
export async function setOrgConnector(deps: AppDeps, actor: Actor, provider: EnrolmentSyncProvider, body: PutConnectorBody): Promise<Connector> {
  assertManagesOrganisation(actor, 'Only organisation administrators set the campus connectors');
  const token = body.token !== undefined ? body.token : ((await findConnector(deps.db, actor.orgId, provider))?.token ?? null);
  return view(await upsertConnector(deps.db, actor.orgId, provider, body.url, token));
}

/** `DELETE /api/org/connectors/{provider}` (admins): removes it; CONNECTOR_NOT_CONFIGURED (409) naming `provider` when there is none. */
export async function removeOrgConnector(deps: AppDeps, actor: Actor, provider: EnrolmentSyncProvider): Promise<{ message: string }> {
  assertManagesOrganisation(actor, 'Only organisation administrators remove the campus connectors');
  if (!(await deleteConnector(deps.db, actor.orgId, provider))) throw notConfigured(provider);
  return { message: `The ${NAMES[provider]} connector was removed` };
}

function notConfigured(provider: EnrolmentSyncProvider): AppError {
  return AppError.field(
    'provider',
    `No ${NAMES[provider]} connector is configured for this organisation: an administrator sets the address of its enrolment file first`,
    'CONNECTOR_NOT_CONFIGURED',
  );
}

/** The source of the organisation's connector for `provider`; CONNECTOR_NOT_CONFIGURED (409) naming `provider` without one. */
async function sourceOf(deps: AppDeps, orgId: number, provider: EnrolmentSyncProvider): Promise<EnrolmentSource> {
  const row = await findConnector(deps.db, orgId, provider);
  if (!row) throw notConfigured(provider);
  return httpCsvSource(row.url, row.token);
}

/**
 * Works out and, unless `dryRun`, applies a sync of `source` into the organisation's courses (`onlyCourseId`: one
 * course; rows of other courses are skipped as `other_course`). Reads: the source once, then three statements.
 */
async function sync(
  deps: AppDeps,
  orgId: number,
  provider: EnrolmentSyncProvider,
  source: EnrolmentSource,
  options: { dryRun: boolean; onlyCourseId?: number },
): Promise<EnrolmentSyncPlan> {
  const rows = await source.read();
  const codes = [...new Set(rows.map((r) => r.courseCode).filter(Boolean))];
  const numbers = [...new Set(rows.map((r) => r.userNo).filter(Boolean))];
  const [found, people] = await Promise.all([coursesWithCodes(deps.db, orgId, codes), usersWithNumbers(deps.db, orgId, numbers)]);
  const coursesOf = new Map<string, number[]>();
  for (const c of found) coursesOf.set(c.courseCode, [...(coursesOf.get(c.courseCode) ?? []), c.id]);
  const userOf = new Map(people.map((u) => [u.userNo, u.id]));
  const held = await rolesHeld(
    deps.db,
    found.map((c) => c.id),
    people.map((u) => u.id),
  );
  const holds = new Set(held.map((h) => `${h.courseId}:${h.userId}:${h.role}`));

  const plan: EnrolmentSyncPlan = { provider, dry_run: options.dryRun, rows_read: rows.length, add: [], kept: 0, skipped: [], applied: 0 };
  const planned = new Set<string>();
  for (const row of rows) {
    const skip = (reason: EnrolmentSyncPlan['skipped'][number]['reason']) =>
      plan.skipped.push({ line: row.line, reason, course_code: row.courseCode, user_no: row.userNo });
    if (!row.courseCode || !row.userNo) {
      skip('incomplete_row');
      continue;
    }
    const role = CourseRoleSchema.safeParse(row.role || 'student');
    if (!role.success) {
      skip('unknown_role');
      continue;
    }
    const ids = coursesOf.get(row.courseCode) ?? [];
    if (ids.length === 0) {
      skip('unknown_course');
      continue;
    }
    if (ids.length > 1) {
      skip('ambiguous_course');
      continue;
    }
    const courseId = ids[0]!;
    if (options.onlyCourseId !== undefined && courseId !== options.onlyCourseId) {
      skip('other_course');
      continue;
    }
    const userId = userOf.get(row.userNo);
    if (userId === undefined) {
      skip('unknown_user');
      continue;
    }
    const key = `${courseId}:${userId}:${role.data}`;
    if (holds.has(key) || planned.has(key)) {
      plan.kept += 1;
      continue;
    }
    planned.add(key);
    plan.add.push({ course_id: courseId, course_code: row.courseCode, user_id: userId, user_no: row.userNo, role: role.data });
  }
  if (!options.dryRun && plan.add.length > 0) {
    await transaction(deps, async (tx) => {
      for (const enrolment of plan.add) {
        if (!(await insertEnrolmentIfAbsent(tx, enrolment.course_id, enrolment.user_id, enrolment.role as CourseRole))) continue;
        plan.applied += 1;
        await emit(deps, tx, { type: 'enrolment.created', payload: { course_id: enrolment.course_id, user_id: enrolment.user_id, role: enrolment.role } });
      }
    });
  }
  return plan;
}

/**
 * `POST /api/courses/sync_from_urp {dry_run}` (the organisation's admins): the URP connector's enrolments into every
 * course of the organisation. CONNECTOR_NOT_CONFIGURED (409, `provider`) without a URP connector;
 * CONNECTOR_SOURCE_FAILED (502, `url`) when its file cannot be read.
 */
export async function syncFromUrp(deps: AppDeps, actor: Actor, dryRun: boolean): Promise<EnrolmentSyncPlan> {
  assertManagesOrganisation(actor, 'Only organisation administrators sync enrolments from URP');
  return sync(deps, actor.orgId, 'urp', await sourceOf(deps, actor.orgId, 'urp'), { dryRun });
}

/**
 * `PUT /api/courses/{id}/sync-itri-enrollments {dry_run}` (those who may enrol in the course): the ITRI connector's
 * enrolments of this course only. Errors as syncFromUrp, and the course's own (404, 403).
 */
export async function syncItriEnrolments(deps: AppDeps, actor: Actor, courseId: number, dryRun: boolean): Promise<EnrolmentSyncPlan> {
  const { course } = await courseFor(deps, actor, courseId, 'enrol');
  return sync(deps, course.orgId, 'itri', await sourceOf(deps, course.orgId, 'itri'), { dryRun, onlyCourseId: courseId });
}
