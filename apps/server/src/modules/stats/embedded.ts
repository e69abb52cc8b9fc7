import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';

/** Refuses (409 STATS_ELSEWHERE) what only the embedded statistics server holds when STATS_URL names another (decision 0147). */
export function assertEmbeddedStats(deps: AppDeps): void {
  if (deps.config.statsUrl) throw new AppError('STATS_ELSEWHERE', 'The statistics are kept by the statistics server at STATS_URL');
}
