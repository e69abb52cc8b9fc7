import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import {
  isLtiRegistered,
  LtiDataSchema,
  type LtiActivityState,
  type LtiAuthorizeQuery,
  type LtiData,
  type LtiTokenBody,
  type LtiTokenResponse,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { findActivity, recordRead, updateActivityRow, type ActivityRow } from '../activities/activities.repository.js';
import { assertOpen, studiedIn } from '../activities/activities.policy.js';
import { contentAccess, contentStudy } from '../activities/content.service.js';
import { findCourse } from '../courses/courses.repository.js';
import { emit, transaction } from '../events/events.service.js';
import { CLAIM, imsRolesOf, platformEndpoints, SCOPE, serviceUrls, SUPPORTED_SCOPES } from './lti-claims.js';
import { signAsPlatform, verifyToolJwt } from './lti-keys.js';
import { closeLaunch, findActivityByClientId, findLaunch, findLaunchUser, insertLaunch, spendLaunch } from './lti.repository.js';

/**
 * The LTI 1.3 platform (issue 24 item 5; decision 0153): launches (LTI 1.3 Core §5, IMS Security
 * Framework §5.1 OIDC third-party initiated login), deep linking (Deep Linking 2.0) and the OAuth 2
 * client-credentials token of the services (Security Framework §4). AGS and NRPS: lti-services.service.ts.
 */

/** A resource link launch must reach the authorization endpoint within this (ms). */
const LAUNCH_TTL_MS = 5 * 60_000;
/** A deep linking launch stays open this long for the tool's response to come back (ms). */
const DEEP_LINK_TTL_MS = 60 * 60_000;
/** Life of an id_token (s) and of an access token (s). */
const ID_TOKEN_TTL_S = 300;
const ACCESS_TOKEN_TTL_S = 3600;

const NOT_FOUND = 'This activity does not exist or was deleted';
const NOT_LTI = 'This activity is not an LTI tool';
const NEEDS_REGISTERING = 'This tool needs registering before it can be used';
const BAD_REQUEST = 'This LTI request is not valid';
/** A field whose value LTI 1.3 / the Security Framework fixes (scope openid, response_type id_token, grant_type client_credentials …). */
const NOT_LTI_13 = 'is not what LTI 1.3 asks for here';

export type LtiMessageType = 'LtiResourceLinkRequest' | 'LtiDeepLinkingRequest';

/** An activity's LTI data (what the schema accepts of it; nothing for a malformed one). */
export function ltiDataOf(row: Pick<ActivityRow, 'data'>): LtiData {
  const parsed = LtiDataSchema.safeParse(row.data);
  return parsed.success ? parsed.data : {};
}

/** A live `lti` activity, or ACTIVITY_NOT_FOUND (404). */
async function ltiActivity(deps: AppDeps, activityId: number): Promise<ActivityRow> {
  const row = await findActivity(deps.db, activityId);
  if (!row) throw new AppError('ACTIVITY_NOT_FOUND', NOT_FOUND);
  return row;
}

/** LTI_INVALID_REQUEST (400) unless the activity is an `lti` one; asked after the access check. */
function assertLti(row: ActivityRow): LtiData {
  if (row.type !== 'lti') throw new AppError('LTI_INVALID_REQUEST', NOT_LTI);
  return ltiDataOf(row);
}

const invalid = (field: string, why: string) => new AppError('LTI_INVALID_REQUEST', BAD_REQUEST, { [field]: [why] });

/** The URL a resource link launch targets (LTI 1.3 Core §5.1.3.3): the registered target link URI, else the tool's URL. */
const targetOf = (data: LtiData) => data.target_link_uri ?? data.tool_url ?? '';

/**
 * `GET /api/activities/{id}/lti` (members who may see the activity): whether the tool is registered
 * (else the web shows "this tool needs registering"), its name and URL, where Launch goes, the
 * team's deep linking launch, and the platform's values a tool asks for. Throws ACTIVITY_NOT_FOUND,
 * COURSE_NOT_FOUND, FORBIDDEN, LTI_INVALID_REQUEST (not an lti activity).
 */
export async function ltiActivityState(deps: AppDeps, actor: Actor, activityId: number): Promise<LtiActivityState> {
  const row = await ltiActivity(deps, activityId);
  const { access, study } = await contentStudy(deps, actor, row.courseId, 'view');
  studiedIn(study, row.id);
  const data = assertLti(row);
  const registered = isLtiRegistered(data);
  return {
    activity_id: row.id,
    registered,
    is_team: access.isTeamView,
    tool_name: data.tool_name ?? row.title,
    tool_url: data.tool_url ?? data.target_link_uri ?? null,
    launch_url: registered ? `/api/activities/${row.id}/lti/launch` : null,
    deep_link_url: registered && access.isTeamView ? `/api/activities/${row.id}/lti/deep-link` : null,
    platform: platformEndpoints(deps.config.publicUrl),
  };
}

/**
 * Starts a launch (LTI 1.3 Core §5.1; Security Framework §5.1.1.1): checks the requester may open
 * the activity (as `GET /api/activities/{id}`; a deep linking request: the course team), records a
 * one-time launch (its id is the `lti_message_hint`) and answers the tool's OIDC login initiation URL
 * with `iss`, `login_hint` (the user id), `target_link_uri`, `lti_message_hint`, `client_id` and
 * `lti_deployment_id`. A learner's launch counts as a visit (`activity.read`). Throws
 * ACTIVITY_NOT_FOUND, FORBIDDEN, 403 ACTIVITY_NOT_STARTED / _ENDED / _UNPUBLISHED / _LOCKED,
 * LTI_INVALID_REQUEST (not an lti activity), LTI_NOT_REGISTERED (409).
 */
export async function startLaunch(deps: AppDeps, actor: Actor, activityId: number, messageType: LtiMessageType, now = new Date()): Promise<string> {
  const row = await ltiActivity(deps, activityId);
  let kinds: readonly string[];
  let isLearner = false;
  if (messageType === 'LtiDeepLinkingRequest') {
    kinds = (await contentAccess(deps, actor, row.courseId, 'manage_content')).kinds;
  } else {
    const { access, study } = await contentStudy(deps, actor, row.courseId, 'view', now);
    assertOpen(studiedIn(study, row.id));
    kinds = access.kinds;
    isLearner = !access.isTeamView;
  }
  const data = assertLti(row);
  if (!isLtiRegistered(data)) throw new AppError('LTI_NOT_REGISTERED', NEEDS_REGISTERING);
  const id = randomBytes(24).toString('base64url');
  const ttl = messageType === 'LtiDeepLinkingRequest' ? DEEP_LINK_TTL_MS : LAUNCH_TTL_MS;
  await transaction(deps, async (tx) => {
    await insertLaunch(tx, { id, activityId: row.id, userId: actor.id, messageType, roles: imsRolesOf(kinds), expiresAt: new Date(now.getTime() + ttl) });
    if (!isLearner) return;
    await recordRead(tx, row.id, actor.id, 0, undefined);
    await emit(deps, tx, { type: 'activity.read', payload: { course_id: row.courseId, activity_id: row.id, user_id: actor.id, upload_id: 0 } });
  });
  const url = new URL(data.login_url!);
  url.searchParams.set('iss', deps.config.publicUrl);
  url.searchParams.set('login_hint', String(actor.id));
  url.searchParams.set('target_link_uri', messageType === 'LtiDeepLinkingRequest' ? (data.deep_link_url ?? targetOf(data)) : targetOf(data));
  url.searchParams.set('lti_message_hint', id);
  url.searchParams.set('client_id', data.client_id!);
  if (data.deployment_id) url.searchParams.set('lti_deployment_id', data.deployment_id);
  return url.toString();
}

/**
 * The authorization endpoint (`GET`/`POST /api/lti/authorize`; Security Framework §5.1.1.2–3, OIDC
 * Core §3.1.2.1 implicit flow): checks the authentication request (scope openid, response_type
 * id_token, response_mode form_post, prompt none, a nonce), that `lti_message_hint` names an open
 * launch of `login_hint`'s user (and of the signed-in user, when a session came along), that
 * `client_id` and `lti_deployment_id` are the activity's and `redirect_uri` one it registered;
 * spends the launch and answers the id_token (RS256, the platform's kid) to post with `state` to
 * `redirect_uri`. Claims: LTI 1.3 Core §5.3–5.4, AGS endpoint (AGS 2.0 §3.1), NRPS (NRPS 2.0
 * §3.6.1.1), deep linking settings (Deep Linking 2.0 §4.4). Throws LTI_INVALID_REQUEST (400)
 * naming the field, LTI_NOT_REGISTERED (409); nothing is written on a refusal.
 */
export async function authorizeLaunch(
  deps: AppDeps,
  signedInUserId: number | null,
  q: LtiAuthorizeQuery,
  now = new Date(),
): Promise<{ redirectUri: string; idToken: string; state: string | undefined }> {
  if (!q.scope.split(' ').includes('openid')) throw invalid('scope', NOT_LTI_13);
  if (q.response_type !== 'id_token') throw invalid('response_type', NOT_LTI_13);
  if (q.response_mode !== undefined && q.response_mode !== 'form_post') throw invalid('response_mode', NOT_LTI_13);
  if (q.prompt !== undefined && q.prompt !== 'none') throw invalid('prompt', NOT_LTI_13);
  if (!q.nonce) throw invalid('nonce', NOT_LTI_13);
  const launch = await findLaunch(deps.db, q.lti_message_hint);
  if (!launch || launch.usedAt || launch.expiresAt <= now) throw invalid('lti_message_hint', 'names no open launch');
  if (q.login_hint !== String(launch.userId)) throw invalid('login_hint', 'is not the launching user');
  if (signedInUserId !== null && signedInUserId !== launch.userId) throw invalid('login_hint', 'is not the launching user');
  const row = await ltiActivity(deps, launch.activityId);
  const data = ltiDataOf(row);
  if (!isLtiRegistered(data)) throw new AppError('LTI_NOT_REGISTERED', NEEDS_REGISTERING);
  if (q.client_id !== data.client_id) throw invalid('client_id', "is not the tool's");
  if (q.lti_deployment_id !== undefined && data.deployment_id !== undefined && q.lti_deployment_id !== data.deployment_id)
    throw invalid('lti_deployment_id', "is not the tool's");
  const redirectUris = [targetOf(data), data.deep_link_url, ...(data.redirect_uris ?? [])].filter(Boolean);
  if (!redirectUris.includes(q.redirect_uri)) throw invalid('redirect_uri', 'is not registered for this tool');
  const [course, user] = await Promise.all([findCourse(deps.db, row.courseId), findLaunchUser(deps.db, launch.userId)]);
  if (!course || !user) throw new AppError('ACTIVITY_NOT_FOUND', NOT_FOUND);
  if (!(await spendLaunch(deps.db, launch.id, now))) throw invalid('lti_message_hint', 'names no open launch');

  const issuer = deps.config.publicUrl;
  const isDeepLinking = launch.messageType === 'LtiDeepLinkingRequest';
  const services = serviceUrls(issuer, row.id);
  const claims: Record<string, unknown> = {
    iss: issuer,
    aud: data.client_id,
    azp: data.client_id,
    sub: String(user.id),
    nonce: q.nonce,
    name: user.name,
    ...(user.email ? { email: user.email } : {}),
    [CLAIM.messageType]: launch.messageType,
    [CLAIM.version]: '1.3.0',
    [CLAIM.deploymentId]: data.deployment_id ?? data.client_id,
    [CLAIM.targetLinkUri]: isDeepLinking ? (data.deep_link_url ?? targetOf(data)) : targetOf(data),
    [CLAIM.roles]: launch.roles,
    [CLAIM.context]: {
      id: String(course.id),
      label: course.courseCode,
      title: course.name,
      type: ['http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering'],
    },
    [CLAIM.toolPlatform]: { guid: issuer, name: 'Atrium', product_family_code: 'atrium', version: '1' },
    [CLAIM.launchPresentation]: { document_target: 'window', return_url: `${issuer}/course/${course.id}/learning-activity#/${row.id}` },
    [CLAIM.nrps]: { context_memberships_url: services.memberships, service_versions: ['2.0'] },
  };
  if (data.custom) claims[CLAIM.custom] = data.custom;
  if (isDeepLinking) {
    claims[CLAIM.deepLinkingSettings] = {
      deep_link_return_url: platformEndpoints(issuer).deep_link_return_url,
      accept_types: ['ltiResourceLink'],
      accept_presentation_document_targets: ['window', 'iframe'],
      accept_multiple: false,
      auto_create: false,
      title: row.title,
      data: launch.id,
    };
  } else {
    claims[CLAIM.resourceLink] = { id: String(row.id), title: row.title };
    claims[CLAIM.ags] = { scope: [SCOPE.lineItemReadonly, SCOPE.score, SCOPE.resultReadonly], lineitems: services.lineitems, lineitem: services.lineitem };
  }
  const idToken = await signAsPlatform(deps, claims, ID_TOKEN_TTL_S);
  return { redirectUri: q.redirect_uri, idToken, state: q.state };
}

/**
 * `POST /api/lti/token` (Security Framework §4.1; RFC 6749 §4.4 client credentials with an RFC 7523
 * JWT client assertion): the assertion must be signed by the registered tool whose client id is its
 * `iss` and `sub`, for this token endpoint (`aud`), unexpired. Answers a Bearer access token (a JWT
 * the platform signs, an hour) for the requested scopes the platform serves (AGS lineitem(.readonly),
 * score, result.readonly; NRPS contextmembership.readonly). Throws LTI_INVALID_REQUEST (400: grant
 * type, assertion type, no served scope), LTI_INVALID_TOKEN (401: unknown client, bad assertion).
 */
export async function issueAccessToken(deps: AppDeps, body: LtiTokenBody): Promise<LtiTokenResponse> {
  if (body.grant_type !== 'client_credentials') throw invalid('grant_type', NOT_LTI_13);
  if (body.client_assertion_type !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer') throw invalid('client_assertion_type', NOT_LTI_13);
  let clientId: unknown;
  try {
    const claims = decodeJwt(body.client_assertion);
    clientId = claims.sub ?? claims.iss;
  } catch {
    throw new AppError('LTI_INVALID_TOKEN', "The tool's token does not verify (signature, issuer, audience or expiry)");
  }
  const row = typeof clientId === 'string' ? await findActivityByClientId(deps.db, clientId) : undefined;
  if (!row || typeof clientId !== 'string') throw new AppError('LTI_INVALID_TOKEN', "The tool's token does not verify (signature, issuer, audience or expiry)");
  const endpoints = platformEndpoints(deps.config.publicUrl);
  await verifyToolJwt(ltiDataOf(row), body.client_assertion, { issuer: clientId, subject: clientId, audience: endpoints.token_url });
  const scopes = [...new Set(body.scope.split(' ').filter((s) => SUPPORTED_SCOPES.includes(s)))];
  if (scopes.length === 0) throw invalid('scope', 'names no service this platform offers');
  const scope = scopes.join(' ');
  const accessToken = await signAsPlatform(
    deps,
    { iss: deps.config.publicUrl, aud: endpoints.token_url, sub: clientId, scope, jti: randomBytes(16).toString('base64url') },
    ACCESS_TOKEN_TTL_S,
    'at+jwt',
  );
  return { access_token: accessToken, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_S, scope };
}

interface ContentItem {
  type?: unknown;
  url?: unknown;
  title?: unknown;
  custom?: unknown;
  lineItem?: { scoreMaximum?: unknown };
}

/**
 * `POST /api/lti/deep-link-return` (Deep Linking 2.0 §4.5): the tool's LtiDeepLinkingResponse JWT,
 * whose `data` claim names the team's open deep linking launch; verified with that activity's tool
 * key (`iss` the client id, `aud` the platform, unexpired). Its first `ltiResourceLink` content item
 * sets the activity's target link URI (`url`), title, custom parameters and line item maximum
 * (`activity.changed`). Answers the activity's id and title. Throws LTI_INVALID_TOKEN (401),
 * LTI_INVALID_REQUEST (400: no open launch, wrong message, no ltiResourceLink, a non-http(s) url).
 */
export async function deepLinkReturn(deps: AppDeps, jwt: string, now = new Date()): Promise<{ activityId: number; title: string }> {
  let unverified: Record<string, unknown>;
  try {
    unverified = decodeJwt(jwt);
  } catch {
    throw new AppError('LTI_INVALID_TOKEN', "The tool's token does not verify (signature, issuer, audience or expiry)");
  }
  const launchId = unverified[CLAIM.deepLinkingData];
  const launch = typeof launchId === 'string' ? await findLaunch(deps.db, launchId) : undefined;
  if (!launch || launch.messageType !== 'LtiDeepLinkingRequest' || !launch.usedAt || launch.expiresAt <= now) throw invalid('data', 'names no open launch');
  const row = await ltiActivity(deps, launch.activityId);
  const data = ltiDataOf(row);
  const payload = await verifyToolJwt(data, jwt, { issuer: data.client_id ?? '', audience: deps.config.publicUrl });
  if (payload[CLAIM.messageType] !== 'LtiDeepLinkingResponse') throw invalid('message_type', NOT_LTI_13);
  if (payload[CLAIM.version] !== '1.3.0') throw invalid('version', NOT_LTI_13);
  const items = Array.isArray(payload[CLAIM.deepLinkingContentItems]) ? (payload[CLAIM.deepLinkingContentItems] as ContentItem[]) : [];
  const link = items.find((item) => item?.type === 'ltiResourceLink');
  if (!link) throw invalid('content_items', 'holds no ltiResourceLink this platform can keep');
  const custom = link.custom && typeof link.custom === 'object' ? Object.fromEntries(Object.entries(link.custom).map(([k, v]) => [k, String(v)])) : data.custom;
  const scoreMaximum = typeof link.lineItem?.scoreMaximum === 'number' ? link.lineItem.scoreMaximum : data.max_score;
  const next = LtiDataSchema.safeParse({
    ...data,
    target_link_uri: typeof link.url === 'string' ? link.url : data.target_link_uri,
    custom,
    max_score: scoreMaximum,
  });
  if (!next.success) throw invalid('content_items', 'holds no ltiResourceLink this platform can keep');
  const title = typeof link.title === 'string' && link.title.trim() ? link.title.trim().slice(0, 200) : row.title;
  await transaction(deps, async (tx) => {
    if (!(await closeLaunch(tx, launch.id, now))) throw invalid('data', 'names no open launch');
    await updateActivityRow(tx, row.id, { data: next.data, title });
    await emit(deps, tx, { type: 'activity.changed', payload: { course_id: row.courseId, activity_id: row.id } });
  });
  return { activityId: row.id, title };
}
