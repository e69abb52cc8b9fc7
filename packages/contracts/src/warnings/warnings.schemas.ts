import { z } from 'zod';
import { PAGE_SIZE_OPTIONS } from '../constants.js';

/**
 * Early warning (issue 25 item 4; spec §2 `/course/{id}/warning`,
 * `/management/learning-statistics/learning-progress#/{courseId}/alert-list`): rules per organisation and course,
 * and the students they flag, each with the reasons.
 */

/** Falling scores: the learner's last `count` scores (percent of their maximum, oldest first) each lower than the one before, `drop_percent` points or more in all. */
export const FallingScoresRuleSchema = z.object({ count: z.number().int().min(2).max(10), drop_percent: z.number().int().min(1).max(100) });

/**
 * The rules; `null` turns one off. `inactive_days`: no sign-in for this many days. `behind_percent`: study
 * completeness this many points behind the course's schedule (the share of completable activities whose end
 * time has passed). `missed_deadlines`: at least this many activities past their end time and not completed.
 */
export const WarningRulesSchema = z.object({
  inactive_days: z.number().int().min(1).max(365).nullable(),
  behind_percent: z.number().int().min(1).max(100).nullable(),
  missed_deadlines: z.number().int().min(1).max(100).nullable(),
  falling_scores: FallingScoresRuleSchema.nullable(),
});
export type WarningRules = z.infer<typeof WarningRulesSchema>;

/** What an organisation or a course sets: any of the rules (an absent key keeps the level above's). */
export const WarningRulesInputSchema = WarningRulesSchema.partial();
export type WarningRulesInput = z.infer<typeof WarningRulesInputSchema>;

/** The rules when nobody set any. */
export const DEFAULT_WARNING_RULES: WarningRules = {
  inactive_days: 7,
  behind_percent: 20,
  missed_deadlines: 1,
  falling_scores: { count: 3, drop_percent: 15 },
};

/** `GET /api/courses/{id}/warning-rules` and `GET /api/orgs/{id}/warning-rules`: what applies, and what this level sets itself. */
export const WarningRulesAnswerSchema = z.object({ effective: WarningRulesSchema, own: WarningRulesInputSchema });
export type WarningRulesAnswer = z.infer<typeof WarningRulesAnswerSchema>;

const isoTime = z.iso.datetime({ offset: true });

/** Why a student is flagged: one entry per rule that fired, with its figures. */
export const WarningReasonSchema = z.discriminatedUnion('rule', [
  /** `days` since the last sign-in; null when never signed in. */
  z.object({ rule: z.literal('inactive'), days: z.number().int().nullable(), last_sign_in_at: isoTime.nullable() }),
  z.object({ rule: z.literal('behind_schedule'), completeness: z.number(), expected: z.number() }),
  z.object({
    rule: z.literal('missed_deadlines'),
    activities: z.array(z.object({ id: z.number().int(), title: z.string(), end_time: isoTime })),
  }),
  z.object({ rule: z.literal('falling_scores'), scores: z.array(z.number()) }),
]);
export type WarningReason = z.infer<typeof WarningReasonSchema>;
export const WARNING_RULE_NAMES = ['inactive', 'behind_schedule', 'missed_deadlines', 'falling_scores'] as const;

export const WarningSchema = z.object({
  user: z.object({ id: z.number().int(), name: z.string(), user_no: z.string() }),
  reasons: z.array(WarningReasonSchema).min(1),
});
export type Warning = z.infer<typeof WarningSchema>;

/** `GET /api/courses/{id}/warnings?page=&page_size=&rule=`: flagged students by name. */
export const WarningListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(n), { message: `one of ${PAGE_SIZE_OPTIONS.join(', ')}` })
    .default(PAGE_SIZE_OPTIONS[0]),
  rule: z.enum(WARNING_RULE_NAMES).optional(),
});
export type WarningListQuery = z.infer<typeof WarningListQuerySchema>;

export const WarningListSchema = z.object({
  items: z.array(WarningSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  /** Students of the course, flagged or not. */
  student_count: z.number().int(),
  rules: WarningRulesSchema,
  /** The instant the list was computed for. */
  computed_at: isoTime,
});
export type WarningList = z.infer<typeof WarningListSchema>;
