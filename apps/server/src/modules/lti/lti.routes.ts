import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActivityForbiddenBodySchema,
  ActivityIdParamsSchema,
  ErrorBodySchema,
  JwksSchema,
  LtiActivityParamsSchema,
  LtiActivityStateSchema,
  LtiAuthorizeQuerySchema,
  LtiDeepLinkReturnBodySchema,
  LtiLineItemListSchema,
  LtiLineItemSchema,
  LtiMembershipContainerSchema,
  LtiResultListSchema,
  LtiResultsQuerySchema,
  LtiScoreBodySchema,
  LtiTokenBodySchema,
  LtiTokenResponseSchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import { platformJwks } from './lti-keys.js';
import { getLineItem, listLineItems, listMemberships, listResults, postScore } from './lti-services.service.js';
import { authorizeLaunch, deepLinkReturn, issueAccessToken, ltiActivityState, startLaunch } from './lti.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const tags = ['lti'];
/** The tool's calls: no session, their own token (LTI 1.3 Security Framework), or nothing (the key set). */
const TOOL = { action: 'token.use', auth: 'public' } as const;
/** A form the tool makes the browser post here (authorize, deep linking return): carries no cookie it relies on. */
const TOOL_FORM = { ...TOOL, allowCrossSite: true } as const;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const sha256 = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

/**
 * Answers a small HTML page running one inline script, allowed by its hash alone (the app's policy
 * allows no inline script), posting forms only to `formAction` (an origin) when given.
 */
function sendPage(reply: FastifyReply, body: string, script: string, formAction?: string) {
  const csp = [
    "default-src 'none'",
    `script-src ${sha256(script)}`,
    "style-src 'unsafe-inline'",
    `form-action ${formAction ?? "'none'"}`,
    "base-uri 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
  return reply
    .header('content-security-policy', csp)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><html><head><meta charset="utf-8"><title>Atrium</title></head><body>${body}<script>${script}</script></body></html>`);
}

/** LTI 1.3 platform routes (issue 24 item 5; decision 0153): launches, the OIDC and OAuth endpoints, AGS and NRPS. */
export const ltiRoutes: FastifyPluginAsyncZod = async (app) => {
  const d = app.deps;
  // Forms the tools post (authorize, token, deep linking return) and AGS scores; parsers stay inside this plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addContentTypeParser('application/vnd.ims.lis.v1.score+json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch (error) {
      done(Object.assign(error as Error, { statusCode: 400 }), undefined);
    }
  });

  app.get('/api/activities/:id/lti', {
    config: { action: 'activity.open' },
    schema: {
      tags,
      summary: "An LTI activity's state: registered or not (needs registering), where Launch goes, the platform's values for the tool",
      params: ActivityIdParamsSchema,
      response: { 200: LtiActivityStateSchema, ...errors },
    },
    handler: async (req) => ltiActivityState(d, actorOf(req), req.params.id),
  });
  app.get('/api/activities/:id/lti/launch', {
    config: { action: 'activity.open' },
    schema: {
      tags,
      summary: 'Launch the tool: 302 to its OIDC login initiation (LTI 1.3 Core §5.1; 409 LTI_NOT_REGISTERED when it needs registering)',
      params: ActivityIdParamsSchema,
      response: { ...errors, 403: ActivityForbiddenBodySchema },
    },
    handler: async (req, reply) => reply.redirect(await startLaunch(d, actorOf(req), req.params.id, 'LtiResourceLinkRequest'), 302),
  });
  app.get('/api/activities/:id/lti/deep-link', {
    config: { action: 'activity.manage' },
    schema: {
      tags,
      summary: 'Choose the content in the tool (Deep Linking 2.0): 302 to its login initiation with an LtiDeepLinkingRequest (course team)',
      params: ActivityIdParamsSchema,
      response: errors,
    },
    handler: async (req, reply) => reply.redirect(await startLaunch(d, actorOf(req), req.params.id, 'LtiDeepLinkingRequest'), 302),
  });

  app.get('/api/lti/jwks', {
    config: { action: 'public.read', auth: 'public' },
    schema: { tags, summary: "The platform's public key set (RFC 7517; IMS Security Framework §6)", response: { 200: JwksSchema } },
    handler: async () => platformJwks(d),
  });
  const authorize = async (reply: FastifyReply, userId: number | null, q: z.infer<typeof LtiAuthorizeQuerySchema>) => {
    const { redirectUri, idToken, state } = await authorizeLaunch(d, userId, q);
    const fields = [['id_token', idToken], ...(state === undefined ? [] : [['state', state]])]
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value!)}">`)
      .join('');
    const form = `<form id="lti" method="post" action="${escapeHtml(redirectUri)}">${fields}<noscript><button type="submit">Continue</button></noscript></form>`;
    return sendPage(reply, form, "document.getElementById('lti').submit();", new URL(redirectUri).origin);
  };
  app.get('/api/lti/authorize', {
    config: TOOL,
    schema: {
      tags,
      summary: 'OIDC authentication request of a launch (Security Framework §5.1.1.2): an auto-submitting form posting id_token and state to redirect_uri',
      querystring: LtiAuthorizeQuerySchema,
      response: errors,
    },
    handler: async (req, reply) => authorize(reply, req.account?.user.id ?? null, req.query),
  });
  app.post('/api/lti/authorize', {
    config: TOOL_FORM,
    schema: { tags, summary: 'The authentication request as a form post (Security Framework §5.1.1.2)', body: LtiAuthorizeQuerySchema, response: errors },
    handler: async (req, reply) => authorize(reply, req.account?.user.id ?? null, req.body),
  });
  app.post('/api/lti/token', {
    config: TOOL,
    schema: {
      tags,
      summary: 'OAuth 2 client credentials with a JWT client assertion (Security Framework §4.1): an access token for AGS and NRPS',
      body: LtiTokenBodySchema,
      response: { 200: LtiTokenResponseSchema, ...errors },
    },
    handler: async (req, reply) => reply.header('cache-control', 'no-store').send(await issueAccessToken(d, req.body)),
  });
  app.post('/api/lti/deep-link-return', {
    config: TOOL_FORM,
    schema: {
      tags,
      summary: "The tool's LtiDeepLinkingResponse (Deep Linking 2.0 §4.5): sets the activity's link and title",
      body: LtiDeepLinkReturnBodySchema,
      response: errors,
    },
    handler: async (req, reply) => {
      const { activityId, title } = await deepLinkReturn(d, req.body.JWT);
      const script = `if (window.opener) window.opener.postMessage({ type: 'atrium:lti-deep-link', activity_id: ${activityId} }, ${JSON.stringify(d.config.publicUrl)});`;
      return sendPage(reply, `<p>${escapeHtml(title)}</p><p>✓</p>`, script);
    },
  });

  const Params = LtiActivityParamsSchema;
  app.get('/api/lti/activities/:activityId/lineitems', {
    config: TOOL,
    schema: {
      tags,
      summary: "AGS 2.0 line item container: the activity's line item (bearer token, lineitem scopes)",
      params: Params,
      response: { 200: LtiLineItemListSchema, ...errors },
    },
    handler: async (req, reply) =>
      reply.type('application/vnd.ims.lis.v2.lineitemcontainer+json').send(await listLineItems(d, req.headers.authorization, req.params.activityId)),
  });
  app.get('/api/lti/activities/:activityId/lineitem', {
    config: TOOL,
    schema: {
      tags,
      summary: "AGS 2.0 line item: the activity's (bearer token, lineitem scopes)",
      params: Params,
      response: { 200: LtiLineItemSchema, ...errors },
    },
    handler: async (req, reply) =>
      reply.type('application/vnd.ims.lis.v2.lineitem+json').send(await getLineItem(d, req.headers.authorization, req.params.activityId)),
  });
  app.post('/api/lti/activities/:activityId/lineitem/scores', {
    config: TOOL,
    schema: {
      tags,
      summary: "AGS 2.0 score publish: a learner's score, fully graded ones into the gradebook (bearer token, score scope)",
      params: Params,
      body: LtiScoreBodySchema,
      response: { 204: z.null().describe('Kept'), ...errors },
    },
    handler: async (req, reply) => {
      await postScore(d, req.headers.authorization, req.params.activityId, req.body);
      return reply.code(204).send(null);
    },
  });
  app.get('/api/lti/activities/:activityId/lineitem/results', {
    config: TOOL,
    schema: {
      tags,
      summary: "AGS 2.0 results of the activity's line item (bearer token, result.readonly)",
      params: Params,
      querystring: LtiResultsQuerySchema,
      response: { 200: LtiResultListSchema, ...errors },
    },
    handler: async (req, reply) =>
      reply
        .type('application/vnd.ims.lis.v2.resultcontainer+json')
        .send(await listResults(d, req.headers.authorization, req.params.activityId, req.query.user_id)),
  });
  app.get('/api/lti/activities/:activityId/memberships', {
    config: TOOL,
    schema: {
      tags,
      summary: "NRPS 2.0 membership container: the course's members and roles (bearer token)",
      params: Params,
      response: { 200: LtiMembershipContainerSchema, ...errors },
    },
    handler: async (req, reply) =>
      reply.type('application/vnd.ims.lti-nrps.v2.membershipcontainer+json').send(await listMemberships(d, req.headers.authorization, req.params.activityId)),
  });
};
