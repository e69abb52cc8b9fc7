import type { StatsRetention } from '@atrium/contracts';
import { applyRetention, findOrgRetention, setOrgRetention } from '@atrium/stats';
import type { AppDeps } from '../../lib/deps.js';
import { assertEmbeddedStats } from './embedded.js';
import type { Actor } from '../../plugins/auth.js';
import { assertManagesOrganisation } from '../orgs/orgs.policy.js';

/** `GET /api/org/stats-retention`: how long the statistics keep my organisation's events. */
export async function orgRetention(deps: AppDeps, actor: Actor): Promise<StatsRetention> {
  assertEmbeddedStats(deps);
  const days = (await findOrgRetention(deps.db, actor.orgId)) ?? null;
  return { days, effective_days: days ?? deps.config.statsRetentionDays };
}

/** `PUT /api/org/stats-retention` (the organisation's admins): its own days, or null for the server's default. */
export async function setRetention(deps: AppDeps, actor: Actor, days: number | null): Promise<StatsRetention> {
  assertEmbeddedStats(deps);
  assertManagesOrganisation(actor, 'Only organisation administrators set how long statistics are kept');
  await setOrgRetention(deps.db, actor.orgId, days);
  return orgRetention(deps, actor);
}

/** The daily retention job of the embedded statistics (apps/stats applyRetention); answers the events deleted. */
export async function applyStatsRetention(deps: AppDeps, now = new Date()): Promise<number> {
  if (deps.config.statsUrl) return 0;
  const { partitions, events } = await applyRetention(deps.db, { defaultDays: deps.config.statsRetentionDays, now });
  if (partitions > 0) deps.log.info({ partitions }, 'dropped statistics partitions past their retention');
  return events;
}
