import { LEARNING_STATS_MAX_DAYS } from '@atrium/contracts';

/** A period of whole UTC days, `YYYY-MM-DD`, both ends included (contracts `TeachingStatsQuerySchema`). */
export interface TeachingPeriod {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

/** The UTC calendar day of an instant, `YYYY-MM-DD`. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The `days` days ending on the UTC day of `now`. */
export function lastDays(days: number, now: Date = new Date()): TeachingPeriod {
  return { from: utcDay(new Date(now.getTime() - (days - 1) * DAY_MS)), to: utcDay(now) };
}

/** How many days the period spans, both ends included (one day is 1). */
export function periodLength(period: TeachingPeriod): number {
  return Math.round((Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** True when the period runs forwards and spans at most LEARNING_STATS_MAX_DAYS (366) days, as the server accepts. */
export function isAllowedPeriod(period: TeachingPeriod): boolean {
  const length = periodLength(period);
  return length >= 1 && length <= LEARNING_STATS_MAX_DAYS;
}
