import { LEARNING_STATS_MAX_DAYS } from '@atrium/contracts';

/**
 * A period of whole UTC days, `YYYY-MM-DD`, both ends included: the query of the learning and teaching
 * statistics (contracts `LearningStatsQuerySchema`, `TeachingStatsQuerySchema`).
 */
export interface StatsPeriod {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

/** The UTC calendar day of an instant, `YYYY-MM-DD`. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative: earlier), as `YYYY-MM-DD`. */
export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** How many days the period spans, both ends included (a period of one day is 1). */
export function periodLength(period: StatsPeriod): number {
  return Math.round((Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The `days` days ending on the UTC day of `now` (the server's default is 30). */
export function lastDays(days: number, now: Date = new Date()): StatsPeriod {
  const to = utcDay(now);
  return { from: addDays(to, -(days - 1)), to };
}

/** The dashboard's default: the 30 days ending today, as the server's own default. */
export function defaultPeriod(now: Date = new Date()): StatsPeriod {
  return lastDays(30, now);
}

/** True when the period runs forwards and spans at most LEARNING_STATS_MAX_DAYS (366) days, as the server accepts. */
export function isAllowedPeriod(period: StatsPeriod): boolean {
  const length = periodLength(period);
  return length >= 1 && length <= LEARNING_STATS_MAX_DAYS;
}
