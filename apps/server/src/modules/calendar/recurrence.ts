import { DateTime } from 'luxon';
import rrulePkg from 'rrule';
import type { RepeatType } from '@atrium/contracts';

const { RRule } = rrulePkg;

/** A stored timetable series, as the expansion needs it. Instants are UTC `Date`s; dates are local `YYYY-MM-DD`. */
export interface SeriesRule {
  /** First occurrence (an instant). */
  startTime: Date;
  endTime: Date;
  /** IANA zone the wall-clock times repeat in (decision 0020). */
  timeZone: string;
  repeatType: RepeatType;
  /** custom: every N weeks; ignored otherwise (spec §5 normalisation). */
  repeatFrequency: number | null;
  /** Comma list of 1-7 (Monday-Sunday, spec §9). */
  repeatWeeklyDays: string | null;
  /** Last local date an occurrence may start on (inclusive). */
  repeatEndDate: string | null;
  /** Course end date: bounds the series like repeatEndDate (spec §3 course_end_date). */
  courseEndDate: string | null;
  /** Occurrences starting at or after this instant are cut off (a split with current_and_after). */
  until: Date | null;
  /** Starts (ISO instants) of removed occurrences (EXDATE, RFC 5545 §3.8.5.1). */
  exdates: readonly string[];
}

/** One occurrence: start and end instants. */
export interface Occurrence {
  start: Date;
  end: Date;
}

/** Wall-clock time in `zone` encoded as a UTC Date ("floating", as rrule works). */
function toFloating(instant: Date, zone: string): Date {
  const l = DateTime.fromJSDate(instant, { zone });
  return new Date(Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second, l.millisecond));
}

/** The instant of a floating wall-clock time in `zone` (a time inside a DST gap moves forward, as luxon does). */
function fromFloating(floating: Date, zone: string): Date {
  return DateTime.fromObject(
    {
      year: floating.getUTCFullYear(),
      month: floating.getUTCMonth() + 1,
      day: floating.getUTCDate(),
      hour: floating.getUTCHours(),
      minute: floating.getUTCMinutes(),
      second: floating.getUTCSeconds(),
      millisecond: floating.getUTCMilliseconds(),
    },
    { zone },
  ).toJSDate();
}

/** Parses "1,3" into weekday numbers 1-7; empty or null answers []. */
export function parseWeeklyDays(days: string | null): number[] {
  if (!days) return [];
  return [
    ...new Set(
      days
        .split(',')
        .map((d) => Number(d.trim()))
        .filter((d) => Number.isInteger(d) && d >= 1 && d <= 7),
    ),
  ].sort((a, b) => a - b);
}

/** The earliest of the local end dates (inclusive), or null when the series is unbounded. */
function lastDate(rule: SeriesRule): string | null {
  const dates = [rule.repeatEndDate, rule.courseEndDate].filter((d): d is string => !!d).sort();
  return dates[0] ?? null;
}

/**
 * The rrule options of a series (RFC 5545 §3.3.10), in floating wall-clock time:
 * day → DAILY; week → WEEKLY interval 1 on the weekly days; custom → WEEKLY every
 * repeat_frequency weeks on the weekly days; weeks start on Monday. Null for no_repeat.
 * `untilFloating` is the last floating instant an occurrence may start at.
 */
export function rruleOptionsOf(rule: SeriesRule): Partial<rrulePkg.Options> | null {
  if (rule.repeatType === 'no_repeat') return null;
  const dtstart = toFloating(rule.startTime, rule.timeZone);
  const last = lastDate(rule);
  const untilFloating = last ? new Date(`${last}T23:59:59.999Z`) : null;
  const days = parseWeeklyDays(rule.repeatWeeklyDays);
  const base: Partial<rrulePkg.Options> = { dtstart, wkst: RRule.MO, ...(untilFloating ? { until: untilFloating } : {}) };
  if (rule.repeatType === 'day') return { ...base, freq: RRule.DAILY, interval: 1 };
  const byweekday = (days.length > 0 ? days : [((dtstart.getUTCDay() + 6) % 7) + 1]).map((d) => d - 1);
  const interval = rule.repeatType === 'custom' ? Math.max(1, rule.repeatFrequency ?? 1) : 1;
  return { ...base, freq: RRule.WEEKLY, interval, byweekday };
}

const DAY_MS = 86_400_000;

/**
 * The same rule with DTSTART moved forward by whole periods (days, or interval × weeks)
 * to at least a week before `from`: the occurrences from `from` on are unchanged (the
 * pattern repeats every period, in floating time), but rrule no longer iterates from the
 * first lesson of a long series on every request.
 */
function periodShifted(options: Partial<rrulePkg.Options>, from: Date): Partial<rrulePkg.Options> {
  const dtstart = options.dtstart!;
  const periodMs = options.freq === RRule.DAILY ? DAY_MS : 7 * DAY_MS * (options.interval ?? 1);
  const periods = Math.floor((from.getTime() - dtstart.getTime() - 7 * DAY_MS) / periodMs);
  if (periods <= 0) return options;
  return { ...options, dtstart: new Date(dtstart.getTime() + periods * periodMs) };
}

/**
 * Expands a timetable series into the occurrences that overlap [windowStart, windowEnd)
 * (start < windowEnd and end > windowStart), in the series' time zone so the wall-clock
 * time holds across daylight-saving changes. Honours repeat_end_date and course_end_date
 * (local dates, inclusive), `until` (exclusive instant) and exdates. Sorted by start.
 * Uses the rrule library (RFC 5545 §3.3.10); no_repeat answers the single occurrence.
 * Results are memoised by the rule's content and the window (an LRU of 20,000), since a
 * week is asked for by every member of a course.
 */
export function expandSeries(rule: SeriesRule, windowStart: Date, windowEnd: Date): Occurrence[] {
  const key = cacheKey(rule, windowStart, windowEnd);
  const cached = expansions.get(key);
  if (cached) {
    // Refresh its place in the LRU order.
    expansions.delete(key);
    expansions.set(key, cached);
    return cached.map((o) => ({ start: new Date(o.start), end: new Date(o.end) }));
  }
  const result = expandUncached(rule, windowStart, windowEnd);
  remember(key, result);
  return result;
}

/** An occurrence as the API writes it: ISO 8601 instants (UTC). Shared and read-only. */
export interface IsoOccurrence {
  readonly start_time: string;
  readonly end_time: string;
}

/**
 * expandSeries with the instants already formatted, from the same memo: a course's week is
 * presented for each of its members, so the ISO strings are made once per series and window.
 * The answer is shared: do not change it.
 */
export function expandSeriesIso(rule: SeriesRule, windowStart: Date, windowEnd: Date): readonly IsoOccurrence[] {
  const key = cacheKey(rule, windowStart, windowEnd);
  const cached = expansions.get(key);
  if (cached) {
    expansions.delete(key);
    expansions.set(key, cached);
    return cached;
  }
  return remember(key, expandUncached(rule, windowStart, windowEnd));
}

function remember(key: string, result: Occurrence[]): CachedOccurrence[] {
  const entry = result.map((o) => ({ start: o.start.getTime(), end: o.end.getTime(), start_time: o.start.toISOString(), end_time: o.end.toISOString() }));
  expansions.set(key, entry);
  if (expansions.size > EXPANSION_CACHE_SIZE) expansions.delete(expansions.keys().next().value!);
  return entry;
}

/** Most expansions kept in memory (LRU): one per series and requested window. */
const EXPANSION_CACHE_SIZE = 20_000;
type CachedOccurrence = { start: number; end: number } & IsoOccurrence;
const expansions = new Map<string, CachedOccurrence[]>();

/** Everything an expansion depends on: the rule's content (not its id) and the window. */
function cacheKey(r: SeriesRule, from: Date, to: Date): string {
  return [
    r.startTime.getTime(),
    r.endTime.getTime(),
    r.timeZone,
    r.repeatType,
    r.repeatFrequency,
    r.repeatWeeklyDays,
    r.repeatEndDate,
    r.courseEndDate,
    r.until?.getTime(),
    r.exdates.join(','),
    from.getTime(),
    to.getTime(),
  ].join('|');
}

function expandUncached(rule: SeriesRule, windowStart: Date, windowEnd: Date): Occurrence[] {
  const zone = rule.timeZone;
  const floatStart = toFloating(rule.startTime, zone);
  const wallDurationMs = toFloating(rule.endTime, zone).getTime() - floatStart.getTime();
  const durationMs = Math.max(wallDurationMs, rule.endTime.getTime() - rule.startTime.getTime(), 60_000);
  const options = rruleOptionsOf(rule);
  let starts: Date[];
  if (!options) {
    starts = [floatStart];
  } else {
    const slack = 2 * 86_400_000 + durationMs;
    const from = new Date(toFloating(windowStart, zone).getTime() - slack);
    const to = new Date(toFloating(windowEnd, zone).getTime() + 2 * 86_400_000);
    starts = new RRule(periodShifted(options, from)).between(from, to, true);
  }
  const excluded = new Set(rule.exdates.map((d) => Date.parse(d)));
  const last = options ? null : lastDate(rule);
  const out: Occurrence[] = [];
  for (const floating of starts) {
    if (last && floating.getTime() > Date.parse(`${last}T23:59:59.999Z`)) continue;
    const start = fromFloating(floating, zone);
    const end = fromFloating(new Date(floating.getTime() + wallDurationMs), zone);
    if (rule.until && start.getTime() >= rule.until.getTime()) continue;
    if (excluded.has(start.getTime())) continue;
    if (start.getTime() < windowEnd.getTime() && end.getTime() > windowStart.getTime()) out.push({ start, end });
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The local date (`YYYY-MM-DD`) of the day before `instant` in `zone`: the repeat_end_date that ends a series before it. */
export function localDateBefore(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).minus({ days: 1 }).toISODate()!;
}
