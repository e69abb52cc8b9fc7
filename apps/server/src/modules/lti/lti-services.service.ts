import type { LtiScoreBody } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import { findActivity, type ActivityRow } from '../activities/activities.repository.js';
import { findCourse } from '../courses/courses.repository.js';
import { rolesInCourse } from '../enrolments/enrolments.repository.js';
import { emit, transaction } from '../events/events.service.js';
import { imsRolesOf, platformEndpoints, SCOPE, serviceUrls } from './lti-claims.js';
import { verifyPlatformJwt } from './lti-keys.js';
import { listCourseMembers, listScores, upsertScore } from './lti.repository.js';
import { ltiDataOf } from './lti.service.js';

/**
 * The LTI Advantage services a tool calls with its access token (decision 0153): Assignment and
 * Grade Services 2.0 (one line item per `lti` activity, its scores and results) and Names and Role
 * Provisioning Services 2.0 (the course's members). Every call needs `Authorization: Bearer
 * <token from POST /api/lti/token>` for the activity's own tool, with a scope that covers it.
 */

/** Points a line item is out of when the activity names none. */
const DEFAULT_MAX_SCORE = 100;

/**
 * The activity a service call reaches: the bearer token verifies (LTI_INVALID_TOKEN, 401), holds one
 * of `scopes` (LTI_INSUFFICIENT_SCOPE, 403) and was issued to the activity's tool (same client id,
 * else LTI_INSUFFICIENT_SCOPE); the activity is a live `lti` one (ACTIVITY_NOT_FOUND, 404).
 */
async function serviceActivity(deps: AppDeps, authorization: string | undefined, activityId: number, scopes: readonly string[]): Promise<ActivityRow> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!token) throw new AppError('LTI_INVALID_TOKEN', 'The access token is not valid');
  const payload = await verifyPlatformJwt(deps, token, platformEndpoints(deps.config.publicUrl).token_url);
  const granted = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
  if (!scopes.some((s) => granted.includes(s))) throw new AppError('LTI_INSUFFICIENT_SCOPE', 'The access token does not cover this service');
  const row = await findActivity(deps.db, activityId);
  if (!row || row.type !== 'lti') throw new AppError('ACTIVITY_NOT_FOUND', 'This activity does not exist or was deleted');
  if (ltiDataOf(row).client_id !== payload.sub) throw new AppError('LTI_INSUFFICIENT_SCOPE', 'The access token does not cover this service');
  return row;
}

const maxScoreOf = (row: ActivityRow) => ltiDataOf(row).max_score ?? DEFAULT_MAX_SCORE;

/** An activity's line item (AGS 2.0 §3.2, application/vnd.ims.lis.v2.lineitem+json). */
function lineItemOf(issuer: string, row: ActivityRow) {
  return { id: serviceUrls(issuer, row.id).lineitem, scoreMaximum: maxScoreOf(row), label: row.title, resourceLinkId: String(row.id) };
}

const READ_LINE_ITEMS = [SCOPE.lineItem, SCOPE.lineItemReadonly];

/** `GET /api/lti/activities/{id}/lineitems` (AGS 2.0 §3.2.1 line item container): the activity's one line item. */
export async function listLineItems(deps: AppDeps, authorization: string | undefined, activityId: number) {
  const row = await serviceActivity(deps, authorization, activityId, READ_LINE_ITEMS);
  return [lineItemOf(deps.config.publicUrl, row)];
}

/** `GET /api/lti/activities/{id}/lineitem` (AGS 2.0 §3.2): the activity's line item. */
export async function getLineItem(deps: AppDeps, authorization: string | undefined, activityId: number) {
  const row = await serviceActivity(deps, authorization, activityId, READ_LINE_ITEMS);
  return lineItemOf(deps.config.publicUrl, row);
}

/** The Atrium user a tool's `userId` (the id_token's `sub`) names, when a student of the course; else LTI_INVALID_REQUEST naming `userId`. */
async function studentOf(deps: AppDeps, row: ActivityRow, userId: string): Promise<number> {
  const id = /^[1-9]\d{0,9}$/.test(userId) ? Number(userId) : 0;
  const roles = id ? await rolesInCourse(deps.db, row.courseId, id) : [];
  if (!roles.includes('student')) throw new AppError('LTI_INVALID_REQUEST', 'This LTI request is not valid', { userId: ['is not a learner of this course'] });
  return id;
}

/**
 * `POST /api/lti/activities/{id}/lineitem/scores` (AGS 2.0 §3.4, application/vnd.ims.lis.v1.score+json):
 * keeps the learner's score unless a later one is kept (timestamp order), and when it is
 * `FullyGraded` with a `scoreGiven` (and `scoreMaximum`, required then) emits `lti.score_posted`
 * with the grade in the line item's points (scoreGiven / scoreMaximum × the line item's maximum,
 * at most the maximum): the gradebook writes it. Throws LTI_INVALID_TOKEN, LTI_INSUFFICIENT_SCOPE,
 * ACTIVITY_NOT_FOUND, LTI_INVALID_REQUEST (userId not a learner, scoreGiven without scoreMaximum).
 */
export async function postScore(deps: AppDeps, authorization: string | undefined, activityId: number, score: LtiScoreBody): Promise<void> {
  const row = await serviceActivity(deps, authorization, activityId, [SCOPE.score]);
  const userId = await studentOf(deps, row, score.userId);
  if (score.scoreGiven !== undefined && score.scoreMaximum === undefined)
    throw new AppError('LTI_INVALID_REQUEST', 'This LTI request is not valid', { scoreMaximum: ['is required with scoreGiven'] });
  const max = maxScoreOf(row);
  await transaction(deps, async (tx) => {
    const written = await upsertScore(tx, {
      activityId: row.id,
      userId,
      scoreGiven: score.scoreGiven ?? null,
      scoreMaximum: score.scoreMaximum ?? null,
      comment: score.comment ?? null,
      activityProgress: score.activityProgress,
      gradingProgress: score.gradingProgress,
      scoredAt: new Date(score.timestamp),
    });
    if (!written || score.gradingProgress !== 'FullyGraded' || score.scoreGiven === undefined) return;
    const points = Math.min(score.scoreGiven / score.scoreMaximum!, 1) * max;
    await emit(deps, tx, {
      type: 'lti.score_posted',
      payload: { course_id: row.courseId, activity_id: row.id, user_id: userId, score: Math.round(points * 100) / 100, max_score: max },
    });
  });
}

/** `GET /api/lti/activities/{id}/lineitem/results?user_id=` (AGS 2.0 §3.3, result container): the kept scores with a scoreGiven. */
export async function listResults(deps: AppDeps, authorization: string | undefined, activityId: number, userId: string | undefined) {
  const row = await serviceActivity(deps, authorization, activityId, [SCOPE.resultReadonly]);
  const only = userId === undefined ? undefined : /^[1-9]\d{0,9}$/.test(userId) ? Number(userId) : -1;
  const lineitem = serviceUrls(deps.config.publicUrl, row.id).lineitem;
  const scores = only === -1 ? [] : await listScores(deps.db, row.id, only);
  return scores.map((s) => ({
    id: `${lineitem}/results/${s.userId}`,
    scoreOf: lineitem,
    userId: String(s.userId),
    resultScore: s.scoreGiven,
    resultMaximum: s.scoreMaximum ?? maxScoreOf(row),
    comment: s.comment,
  }));
}

/**
 * `GET /api/lti/activities/{id}/memberships` (NRPS 2.0 §2.2, membership container): the course's
 * members, each once with their IMS roles (instructor → Instructor, instructor_assistant →
 * TeachingAssistant, student → Learner) and `user_id` the launch's `sub`.
 */
export async function listMemberships(deps: AppDeps, authorization: string | undefined, activityId: number) {
  const row = await serviceActivity(deps, authorization, activityId, [SCOPE.membership]);
  const [course, members] = await Promise.all([findCourse(deps.db, row.courseId), listCourseMembers(deps.db, row.courseId)]);
  if (!course) throw new AppError('ACTIVITY_NOT_FOUND', 'This activity does not exist or was deleted');
  const byUser = new Map<number, { name: string; roles: string[] }>();
  for (const m of members) {
    const found = byUser.get(m.userId) ?? { name: m.name, roles: [] };
    found.roles.push(m.role);
    byUser.set(m.userId, found);
  }
  return {
    id: serviceUrls(deps.config.publicUrl, row.id).memberships,
    context: { id: String(course.id), label: course.courseCode, title: course.name },
    members: [...byUser].map(([id, m]) => ({ status: 'Active' as const, name: m.name, user_id: String(id), roles: imsRolesOf(m.roles) })),
  };
}
