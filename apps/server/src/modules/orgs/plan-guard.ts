import type { PlanFeature } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { planIncludes } from './plan-caps.js';
import { findPlan } from './plans.repository.js';

/** The plan's guard on the organisation's toggle writes (issue 24 item 3; decision 0151), apart from plans.service so the settings services need no access policy. */

/**
 * 409 PLAN_FEATURE_NOT_INCLUDED naming the toggle when `turningOn` turns on (true) a feature the organisation's plan
 * leaves out (or any once the plan ended). Toggles turned off or not named pass. One SELECT (none when nothing turns on).
 */
export async function assertPlanAllows(db: Db, orgId: number, turningOn: Partial<Record<PlanFeature, boolean | undefined>>, now = new Date()): Promise<void> {
  const on = (Object.entries(turningOn) as [PlanFeature, boolean | undefined][]).filter(([, v]) => v === true).map(([f]) => f);
  if (on.length === 0) return;
  const plan = await findPlan(db, orgId);
  if (!plan) return;
  const missing = on.filter((f) => !planIncludes(plan, f, now));
  if (missing.length > 0)
    throw new AppError(
      'PLAN_FEATURE_NOT_INCLUDED',
      'Your organisation’s plan does not include this feature: apply for a plan change first',
      Object.fromEntries(missing.map((f) => [f, ['plan.featureNotIncluded']])),
    );
}
