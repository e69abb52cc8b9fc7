import type { ReporterToken } from '@atrium/contracts';
import { REPORTER_TOKEN_TTL_MS, signReporterToken } from '@atrium/stats';
import type { AppDeps } from '../../lib/deps.js';

/**
 * `GET /api/stat/reporter-token` (issue 25 item 1; decision 0147): where the statistics server runs apart
 * (STATS_URL) and shares STATS_SECRET with this one, a reporter token (JWT HS256, apps/stats reporter-token.ts)
 * naming the signed-in user and their organisation — a visitor's names nobody — valid 12 hours; the web app's
 * beacon puts it in each batch. `{ token: null, expires_at: null }` when the statistics are embedded (the
 * session names the reporter) or no secret is shared (events arrive anonymous). Anyone may ask (`public.report`).
 */
export async function reporterToken(deps: AppDeps, user: { id: number; orgId: number } | null, now: number = Date.now()): Promise<ReporterToken> {
  const { statsUrl, statsSecret } = deps.config;
  if (!statsUrl || !statsSecret) return { token: null, expires_at: null };
  const expiresAt = now + REPORTER_TOKEN_TTL_MS;
  const token = await signReporterToken(statsSecret, { userId: user?.id ?? null, orgId: user?.orgId ?? null, source: 'client' }, expiresAt);
  return { token, expires_at: new Date(expiresAt).toISOString() };
}
