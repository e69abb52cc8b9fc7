import { DEFAULT_WARNING_RULES, type WarningReason, type WarningRules, type WarningRulesInput } from '@atrium/contracts';

const DAY_MS = 24 * 3600_000;

/** The rules in force: the defaults, then the organisation's, then the course's, key by key. */
export function effectiveRules(org: WarningRulesInput | undefined, course: WarningRulesInput | undefined): WarningRules {
  return { ...DEFAULT_WARNING_RULES, ...(org ?? {}), ...(course ?? {}) };
}

/** What the rules look at of one student. */
export interface StudentFacts {
  lastSignInAt: Date | null;
  /** 0..100: completed counted activities ÷ counted activities. */
  completeness: number;
  /** Counted activities past their end time the student has not completed, in content order. */
  missed: { id: number; title: string; endTime: Date }[];
  /** Scores in percent of their maximum, oldest first. */
  scores: number[];
}

/**
 * Why one student is flagged at `now` (issue 25 item 4), one reason per rule that fires:
 * - `inactive`: never signed in, or not for `inactive_days` days or more;
 * - `behind_schedule`: completeness `behind_percent` points or more below `expected` (0..100, the share of
 *   counted activities whose end time has passed);
 * - `missed_deadlines`: `missed_deadlines` or more counted activities past their end time and not completed;
 * - `falling_scores`: the last `count` scores each lower than the one before, `drop_percent` points or more in all.
 * Empty when none fires.
 */
export function reasonsOf(facts: StudentFacts, rules: WarningRules, expected: number, now: Date): WarningReason[] {
  const reasons: WarningReason[] = [];
  if (rules.inactive_days !== null) {
    const days = facts.lastSignInAt ? Math.floor((now.getTime() - facts.lastSignInAt.getTime()) / DAY_MS) : null;
    if (days === null || days >= rules.inactive_days) reasons.push({ rule: 'inactive', days, last_sign_in_at: facts.lastSignInAt?.toISOString() ?? null });
  }
  if (rules.behind_percent !== null && expected - facts.completeness >= rules.behind_percent) {
    reasons.push({ rule: 'behind_schedule', completeness: facts.completeness, expected });
  }
  if (rules.missed_deadlines !== null && facts.missed.length >= rules.missed_deadlines) {
    reasons.push({
      rule: 'missed_deadlines',
      activities: facts.missed.map((a) => ({ id: a.id, title: a.title, end_time: a.endTime.toISOString() })),
    });
  }
  if (rules.falling_scores !== null && facts.scores.length >= rules.falling_scores.count) {
    const last = facts.scores.slice(-rules.falling_scores.count);
    const falling = last.every((score, i) => i === 0 || score < last[i - 1]!);
    if (falling && last[0]! - last[last.length - 1]! >= rules.falling_scores.drop_percent) reasons.push({ rule: 'falling_scores', scores: last });
  }
  return reasons;
}

/** The course's schedule at `now`: the share (0..100, floored) of counted activities whose end time has passed. */
export function expectedCompleteness(counted: readonly { endTime: Date | null }[], now: Date): number {
  if (counted.length === 0) return 0;
  const due = counted.filter((a) => a.endTime !== null && a.endTime.getTime() <= now.getTime()).length;
  return Math.floor((due / counted.length) * 100);
}
