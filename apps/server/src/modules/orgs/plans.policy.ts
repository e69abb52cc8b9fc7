import { USER_ROLE } from '@atrium/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../plugins/auth.js';
import { isOrgAdmin } from '../courses/courses.policy.js';
import { findPlanRequest, type PlanRequestRow } from './plans.repository.js';

/**
 * The plan policy (issue 24 item 3; decision 0151; spec §6 "org admins apply for plan changes"):
 * - `plan.read`, `plan.apply`: the organisation's admins (role admin or wg admin) for their own organisation;
 *   with `requestId`, a request of their organisation (404 PLAN_REQUEST_NOT_FOUND for another's). 403 FORBIDDEN to
 *   anyone else.
 * - `plan.decide`: platform operators (wg admin, role 3), over every organisation; with `requestId`, that request
 *   (404 PLAN_REQUEST_NOT_FOUND). 403 FORBIDDEN to anyone else, org admins included.
 */
export type PlanGrant = { orgId: number; request?: PlanRequestRow };

async function requestOf(deps: AppDeps, requestId: number, orgId: number | null): Promise<PlanRequestRow> {
  const request = await findPlanRequest(deps.db, requestId);
  if (!request || (orgId !== null && request.orgId !== orgId)) throw new AppError('PLAN_REQUEST_NOT_FOUND', 'This plan request does not exist');
  return request;
}

/** `plan.read` / `plan.apply`: the actor's organisation (and the request named), for its admins. */
export async function planOfOrg(deps: AppDeps, actor: Actor, requestId: number | undefined, message: string): Promise<PlanGrant> {
  if (!isOrgAdmin(actor)) throw new AppError('FORBIDDEN', message);
  return requestId === undefined ? { orgId: actor.orgId } : { orgId: actor.orgId, request: await requestOf(deps, requestId, actor.orgId) };
}

/** `plan.decide`: platform operators only (and the request named, of any organisation). */
export async function planToDecide(deps: AppDeps, actor: Actor, requestId: number | undefined): Promise<PlanGrant> {
  if (actor.role !== USER_ROLE.wgAdmin) throw new AppError('FORBIDDEN', 'Only platform operators decide plan requests');
  if (requestId === undefined) return { orgId: actor.orgId };
  const request = await requestOf(deps, requestId, null);
  return { orgId: request.orgId, request };
}
