import { z } from 'zod';
import { PageQuerySchema, pageOf } from '../common/pagination.schemas.js';

/**
 * Organisation plans (issue 24 item 3; spec §1 "organisation administrators manage organisation plans (applying
 * for changes through a popup)", §2 `/management/plan`, `/wg-admin/request`, plan and storage expiry notices;
 * decision 0151). A plan sets an organisation's seats (user accounts), storage (bytes) and feature toggles, with
 * the day the plan ends and the day its storage ends. An organisation with no plan is unlimited (a self-hosted
 * school): nothing is capped. Org admins apply for a change; a platform operator (wg admin, role 3) approves it
 * (the change applies at once) or rejects it. Instants are ISO 8601 with offset; sizes are bytes.
 */

/**
 * The feature toggles a plan switches, each naming an organisation toggle it caps: a feature the plan leaves out is
 * off for the organisation whatever its own settings say; one the plan includes is as the organisation set it.
 * - `vocabulary_entries`: the organisation's vocabulary entries (issue 19 §4);
 * - `team_teaching`: adding team-teaching instructors from other organisations (spec §7 `org_team_teaching`);
 * - `cloud_classroom`, `instruction_meeting`: those calendar views (spec §2 calendar);
 * - `online_office_preview`: the paid office previewers (YZ, Aliyun, private WPS; spec §6 preview toggles).
 */
export const PLAN_FEATURES = ['vocabulary_entries', 'team_teaching', 'cloud_classroom', 'instruction_meeting', 'online_office_preview'] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

const isoTime = z.iso.datetime({ offset: true });
const features = z.object(Object.fromEntries(PLAN_FEATURES.map((f) => [f, z.boolean()])) as Record<PlanFeature, z.ZodBoolean>);

/** Where a plan is: `active`, ending within PLAN_EXPIRY_NOTICE_DAYS (`expiring`), or past its end (`expired`). */
export const PLAN_STATES = ['active', 'expiring', 'expired'] as const;
export type PlanState = (typeof PLAN_STATES)[number];

/** Days before a plan's (or its storage's) end at which its org admins are told, and again on the day it ends (0). */
export const PLAN_EXPIRY_NOTICE_DAYS = [30, 7, 1, 0] as const;

/** A plan as it stands: `seats` user accounts, `storage_bytes`, its features, when it and its storage end (null: never). */
export const PlanSchema = z.object({
  name: z.string(),
  seats: z.number().int(),
  storage_bytes: z.number().int(),
  features,
  expires_at: isoTime.nullable(),
  storage_expires_at: isoTime.nullable(),
  state: z.enum(PLAN_STATES),
  storage_state: z.enum(PLAN_STATES),
  updated_at: isoTime,
});
export type Plan = z.infer<typeof PlanSchema>;

/** What an organisation uses against its plan: user accounts, bytes in live files, courses. */
export const PlanUsageSchema = z.object({ seats_used: z.number().int(), storage_used_bytes: z.number().int(), courses: z.number().int() });
export type PlanUsage = z.infer<typeof PlanUsageSchema>;

/** Where a request is. Only a `pending` one may be withdrawn or decided. */
export const PLAN_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type PlanRequestStatus = (typeof PLAN_REQUEST_STATUSES)[number];

/** The changes a request asks for: only what it names changes (features: only the toggles it names). */
export const PlanChangesSchema = z
  .object({
    seats: z.number().int().min(1, 'must be at least 1').max(10_000_000).optional(),
    storage_bytes: z
      .number()
      .int()
      .min(1024 ** 3, 'must be at least 1 GiB')
      .max(1024 ** 5)
      .optional(),
    features: features.partial().optional(),
    expires_at: isoTime.nullable().optional(),
    storage_expires_at: isoTime.nullable().optional(),
  })
  .refine((c) => Object.values(c).some((v) => v !== undefined && (typeof v !== 'object' || v === null || Object.keys(v).length > 0)), {
    message: 'asks for no change',
  });
export type PlanChanges = z.infer<typeof PlanChangesSchema>;

/** `POST /api/org/plan/requests` body: the changes and why (shown to the operator). */
export const CreatePlanRequestBodySchema = z.object({
  changes: PlanChangesSchema,
  reason: z.string().trim().min(1, 'is empty').max(2000),
});
export type CreatePlanRequestBody = z.infer<typeof CreatePlanRequestBodySchema>;

const person = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** One request for a plan change, with who asked and who decided (and their note). */
export const PlanRequestSchema = z.object({
  id: z.number().int(),
  org: z.object({ id: z.number().int(), name: z.string() }),
  status: z.enum(PLAN_REQUEST_STATUSES),
  changes: PlanChangesSchema,
  reason: z.string(),
  requested_by: person,
  created_at: isoTime,
  decided_by: person,
  decided_at: isoTime.nullable(),
  decision_note: z.string().nullable(),
});
export type PlanRequest = z.infer<typeof PlanRequestSchema>;

/** `GET /api/org/plan`: the organisation's plan (null: none, nothing is capped), its usage, and its pending request. */
export const OrgPlanSchema = z.object({
  plan: PlanSchema.nullable(),
  usage: PlanUsageSchema,
  pending_request: PlanRequestSchema.nullable(),
});
export type OrgPlan = z.infer<typeof OrgPlanSchema>;

/** Paged requests (newest first). */
export const PlanRequestPageSchema = pageOf(PlanRequestSchema);
export type PlanRequestPage = z.infer<typeof PlanRequestPageSchema>;

/** `GET /api/wg-admin/plan-requests` query: paging, and a status (default every status). */
export const PlanRequestQuerySchema = PageQuerySchema.extend({ status: z.enum(PLAN_REQUEST_STATUSES).optional() });
export type PlanRequestQuery = z.infer<typeof PlanRequestQuerySchema>;

/** `PUT /api/wg-admin/plan-requests/{id}` body: approve (the changes apply at once) or reject, with an optional note to the organisation. */
export const DecidePlanRequestBodySchema = z.object({
  decision: z.enum(['approved', 'rejected']),
  note: z.string().trim().max(2000).optional(),
});
export type DecidePlanRequestBody = z.infer<typeof DecidePlanRequestBodySchema>;
