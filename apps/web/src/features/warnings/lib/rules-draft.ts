import { DEFAULT_WARNING_RULES, type WarningRules, type WarningRulesAnswer, type WarningRulesInput } from '@atrium/contracts';

/** The four rules' keys, in the form's order. */
export const RULE_KEYS = ['inactive_days', 'behind_percent', 'missed_deadlines', 'falling_scores'] as const satisfies readonly (keyof WarningRules)[];
export type RuleKey = (typeof RULE_KEYS)[number];

/** The list's rule name (reasons, filter and labels) of each key of the rules. */
export const RULE_NAME_OF = {
  inactive_days: 'inactive',
  behind_percent: 'behind_schedule',
  missed_deadlines: 'missed_deadlines',
  falling_scores: 'falling_scores',
} as const satisfies Record<RuleKey, string>;

/** The bounds of each number (WarningRulesSchema). */
export const RULE_BOUNDS = {
  inactive_days: { min: 1, max: 365 },
  behind_percent: { min: 1, max: 100 },
  missed_deadlines: { min: 1, max: 100 },
  count: { min: 2, max: 10 },
  drop_percent: { min: 1, max: 100 },
} as const;

/** One rule as the form holds it: on or off, and its numbers (kept while off, so switching back on restores them; null while an input is empty). */
export interface RuleField {
  on: boolean;
  value: number | null;
  /** falling_scores only: the scores in a row and the drop. */
  count: number | null;
  drop: number | null;
}
export type RuleFields = Record<RuleKey, RuleField>;

/** The form's fields from the rules in force; a rule that is off shows the defaults' numbers. */
export function fieldsOf(rules: WarningRules): RuleFields {
  const falling = rules.falling_scores ?? DEFAULT_WARNING_RULES.falling_scores!;
  const single = (key: 'inactive_days' | 'behind_percent' | 'missed_deadlines'): RuleField => ({
    on: rules[key] !== null,
    value: rules[key] ?? DEFAULT_WARNING_RULES[key],
    count: null,
    drop: null,
  });
  return {
    inactive_days: single('inactive_days'),
    behind_percent: single('behind_percent'),
    missed_deadlines: single('missed_deadlines'),
    falling_scores: { on: rules.falling_scores !== null, value: null, count: falling.count, drop: falling.drop_percent },
  };
}

function within(n: number | null, bounds: { min: number; max: number }): n is number {
  return n !== null && Number.isInteger(n) && n >= bounds.min && n <= bounds.max;
}

/** The rule a field stands for (null: off), or undefined while a number is empty or out of bounds. */
export function ruleOf<K extends RuleKey>(key: K, field: RuleField): WarningRules[K] | undefined {
  if (!field.on) return null as WarningRules[K];
  if (key === 'falling_scores') {
    if (!within(field.count, RULE_BOUNDS.count) || !within(field.drop, RULE_BOUNDS.drop_percent)) return undefined;
    return { count: field.count, drop_percent: field.drop } as WarningRules[K];
  }
  return (within(field.value, RULE_BOUNDS[key as Exclude<RuleKey, 'falling_scores'>]) ? field.value : undefined) as WarningRules[K] | undefined;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** What the person did to the form: the rules they edited, and those they put back to the level above's. */
export interface RulesDraft {
  fields: RuleFields;
  touched: ReadonlySet<RuleKey>;
  inherit: ReadonlySet<RuleKey>;
}

/** True when `key` differs from what was saved: edited to another rule than the one in force, or put back to the level above's. */
export function isChanged(answer: WarningRulesAnswer, draft: RulesDraft, key: RuleKey): boolean {
  if (draft.inherit.has(key)) return true;
  if (!draft.touched.has(key)) return false;
  const rule = ruleOf(key, draft.fields[key]);
  return rule === undefined || !same(rule, answer.effective[key]);
}

/**
 * The body of the PUT: what this level sets after the edits. The server replaces what the level set
 * before (warnings.repository.ts), so the rules it already set go again, unchanged or edited; a rule it
 * did not set goes only when edited to something other than the rule in force (null when switched off);
 * one put back to the level above's is left out. Undefined while a number is empty or out of bounds.
 */
export function bodyOf(answer: WarningRulesAnswer, draft: RulesDraft): WarningRulesInput | undefined {
  const body: Record<string, unknown> = {};
  for (const key of RULE_KEYS) {
    if (draft.inherit.has(key)) continue;
    const own = Object.hasOwn(answer.own, key);
    if (draft.touched.has(key)) {
      const rule = ruleOf(key, draft.fields[key]);
      if (rule === undefined) return undefined;
      if (own || !same(rule, answer.effective[key])) body[key] = rule;
    } else if (own) body[key] = answer.own[key];
  }
  return body as WarningRulesInput;
}
