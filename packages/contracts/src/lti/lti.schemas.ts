import { z } from 'zod';
import { isHttpUrl } from '../activities/online-video.js';

/**
 * LTI 1.3 / LTI Advantage tool activities (issue 24 item 5; decision 0153). Atrium is the
 * platform (LTI 1.3 Core §3, IMS Security Framework 1.0 §5.1): an `lti` activity carries the
 * tool's registration, launches the learner into the tool, and takes scores back through
 * Assignment and Grade Services 2.0 into the gradebook.
 */

const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((u) => isHttpUrl(u), { message: 'Only http and https links are allowed' });

/**
 * `data` of an `lti` activity: the tool's registration with this platform (LTI 1.3 Core §3.1.3;
 * Security Framework §5.1.1.1 login initiation; §6 key sets) and what deep linking chose.
 * `tool_url` alone (as a Moodle backup carries it) is a tool that needs registering: no launch
 * until `client_id`, `login_url` and `jwks_url` or `public_key` are set (LTI_NOT_REGISTERED).
 * `public_key`: a PEM SPKI public key or one JWK as JSON. `max_score`: points the line item is out of.
 */
export const LtiDataSchema = z.object({
  tool_name: z.string().trim().max(200).optional(),
  /** The tool's address as known (a Moodle backup's tool URL); the default target link URI. */
  tool_url: httpUrl.optional(),
  client_id: z.string().trim().max(255).optional(),
  deployment_id: z.string().trim().max(255).optional(),
  /** The tool's OIDC login initiation URL (Security Framework §5.1.1.1). */
  login_url: httpUrl.optional(),
  /** Where a resource link launch lands (LTI 1.3 Core §5.1.3.3); also the registered redirect URI. */
  target_link_uri: httpUrl.optional(),
  /** Further redirect URIs the tool registered (Security Framework §5.1.1.2 redirect_uri). */
  redirect_uris: z.array(httpUrl).max(20).optional(),
  jwks_url: httpUrl.optional(),
  public_key: z.string().trim().max(10_000).optional(),
  /** The tool's deep linking URL (Deep Linking 2.0 §4.4); unset: the target link URI. */
  deep_link_url: httpUrl.optional(),
  /** Custom parameters sent in the custom claim (LTI 1.3 Core §5.4.6). */
  custom: z.record(z.string().max(100), z.string().max(1000)).optional(),
  max_score: z.number().positive().max(100_000).optional(),
  /** The Moodle type's id and name (the backup's ltitype), kept for the team. */
  moodle_type: z.string().trim().max(255).optional(),
});
export type LtiData = z.infer<typeof LtiDataSchema>;

/** Whether an `lti` activity's data holds a complete LTI 1.3 registration (launchable). */
export function isLtiRegistered(data: LtiData): boolean {
  return Boolean(data.client_id && data.login_url && (data.target_link_uri || data.tool_url) && (data.jwks_url || data.public_key));
}

/** `GET /api/activities/{id}/lti` answer: the activity's LTI state for the learner view and the editor. */
export const LtiActivityStateSchema = z.object({
  activity_id: z.number().int(),
  registered: z.boolean(),
  /** The requester is the course team (not previewing as a student): registration details and deep linking are theirs. */
  is_team: z.boolean(),
  tool_name: z.string(),
  tool_url: z.string().nullable(),
  /** Where `Launch` opens (a GET that redirects to the tool's login initiation). */
  launch_url: z.string().nullable(),
  /** The team's deep linking launch, null for learners or without a registration. */
  deep_link_url: z.string().nullable(),
  /** The platform's values a tool asks for when registering (issuer, endpoints, key set). */
  platform: z.object({
    issuer: z.string(),
    authorization_url: z.string(),
    token_url: z.string(),
    jwks_url: z.string(),
    deep_link_return_url: z.string(),
  }),
});
export type LtiActivityState = z.infer<typeof LtiActivityStateSchema>;

/** A JSON Web Key Set (RFC 7517 §5): the platform's public keys. */
export const JwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

/** `/api/lti/authorize` query or form (Security Framework §5.1.1.2, OIDC Core §3.1.2.1). */
export const LtiAuthorizeQuerySchema = z.object({
  scope: z.string().max(200),
  response_type: z.string().max(50),
  response_mode: z.string().max(50).optional(),
  prompt: z.string().max(50).optional(),
  client_id: z.string().max(255),
  redirect_uri: z.string().max(2000),
  login_hint: z.string().max(255),
  lti_message_hint: z.string().max(255),
  state: z.string().max(2000).optional(),
  nonce: z.string().max(2000),
  lti_deployment_id: z.string().max(255).optional(),
  id_token_signed_response_alg: z.string().max(20).optional(),
});
export type LtiAuthorizeQuery = z.infer<typeof LtiAuthorizeQuerySchema>;

/** `POST /api/lti/token` form (RFC 6749 §4.4 with RFC 7523 client assertions; Security Framework §4.1). */
export const LtiTokenBodySchema = z.object({
  grant_type: z.string().max(100),
  client_assertion_type: z.string().max(200),
  client_assertion: z.string().max(20_000),
  scope: z.string().max(2000),
});
export type LtiTokenBody = z.infer<typeof LtiTokenBodySchema>;
export const LtiTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds. */
  expires_in: z.number().int(),
  scope: z.string(),
});
export type LtiTokenResponse = z.infer<typeof LtiTokenResponseSchema>;

/** The deep linking return (Deep Linking 2.0 §4.5): the tool's LtiDeepLinkingResponse as `JWT`. */
export const LtiDeepLinkReturnBodySchema = z.object({ JWT: z.string().max(50_000) });

/** AGS 2.0 line item (application/vnd.ims.lis.v2.lineitem+json, AGS §3.2). */
export const LtiLineItemSchema = z.object({
  id: z.string(),
  scoreMaximum: z.number(),
  label: z.string(),
  resourceLinkId: z.string(),
  resourceId: z.string().optional(),
  tag: z.string().optional(),
});
export const LtiLineItemListSchema = z.array(LtiLineItemSchema);

/** AGS 2.0 score (application/vnd.ims.lis.v1.score+json, AGS §3.4). `scoreGiven` ≤ `scoreMaximum` is not required by AGS; Atrium caps the grade at 100 %. */
export const LtiScoreBodySchema = z.object({
  userId: z.string().min(1).max(255),
  scoreGiven: z.number().min(0).optional(),
  scoreMaximum: z.number().positive().optional(),
  comment: z.string().max(10_000).optional(),
  timestamp: z.iso.datetime({ offset: true }),
  activityProgress: z.enum(['Initialized', 'Started', 'InProgress', 'Submitted', 'Completed']),
  gradingProgress: z.enum(['FullyGraded', 'Pending', 'PendingManual', 'Failed', 'NotReady']),
});
export type LtiScoreBody = z.infer<typeof LtiScoreBodySchema>;

/** AGS 2.0 result (application/vnd.ims.lis.v2.resultcontainer+json items, AGS §3.3). */
export const LtiResultSchema = z.object({
  id: z.string(),
  scoreOf: z.string(),
  userId: z.string(),
  resultScore: z.number().nullable(),
  resultMaximum: z.number(),
  comment: z.string().nullable(),
});
export const LtiResultListSchema = z.array(LtiResultSchema);

/** NRPS 2.0 membership container (application/vnd.ims.lti-nrps.v2.membershipcontainer+json, NRPS §2.2). */
export const LtiMembershipContainerSchema = z.object({
  id: z.string(),
  context: z.object({ id: z.string(), label: z.string(), title: z.string() }),
  members: z.array(
    z.object({
      status: z.literal('Active'),
      name: z.string(),
      user_id: z.string(),
      roles: z.array(z.string()),
    }),
  ),
});

export const LtiActivityParamsSchema = z.object({ activityId: z.coerce.number().int().positive() });
export const LtiResultsQuerySchema = z.object({ user_id: z.string().max(255).optional() });
