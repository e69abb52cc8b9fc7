import { z } from 'zod';

/**
 * Campus connectors (issue 24 item 4; spec §7 `POST /api/courses/sync_from_urp`, `PUT /api/courses/{id}/sync-itri-enrollments`;
 * decision 0149): each organisation may configure an enrolment source per campus system. URP (the academic system,
 * every course of the organisation) and ITRI (one course at a time) both publish a CSV file over HTTP(S):
 * a header row naming `course_code`, `user_no` and optionally `role` (student, instructor or instructor_assistant;
 * default student), one enrolment per row (RFC 4180, UTF-8, BOM allowed).
 */
export const ENROLMENT_SYNC_PROVIDERS = ['urp', 'itri'] as const;
export type EnrolmentSyncProvider = (typeof ENROLMENT_SYNC_PROVIDERS)[number];

/**
 * `PUT /api/org/connectors/{provider}` body: the CSV's address (http or https) and the bearer token sent with it —
 * a new token replaces the stored one, `null` removes it, absent keeps it.
 */
export const PutConnectorBodySchema = z.object({
  url: z
    .string()
    .trim()
    .url('is not an address')
    .max(2000)
    .refine((url) => /^https?:\/\//i.test(url), 'must be an http or https address'),
  token: z.string().trim().min(1, 'is empty').max(500).nullable().optional(),
});
export type PutConnectorBody = z.infer<typeof PutConnectorBodySchema>;

/** A configured connector as the organisation's admins see it (the token is never shown back). */
export const ConnectorSchema = z.object({
  provider: z.enum(ENROLMENT_SYNC_PROVIDERS),
  url: z.string(),
  has_token: z.boolean(),
  updated_at: z.string(),
});
export type Connector = z.infer<typeof ConnectorSchema>;

/** `GET /api/org/connectors`: every provider, configured (`connector`) or not (null). */
export const ConnectorListSchema = z.object({
  items: z.array(z.object({ provider: z.enum(ENROLMENT_SYNC_PROVIDERS), connector: ConnectorSchema.nullable() })),
});
export type ConnectorList = z.infer<typeof ConnectorListSchema>;

/** The sync calls' body: `dry_run` (default true) previews what would change and changes nothing. */
export const EnrolmentSyncBodySchema = z.object({ dry_run: z.boolean().default(true) });

/** Why a source row changes nothing: its course or user is not in the organisation, its role is unknown, or its cells are missing. */
export const SYNC_SKIP_REASONS = ['unknown_course', 'ambiguous_course', 'unknown_user', 'unknown_role', 'incomplete_row', 'other_course'] as const;

/**
 * What a sync does or would do: `add` the enrolments missing here (course, user and role), `kept` how many rows are
 * enrolled already, `skipped` the rows that change nothing with their reason (line numbers of the CSV, header = 1).
 * `applied` is how many were written (0 in a dry run; 0 again when a second run finds nothing to add). The sync only
 * adds: members enrolled here and absent from the source stay (the source does not say who left).
 */
export const EnrolmentSyncPlanSchema = z.object({
  provider: z.enum(ENROLMENT_SYNC_PROVIDERS),
  dry_run: z.boolean(),
  rows_read: z.number().int(),
  add: z.array(
    z.object({
      course_id: z.number().int(),
      course_code: z.string(),
      user_id: z.number().int(),
      user_no: z.string(),
      role: z.enum(['student', 'instructor', 'instructor_assistant']),
    }),
  ),
  kept: z.number().int(),
  skipped: z.array(z.object({ line: z.number().int(), reason: z.enum(SYNC_SKIP_REASONS), course_code: z.string(), user_no: z.string() })),
  applied: z.number().int(),
});
export type EnrolmentSyncPlan = z.infer<typeof EnrolmentSyncPlanSchema>;
