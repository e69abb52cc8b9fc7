import {
  PLAN_EXPIRY_NOTICE_DAYS,
  PLAN_FEATURES,
  type CreatePlanRequestBody,
  type DecidePlanRequestBody,
  type OrgPlan,
  type PageQuery,
  type Plan,
  type PlanFeature,
  type PlanRequest,
  type PlanRequestPage,
  type PlanRequestQuery,
} from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { AppDeps } from '../../lib/deps.js';
import { offsetOf, toPage } from '../../lib/pagination.js';
import type { Actor } from '../../plugins/auth.js';
import { authorize } from '../access/authorize.js';
import { emit, transaction } from '../events/events.service.js';
import type { UploadCreationCheck } from '../uploads/upload-parents.js';
import { stateOf } from './plan-caps.js';
import {
  closePlanRequest,
  findPendingPlanRequest,
  findPlanRequest,
  findPlan,
  insertPlanNotice,
  insertPlanRequest,
  listPlanRequests,
  listPlansEndingBy,
  planUsage,
  upsertPlan,
  type PlanRequestRow,
  type PlanRow,
  type PlanValues,
} from './plans.repository.js';

/**
 * Organisation plans (issue 24 item 3; decision 0151): what `/management/plan` shows and the org plan apply popup
 * sends, what `/wg-admin/request` decides, the daily expiry notices, and the caps the plan puts on the
 * organisation (plan-caps.ts: toggles of features it leaves out are off, the storage quota at most its storage;
 * once the plan or its storage has ended no new file is taken).
 */

const DAY_MS = 86_400_000;
const iso = (d: Date | null) => d?.toISOString() ?? null;

function presentPlan(row: PlanRow, now: Date): Plan {
  return {
    name: row.name,
    seats: row.seats,
    storage_bytes: row.storageBytes,
    features: Object.fromEntries(PLAN_FEATURES.map((f) => [f, row.features[f] === true])) as Plan['features'],
    expires_at: iso(row.expiresAt),
    storage_expires_at: iso(row.storageExpiresAt),
    state: stateOf(row.expiresAt, now),
    storage_state: stateOf(row.storageExpiresAt, now),
    updated_at: row.updatedAt.toISOString(),
  };
}

function presentRequest(row: PlanRequestRow): PlanRequest {
  return {
    id: row.id,
    org: { id: row.orgId, name: row.orgName },
    status: row.status,
    changes: row.changes,
    reason: row.reason,
    requested_by: row.requestedById !== null ? { id: row.requestedById, name: row.requesterName ?? '' } : null,
    created_at: row.createdAt.toISOString(),
    decided_by: row.decidedById !== null ? { id: row.decidedById, name: row.deciderName ?? '' } : null,
    decided_at: iso(row.decidedAt),
    decision_note: row.decisionNote,
  };
}

/** `GET /api/org/plan` (org admins): the plan (null: none, nothing capped), what the organisation uses, its pending request. Three SELECTs, together. */
export async function orgPlan(deps: AppDeps, actor: Actor, now = new Date()): Promise<OrgPlan> {
  const { orgId } = await authorize(deps, actor, 'plan.read', {});
  const [plan, usage, pending] = await Promise.all([findPlan(deps.db, orgId), planUsage(deps.db, orgId), findPendingPlanRequest(deps.db, orgId)]);
  return {
    plan: plan ? presentPlan(plan, now) : null,
    usage: { seats_used: usage.seats, storage_used_bytes: usage.storage, courses: usage.courses },
    pending_request: pending ? presentRequest(pending) : null,
  };
}

/** `GET /api/org/plan/requests` (org admins): their organisation's requests, newest first. */
export async function orgPlanRequests(deps: AppDeps, actor: Actor, query: PageQuery): Promise<PlanRequestPage> {
  const { orgId } = await authorize(deps, actor, 'plan.read', {});
  const { rows, total } = await listPlanRequests(deps.db, { orgId }, { limit: query.page_size, offset: offsetOf(query.page, query.page_size) });
  return toPage(rows.map(presentRequest), total, query.page, query.page_size);
}

/**
 * `POST /api/org/plan/requests` (org admins; the org plan apply popup of spec §2): records a pending request and
 * tells the platform operators (`plan.requested`). 409 PLAN_REQUEST_PENDING when one is pending already (nothing
 * written). Answers the request.
 */
export async function applyForPlanChange(deps: AppDeps, actor: Actor, body: CreatePlanRequestBody): Promise<PlanRequest> {
  const { orgId } = await authorize(deps, actor, 'plan.apply', {});
  try {
    await transaction(deps, async (tx) => {
      const requestId = await insertPlanRequest(tx, { orgId, changes: body.changes, reason: body.reason, requestedById: actor.id });
      await emit(deps, tx, { type: 'plan.requested', payload: { request_id: requestId, org_id: orgId, actor_id: actor.id } });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('PLAN_REQUEST_PENDING', 'Your organisation has a plan request waiting for a decision: withdraw it first', {
        changes: ['plan.requestPending'],
      });
    throw error;
  }
  const pending = await findPendingPlanRequest(deps.db, orgId);
  return presentRequest(pending!);
}

/** `DELETE /api/org/plan/requests/{id}` (org admins): withdraws their organisation's pending request. 409 PLAN_REQUEST_CLOSED once decided. */
export async function withdrawPlanRequest(deps: AppDeps, actor: Actor, requestId: number): Promise<PlanRequest> {
  const { request } = await authorize(deps, actor, 'plan.apply', { requestId });
  if (!(await closePlanRequest(deps.db, request!.id, 'withdrawn', { userId: actor.id, note: null })))
    throw new AppError('PLAN_REQUEST_CLOSED', 'This plan request was decided or withdrawn already');
  return presentRequest((await findPlanRequest(deps.db, request!.id))!);
}

/** `GET /api/wg-admin/plan-requests` (platform operators): every organisation's requests, newest first, of one status or all. */
export async function allPlanRequests(deps: AppDeps, actor: Actor, query: PlanRequestQuery): Promise<PlanRequestPage> {
  await authorize(deps, actor, 'plan.decide', {});
  const { rows, total } = await listPlanRequests(deps.db, { status: query.status }, { limit: query.page_size, offset: offsetOf(query.page, query.page_size) });
  return toPage(rows.map(presentRequest), total, query.page, query.page_size);
}

/** The plan an organisation without one starts from when its first request is approved: every feature, its current seats, 1 TiB, no end. */
function basePlan(seatsUsed: number): PlanValues {
  return {
    name: 'Standard',
    seats: Math.max(1, seatsUsed),
    storageBytes: 1024 ** 4,
    features: Object.fromEntries(PLAN_FEATURES.map((f) => [f, true])) as Record<PlanFeature, boolean>,
    expiresAt: null,
    storageExpiresAt: null,
  };
}

/**
 * `PUT /api/wg-admin/plan-requests/{id}` (platform operators): approves a pending request — its changes apply to
 * the organisation's plan in the same transaction (a plan is made from basePlan when there is none) — or rejects it;
 * the requester is told (`plan.request_decided`). 409 PLAN_REQUEST_CLOSED when it is not pending (nothing changes).
 */
export async function decidePlanRequest(deps: AppDeps, actor: Actor, requestId: number, body: DecidePlanRequestBody): Promise<PlanRequest> {
  const { request } = await authorize(deps, actor, 'plan.decide', { requestId });
  const r = request!;
  await transaction(deps, async (tx) => {
    if (!(await closePlanRequest(tx, r.id, body.decision, { userId: actor.id, note: body.note || null })))
      throw new AppError('PLAN_REQUEST_CLOSED', 'This plan request was decided or withdrawn already');
    if (body.decision === 'approved') await upsertPlan(tx, r.orgId, await changedPlan(tx, r));
    await emit(deps, tx, {
      type: 'plan.request_decided',
      payload: { request_id: r.id, org_id: r.orgId, actor_id: actor.id, requester_id: r.requestedById, decision: body.decision },
    });
  });
  return presentRequest((await findPlanRequest(deps.db, r.id))!);
}

/** The organisation's plan with the request's changes (only what it names). */
async function changedPlan(db: Db, request: PlanRequestRow): Promise<PlanValues> {
  const current = await findPlan(db, request.orgId);
  const base: PlanValues = current ?? basePlan((await planUsage(db, request.orgId)).seats);
  const c = request.changes;
  const date = (v: string | null | undefined, fallback: Date | null | undefined) => (v === undefined ? (fallback ?? null) : v === null ? null : new Date(v));
  return {
    name: base.name,
    seats: c.seats ?? base.seats,
    storageBytes: c.storage_bytes ?? base.storageBytes,
    features: { ...base.features, ...c.features } as Record<PlanFeature, boolean>,
    expiresAt: date(c.expires_at, base.expiresAt),
    storageExpiresAt: date(c.storage_expires_at, base.storageExpiresAt),
  };
}

/**
 * The plan's upload check (registered with the upload creation checks): once the organisation's plan or its storage
 * has ended, no new file is taken — 409 PLAN_EXPIRED naming `size`. Organisations without a plan pass. One SELECT.
 */
export const planUploadCheck: UploadCreationCheck = async (deps, actor) => {
  const plan = await findPlan(deps.db, actor.orgId);
  if (!plan) return;
  const now = new Date();
  if (stateOf(plan.expiresAt, now) === 'expired' || stateOf(plan.storageExpiresAt, now) === 'expired')
    throw new AppError('PLAN_EXPIRED', 'Your organisation’s plan or its storage has ended: files can be added again once it is renewed', {
      size: ['plan.expired'],
    });
};

/**
 * The daily plan job (`plan-expiry` in jobs/workers.ts): for every plan or plan storage ending within the first
 * notice threshold (PLAN_EXPIRY_NOTICE_DAYS, 30 days) or ended, the threshold band it is in now (30, 7, 1 days
 * before; 0 once ended) is told to the organisation's admins once (`plan.expiring`; org_plan_notices remembers it in
 * the same transaction, so a second run tells nothing, and a renewed plan's new end is told again). Answers how
 * many notices it emitted.
 */
export async function notifyPlanExpiry(deps: AppDeps, now = new Date()): Promise<number> {
  const plans = await listPlansEndingBy(deps.db, new Date(now.getTime() + PLAN_EXPIRY_NOTICE_DAYS[0] * DAY_MS));
  let told = 0;
  for (const plan of plans) {
    for (const [what, endsAt] of [
      ['plan', plan.expiresAt],
      ['storage', plan.storageExpiresAt],
    ] as const) {
      if (!endsAt) continue;
      const daysLeft = Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS));
      const band = [...PLAN_EXPIRY_NOTICE_DAYS].reverse().find((t) => daysLeft <= t);
      if (band === undefined) continue;
      const sent = await transaction(deps, async (tx) => {
        if (!(await insertPlanNotice(tx, { orgId: plan.orgId, what, endsAt, days: band }))) return false;
        await emit(deps, tx, {
          type: 'plan.expiring',
          payload: { org_id: plan.orgId, what, ends_at: endsAt.toISOString(), days: daysLeft, plan_name: plan.name },
        });
        return true;
      });
      if (sent) told += 1;
    }
  }
  return told;
}
