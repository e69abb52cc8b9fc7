import { describe, expect, it } from 'vitest';
import { DEFAULT_WARNING_RULES } from '@atrium/contracts';
import { effectiveRules, expectedCompleteness, reasonsOf, type StudentFacts } from './warning-rules.js';

// A fake clock: every rule is judged at this instant.
const NOW = new Date('2026-12-02T09:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 24 * 3600_000);
const quiet: StudentFacts = { lastSignInAt: daysAgo(1), completeness: 100, missed: [], scores: [] };

describe('early-warning rules (issue 25 item 4)', () => {
  it('flags no sign-in for the rule’s days, and never signed in', () => {
    const rules = effectiveRules({ inactive_days: 7 }, undefined);
    expect(reasonsOf({ ...quiet, lastSignInAt: daysAgo(6.9) }, rules, 0, NOW)).toEqual([]);
    expect(reasonsOf({ ...quiet, lastSignInAt: daysAgo(7) }, rules, 0, NOW)).toEqual([
      { rule: 'inactive', days: 7, last_sign_in_at: daysAgo(7).toISOString() },
    ]);
    expect(reasonsOf({ ...quiet, lastSignInAt: null }, rules, 0, NOW)).toEqual([{ rule: 'inactive', days: null, last_sign_in_at: null }]);
  });

  it('flags completeness behind the schedule by the rule’s points', () => {
    const rules = effectiveRules(undefined, { behind_percent: 20 });
    expect(reasonsOf({ ...quiet, completeness: 31 }, rules, 50, NOW)).toEqual([]);
    expect(reasonsOf({ ...quiet, completeness: 30 }, rules, 50, NOW)).toEqual([{ rule: 'behind_schedule', completeness: 30, expected: 50 }]);
  });

  it('flags missed deadlines from the rule’s count', () => {
    const missed = [{ id: 1, title: 'Essay', endTime: daysAgo(2) }];
    expect(reasonsOf({ ...quiet, missed }, effectiveRules(undefined, { missed_deadlines: 2 }), 0, NOW)).toEqual([]);
    expect(reasonsOf({ ...quiet, missed }, effectiveRules(undefined, { missed_deadlines: 1 }), 0, NOW)).toEqual([
      { rule: 'missed_deadlines', activities: [{ id: 1, title: 'Essay', end_time: daysAgo(2).toISOString() }] },
    ]);
  });

  it('flags scores that fell at each of the last `count` by the rule’s points in all', () => {
    const rules = effectiveRules({ falling_scores: { count: 3, drop_percent: 15 } }, undefined);
    expect(reasonsOf({ ...quiet, scores: [95, 80, 70, 60] }, rules, 0, NOW)).toEqual([{ rule: 'falling_scores', scores: [80, 70, 60] }]);
    expect(reasonsOf({ ...quiet, scores: [80, 75, 70] }, rules, 0, NOW)).toEqual([]); // 10 points in all
    expect(reasonsOf({ ...quiet, scores: [80, 60, 65] }, rules, 0, NOW)).toEqual([]); // rose at the last
    expect(reasonsOf({ ...quiet, scores: [90, 60] }, rules, 0, NOW)).toEqual([]); // too few
  });

  it('a rule set to null is off; the course overrides the organisation key by key', () => {
    const rules = effectiveRules({ inactive_days: 3, missed_deadlines: 5 }, { inactive_days: null });
    expect(rules).toEqual({ ...DEFAULT_WARNING_RULES, inactive_days: null, missed_deadlines: 5 });
    expect(reasonsOf({ ...quiet, lastSignInAt: null }, rules, 0, NOW)).toEqual([]);
  });

  it('the schedule is the share of counted activities whose end time has passed', () => {
    expect(expectedCompleteness([], NOW)).toBe(0);
    expect(expectedCompleteness([{ endTime: daysAgo(1) }, { endTime: null }, { endTime: daysAgo(-1) }], NOW)).toBe(33);
    expect(expectedCompleteness([{ endTime: NOW }], NOW)).toBe(100);
  });
});
