import { createPrivateKey } from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createActivity } from '../../../test/factories/activities.js';
import { freePort } from '../../../test/helpers/free-port.js';
import { startReferenceTool, type LtijsToken, type ReferenceTool } from '../../../test/helpers/lti-tool.js';

/**
 * LTI 1.3 / LTI Advantage (issue 24 item 5; decision 0153) end to end over real HTTP: Atrium
 * listening as the platform, ltijs (the reference tool library) listening as the tool, and the
 * test playing the browser between them (redirects, the auto-submitting forms, each site's
 * cookies). A student launches, the tool validates the id_token, posts a score through AGS that
 * reaches the gradebook, reads the members through NRPS; the instructor's deep linking response
 * sets the activity's link. Refusals: a bad signature, a wrong redirect_uri or login_hint, a
 * replayed id_token (nonce), a wrong audience, an expired assertion: a clear 4xx, nothing written.
 */

const CLIENT_ID = 'atrium-tool-client';
const DEPLOYMENT_ID = 'deployment-1';

let t: TestApp;
let tool: ReferenceTool;
let issuer: string;
let world: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
let cookies: { student: string; instructor: string };
let activityId: number;

/** A browser's cookie jar for one site: name=value pairs from Set-Cookie. */
class Jar {
  private readonly values = new Map<string, string>();
  constructor(initial = '') {
    for (const pair of initial.split(/;\s*/).filter(Boolean)) this.put(pair);
  }
  private put(pair: string) {
    const at = pair.indexOf('=');
    if (at > 0) this.values.set(pair.slice(0, at), pair.slice(at + 1));
  }
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) this.put(line.split(';')[0]!);
  }
  header() {
    return [...this.values].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

const decodeHtml = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&');

/** The auto-submitting form of an authorization answer: where it posts and its fields. */
function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = decodeHtml(/<form[^>]*action="([^"]*)"/.exec(html)![1]!);
  const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, decodeHtml(m[2]!)]));
  return { action, fields };
}

/** One browser's way through a launch: Atrium's launch → the tool's login → Atrium's authorize (stopping there). */
async function toAuthorize(path: string, atrium: Jar, toolJar: Jar): Promise<URL> {
  const launch = await fetch(`${issuer}${path}`, { headers: { cookie: atrium.header() }, redirect: 'manual' });
  expect(launch.status, await launch.clone().text()).toBe(302);
  const login = await fetch(launch.headers.get('location')!, { headers: { cookie: toolJar.header() }, redirect: 'manual' });
  expect(login.status, await login.clone().text()).toBe(302);
  toolJar.take(login);
  const authorize = new URL(login.headers.get('location')!);
  expect(authorize.origin + authorize.pathname).toBe(`${issuer}/api/lti/authorize`);
  return authorize;
}

/** The whole launch: through authorize, the form post of the id_token to the tool, the tool's redirect to its app. Answers the tool's last answer. */
async function launchAs(cookie: string, path = `/api/activities/${activityId}/lti/launch`): Promise<{ status: number; body: string }> {
  const atrium = new Jar(cookie);
  const toolJar = new Jar();
  const authorize = await toAuthorize(path, atrium, toolJar);
  const answer = await fetch(authorize, { headers: { cookie: atrium.header() } });
  expect(answer.status, await answer.clone().text()).toBe(200);
  expect(answer.headers.get('content-security-policy')).toContain(`form-action ${tool.url}`);
  const form = formOf(await answer.text());
  const posted = await fetch(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: toolJar.header() },
    body: new URLSearchParams(form.fields),
    redirect: 'manual',
  });
  if (posted.status !== 302) return { status: posted.status, body: await posted.text() };
  toolJar.take(posted);
  const app = await fetch(new URL(posted.headers.get('location')!, tool.url), { headers: { cookie: toolJar.header() } });
  return { status: app.status, body: await app.text() };
}

async function scoresOf(
  courseId: number,
): Promise<{ rows: { user_id: number; scores: Record<string, number | null> }[]; items: { activity_id: number; type: string }[] }> {
  const res = await t.app.inject({ method: 'GET', url: `/api/courses/${courseId}/scores`, headers: { cookie: cookies.instructor } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function countRows(table: string): Promise<number> {
  const res = (await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] };
  return Number(res.rows[0]!.n);
}

beforeAll(async () => {
  const atriumPort = await freePort();
  issuer = `http://127.0.0.1:${atriumPort}`;
  t = await buildTestApp({ PUBLIC_URL: issuer });
  await t.app.listen({ port: atriumPort, host: '127.0.0.1' });
  tool = await startReferenceTool(await freePort());
  await tool.lti.registerPlatform({
    url: issuer,
    name: 'Atrium',
    clientId: CLIENT_ID,
    authenticationEndpoint: `${issuer}/api/lti/authorize`,
    accesstokenEndpoint: `${issuer}/api/lti/token`,
    authConfig: { method: 'JWK_SET', key: `${issuer}/api/lti/jwks` },
  });
  world = await t.factories.courseWorld();
  cookies = { student: await t.factories.login(world.student.userName), instructor: await t.factories.login(world.instructor.userName) };
  const activity = await createActivity(t.database, {
    courseId: world.course.id,
    type: 'lti',
    title: 'Reference tool',
    data: {
      tool_name: 'ltijs reference tool',
      client_id: CLIENT_ID,
      deployment_id: DEPLOYMENT_ID,
      login_url: `${tool.url}/login`,
      target_link_uri: `${tool.url}/app`,
      jwks_url: `${tool.url}/keys`,
      max_score: 100,
    },
  });
  activityId = activity.id;
}, 120_000);

afterAll(async () => {
  await tool?.close();
  await t?.close();
});

/** The tool's last accepted launch. */
const lastLaunch = (): LtijsToken => tool.launches.at(-1)!;

describe('LTI 1.3 launch, AGS and NRPS with the reference tool', () => {
  it('publishes the platform key set and the activity state', async () => {
    const jwks = await fetch(`${issuer}/api/lti/jwks`);
    expect(jwks.status).toBe(200);
    const body = (await jwks.json()) as { keys: { kid: string; alg: string; kty: string; d?: string }[] };
    expect(body.keys).toHaveLength(1);
    expect(body.keys[0]).toMatchObject({ alg: 'RS256', kty: 'RSA', use: 'sig' });
    expect(body.keys[0]!.d).toBeUndefined();
    const state = await t.app.inject({ method: 'GET', url: `/api/activities/${activityId}/lti`, headers: { cookie: cookies.student } });
    expect(state.statusCode, state.body).toBe(200);
    expect(state.json()).toMatchObject({ registered: true, launch_url: `/api/activities/${activityId}/lti/launch`, deep_link_url: null });
  });

  it('launches a student into the tool, which validates the id_token and sees the LTI claims', async () => {
    const res = await launchAs(cookies.student);
    expect(res, res.body).toEqual({ status: 200, body: `launched ${world.student.id}` });
    const token = lastLaunch();
    expect(token.iss).toBe(issuer);
    expect(token.platformContext.messageType).toBe('LtiResourceLinkRequest');
    expect(token.platformContext.roles).toEqual(['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner']);
    expect(token.platformContext.context).toMatchObject({ id: String(world.course.id) });
    expect(token.platformContext.resource).toEqual({ id: String(activityId), title: 'Reference tool' });
    expect(token.platformContext.endpoint.lineitem).toBe(`${issuer}/api/lti/activities/${activityId}/lineitem`);
    expect(token.platformContext.namesRoles.context_memberships_url).toBe(`${issuer}/api/lti/activities/${activityId}/memberships`);
  });

  it('takes a score the tool posts through AGS into the gradebook', async () => {
    const token = lastLaunch();
    await tool.lti.Grade.submitScore(token, token.platformContext.endpoint.lineitem, {
      scoreGiven: 17,
      scoreMaximum: 20,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
      comment: 'Well done',
    });
    const book = await scoresOf(world.course.id);
    expect(book.items.find((i) => i.activity_id === activityId)).toMatchObject({ type: 'lti' });
    expect(book.rows.find((r) => r.user_id === world.student.id)?.scores[String(activityId)]).toBe(85);
  });

  it('lists the course members and their roles through NRPS', async () => {
    const { members } = await tool.lti.NamesAndRoles.getMembers(lastLaunch());
    const byId = new Map(members.map((m) => [m.user_id, m.roles]));
    expect(byId.get(String(world.student.id))).toEqual(['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner']);
    expect(byId.get(String(world.instructor.id))).toEqual(['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor']);
    expect(byId.get(String(world.assistant.id))).toContain('http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant');
    expect(byId.has(String(world.outsider.id))).toBe(false);
  });

  it("sets the activity's link and title from the tool's deep linking response", async () => {
    tool.deepLinkItems.splice(0, tool.deepLinkItems.length, {
      type: 'ltiResourceLink',
      title: 'Chapter 3 quiz',
      url: `${tool.url}/app`,
      custom: { quiz: '3' },
      lineItem: { scoreMaximum: 20, label: 'Chapter 3 quiz' },
    });
    const res = await launchAs(cookies.instructor, `/api/activities/${activityId}/lti/deep-link`);
    expect(res, res.body).toEqual({ status: 200, body: 'deep linking response made' });
    expect(lastLaunch().platformContext.messageType).toBe('LtiDeepLinkingRequest');
    const jwt = tool.deepLinkResponses.at(-1)!;
    const back = await fetch(`${issuer}/api/lti/deep-link-return`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: tool.url, 'sec-fetch-site': 'cross-site' },
      body: new URLSearchParams({ JWT: jwt }),
    });
    expect(back.status, await back.clone().text()).toBe(200);
    const activity = await t.app.inject({ method: 'GET', url: `/api/activities/${activityId}`, headers: { cookie: cookies.instructor } });
    expect(activity.json()).toMatchObject({ title: 'Chapter 3 quiz', data: { custom: { quiz: '3' }, max_score: 20 } });
    // The same response again: the deep linking request is closed.
    const again = await fetch(`${issuer}/api/lti/deep-link-return`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ JWT: jwt }),
    });
    expect(again.status).toBe(400);
  });
});

describe('refusals: a clear 4xx, nothing written', () => {
  it('refuses a wrong redirect_uri, a wrong login_hint and another signed-in user, keeping the launch open', async () => {
    const atrium = new Jar(cookies.student);
    const authorize = await toAuthorize(`/api/activities/${activityId}/lti/launch`, atrium, new Jar());
    const wrong = new URL(authorize);
    wrong.searchParams.set('redirect_uri', 'http://127.0.0.1:1/elsewhere');
    const refused = await fetch(wrong, { headers: { cookie: atrium.header() } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'LTI_INVALID_REQUEST', errors: { redirect_uri: expect.any(Array) } });
    const hint = new URL(authorize);
    hint.searchParams.set('login_hint', String(world.instructor.id));
    expect((await fetch(hint, { headers: { cookie: atrium.header() } })).status).toBe(400);
    expect((await fetch(authorize, { headers: { cookie: cookies.instructor } })).status).toBe(400);
    const noNonce = new URL(authorize);
    noNonce.searchParams.set('nonce', '');
    expect((await fetch(noNonce, { headers: { cookie: atrium.header() } })).status).toBe(400);
    // The launch is still open: the right request goes through, once.
    expect((await fetch(authorize, { headers: { cookie: atrium.header() } })).status).toBe(200);
    expect((await fetch(authorize, { headers: { cookie: atrium.header() } })).status).toBe(400);
  });

  it('the tool refuses a replayed id_token (its nonce was used)', async () => {
    const atrium = new Jar(cookies.student);
    const toolJar = new Jar();
    const authorize = await toAuthorize(`/api/activities/${activityId}/lti/launch`, atrium, toolJar);
    const form = formOf(await (await fetch(authorize, { headers: { cookie: atrium.header() } })).text());
    const post = () =>
      fetch(form.action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: toolJar.header() },
        body: new URLSearchParams(form.fields),
        redirect: 'manual',
      });
    expect((await post()).status).toBe(302);
    expect((await post()).status).toBe(401);
  });

  describe('client assertions at the token endpoint', () => {
    const assertion = async (options: { key?: 'tool' | 'stranger'; aud?: string; exp?: number }) => {
      const platform = await tool.lti.getPlatform(issuer, CLIENT_ID);
      const key = options.key === 'stranger' ? (await generateKeyPair('RS256')).privateKey : createPrivateKey(await platform.platformPrivateKey());
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ jti: `j${Math.random()}` })
        .setProtectedHeader({ alg: 'RS256', kid: await platform.platformKid() })
        .setIssuer(CLIENT_ID)
        .setSubject(CLIENT_ID)
        .setAudience(options.aud ?? `${issuer}/api/lti/token`)
        .setIssuedAt(now - 600)
        .setExpirationTime(options.exp ?? now + 60)
        .sign(key);
    };
    const token = async (clientAssertion: string, scope = 'https://purl.imsglobal.org/spec/lti-ags/scope/score') =>
      fetch(`${issuer}/api/lti/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: clientAssertion,
          scope,
        }),
      });

    it('grants a token for a good assertion, and refuses a bad signature, a wrong audience, an expired one', async () => {
      const good = await token(await assertion({}));
      expect(good.status).toBe(200);
      expect(await good.json()).toMatchObject({ token_type: 'Bearer', scope: 'https://purl.imsglobal.org/spec/lti-ags/scope/score' });
      for (const bad of [{ key: 'stranger' as const }, { aud: 'https://elsewhere.example/token' }, { exp: Math.floor(Date.now() / 1000) - 3600 }]) {
        const res = await token(await assertion(bad));
        expect(res.status, JSON.stringify(bad)).toBe(401);
        expect(await res.json()).toMatchObject({ code: 'LTI_INVALID_TOKEN' });
      }
      expect((await token(await assertion({}), 'https://example.com/unknown-scope')).status).toBe(400);
    });

    it('refuses scores without a valid token, with a token of another scope, or for someone not a learner of the course', async () => {
      const scoresBefore = await countRows('lti_scores');
      const gradesBefore = await countRows('grades');
      const url = `${issuer}/api/lti/activities/${activityId}/lineitem/scores`;
      const score = (userId: number) =>
        JSON.stringify({
          userId: String(userId),
          scoreGiven: 1,
          scoreMaximum: 1,
          timestamp: new Date().toISOString(),
          activityProgress: 'Completed',
          gradingProgress: 'FullyGraded',
        });
      const post = (authorization: string, userId = world.student.id) =>
        fetch(url, { method: 'POST', headers: { 'content-type': 'application/vnd.ims.lis.v1.score+json', authorization }, body: score(userId) });
      expect((await post('Bearer not-a-token')).status).toBe(401);
      expect((await post(`Bearer ${await assertion({})}`)).status).toBe(401);
      const members = (await (await token(await assertion({}), 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly')).json()) as {
        access_token: string;
      };
      expect((await post(`Bearer ${members.access_token}`)).status).toBe(403);
      const scoring = (await (await token(await assertion({}))).json()) as { access_token: string };
      const outsider = await post(`Bearer ${scoring.access_token}`, world.outsider.id);
      expect(outsider.status).toBe(400);
      expect(await outsider.json()).toMatchObject({ errors: { userId: expect.any(Array) } });
      expect(await countRows('lti_scores')).toBe(scoresBefore);
      expect(await countRows('grades')).toBe(gradesBefore);
    });
  });

  it('refuses a deep linking response signed by another key, leaving the activity as it was', async () => {
    const before = (await t.app.inject({ method: 'GET', url: `/api/activities/${activityId}`, headers: { cookie: cookies.instructor } })).json() as {
      title: string;
    };
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse',
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [{ type: 'ltiResourceLink', title: 'Forged', url: 'https://evil.example/' }],
      'https://purl.imsglobal.org/spec/lti-dl/claim/data': lastLaunch().platformContext.deepLinkingSettings?.data ?? 'x',
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'forged' })
      .setIssuer(CLIENT_ID)
      .setAudience(issuer)
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(privateKey);
    const res = await fetch(`${issuer}/api/lti/deep-link-return`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ JWT: forged }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const after = (await t.app.inject({ method: 'GET', url: `/api/activities/${activityId}`, headers: { cookie: cookies.instructor } })).json() as {
      title: string;
    };
    expect(after.title).toBe(before.title);
  });

  it('shows an activity without a registration as needing registering, and refuses its launch with 409', async () => {
    const bare = await createActivity(t.database, {
      courseId: world.course.id,
      type: 'lti',
      title: 'Imported tool',
      data: { tool_url: 'https://tool.example/lti' },
    });
    const state = await t.app.inject({ method: 'GET', url: `/api/activities/${bare.id}/lti`, headers: { cookie: cookies.student } });
    expect(state.json()).toMatchObject({ registered: false, launch_url: null, tool_url: 'https://tool.example/lti' });
    const launch = await t.app.inject({ method: 'GET', url: `/api/activities/${bare.id}/lti/launch`, headers: { cookie: cookies.student } });
    expect(launch.statusCode).toBe(409);
    expect(launch.json()).toMatchObject({ code: 'LTI_NOT_REGISTERED' });
    expect(await countRows(`lti_launches where activity_id = ${bare.id}`)).toBe(0);
  });

  it('takes a registration through the activity form, refusing a non-http(s) login URL by name', async () => {
    const moduleId = (
      (await t.app.inject({ method: 'GET', url: `/api/activities/${activityId}`, headers: { cookie: cookies.instructor } })).json() as { module_id: number }
    ).module_id;
    const create = (data: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/courses/${world.course.id}/activities`,
        headers: { cookie: cookies.instructor },
        payload: { module_id: moduleId, type: 'lti', title: 'Another tool', data },
      });
    const refused = await create({ client_id: 'c', login_url: 'javascript:alert(1)' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty('login_url');
    const made = await create({
      client_id: 'c2',
      login_url: `${tool.url}/login`,
      target_link_uri: `${tool.url}/app`,
      public_key: '{"kty":"RSA","n":"x","e":"AQAB"}',
    });
    expect(made.statusCode, made.body).toBe(200);
    const state = await t.app.inject({
      method: 'GET',
      url: `/api/activities/${(made.json() as { id: number }).id}/lti`,
      headers: { cookie: cookies.instructor },
    });
    expect(state.json()).toMatchObject({ registered: true, is_team: true, deep_link_url: expect.stringContaining('/lti/deep-link') });
  });

  it('lets only the course team start deep linking', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/activities/${activityId}/lti/deep-link`, headers: { cookie: cookies.student } });
    expect(res.statusCode).toBe(403);
  });
});
