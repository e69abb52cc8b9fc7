import type { StatsRetention } from '@atrium/contracts';
import { applyRetention, findOrgRetention, setOrgRetention } from '@atrium/stats';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { assertManagesOrganisation } from '../orgs/orgs.policy.js';

function assertEmbedded(deps: AppDeps): void {
  if (deps.config.statsUrl) throw new AppError('STATS_ELSEWHERE', 'The statistics are kept by the statistics server at STATS_URL');
}

/** `GET /api/org/stats-retention`: how long the statistics keep my organisation's events. */
export async function orgRetention(deps: AppDeps, actor: Actor): Promise<StatsRetention> {
  assertEmbedded(deps);
  const days = (await findOrgRetention(deps.db, actor.orgId)) ?? null;
  return { days, effective_days: days ?? deps.config.statsRetentionDays };
}

/** `PUT /api/org/stats-retention` (the organisation's admins): its own days, or null for the server's default. */
export async function setRetention(deps: AppDeps, actor: Actor, days: number | null): Promise<StatsRetention> {
  assertEmbedded(deps);
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
