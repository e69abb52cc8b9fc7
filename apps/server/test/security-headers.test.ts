import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOnlineVideoUrl } from '@atrium/contracts';
import { loadConfig } from '../src/config.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { zip } from './helpers/hostile-archives.js';
import { manifest12, twoCourses, uploadFile, type TwoCourses } from './helpers/media-world.js';

// Issue 20 §2: security headers from a maintained plugin (@fastify/helmet) on every response —
// the app's Content-Security-Policy, nosniff, Referrer-Policy — the API docs under their own
// policy, SCORM package files under one that lets packages run, HSTS only when configured.

/** A response's Content-Security-Policy as directive → sources. */
function csp(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header, 'a Content-Security-Policy header').toBe('string');
  const out = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name, sources);
  }
  return out;
}

/** The app policy's promises (issue 20 §2): own-origin script only, framed by this origin only, no plugins. */
function expectAppPolicy(header: string | string[] | number | undefined) {
  const policy = csp(header);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  expect(policy.get('worker-src')).toEqual(["'self'", 'blob:']);
  expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  expect(policy.get('form-action')).toEqual(["'self'"]);
  // Served over plain HTTP too: upgrading every request to https would break such a deployment.
  expect(policy.has('upgrade-insecure-requests')).toBe(false);
  return policy;
}

function expectCommonHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  let t: TestApp;
  let w: TwoCourses;
  let webDist: string;

  beforeAll(async () => {
    // A built web app as the server serves it: index.html and a hashed asset.
    webDist = mkdtempSync(path.join(os.tmpdir(), 'atrium-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body></body></html>',
    );
    writeFileSync(path.join(webDist, 'assets', 'index-abc.js'), 'console.log(1);\n');
    t = await buildTestApp({ ATRIUM_WEB_DIST: webDist });
    w = await twoCourses(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('gives the app page (and every client-side route) the app policy, nosniff and a Referrer-Policy', async () => {
    for (const url of ['/', '/course/1/outline', '/anonymous-api/pdf-viewer']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expectAppPolicy(page.headers['content-security-policy']);
      expectCommonHeaders(page.headers);
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('frames only the online-video players the app embeds', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const frameSrc = expectAppPolicy(page.headers['content-security-policy']).get('frame-src') ?? [];
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://vimeo.com/76979871',
      'https://www.bilibili.com/video/BV1xx411c7mD',
      'https://v.youku.com/v_show/id_XNDk2MTQ0MjA0MA==.html',
      'https://v.qq.com/x/cover/abc/m0000abcdef.html',
    ]) {
      const video = parseOnlineVideoUrl(link);
      expect(video, link).not.toBeNull();
      expect(frameSrc, link).toContain(new URL(video!.embed_url).origin);
    }
    expect(frameSrc).toContain("'self'");
  });

  it('sends the headers with static files, API answers and API errors', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expectAppPolicy(asset.headers['content-security-policy']);
    expectCommonHeaders(asset.headers);
    // Hashed assets are kept by browsers for a year without asking again; the page itself always asks.
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(page.headers['cache-control']).toBe('no-cache');

    const user = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: w.cookies.student } });
    expect(user.statusCode).toBe(200);
    expectAppPolicy(user.headers['content-security-policy']);
    expectCommonHeaders(user.headers);

    for (const url of ['/api/user', '/api/no-such-route']) {
      const refused = await t.app.inject({ method: 'GET', url });
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expectCommonHeaders(refused.headers);
      expectAppPolicy(refused.headers['content-security-policy']);
    }
  });

  it('keeps a downloaded file sandboxed and unsniffed', async () => {
    const upload = await uploadFile(t, w.cookies.instructor, w.courseA.id, { name: 'notes.txt', bytes: Buffer.from('<script>alert(1)</script>') });
    for (const query of ['', '?preview=true']) {
      const blob = await t.app.inject({ method: 'GET', url: `/api/uploads/${upload.id}/blob${query}`, headers: { cookie: w.cookies.student } });
      expect(blob.statusCode).toBe(200);
      expect(blob.headers['content-security-policy']).toBe('sandbox');
      expectCommonHeaders(blob.headers);
    }
  });

  it('serves /api/docs under its own policy: every script a file of this origin', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const policy = csp(page.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expectCommonHeaders(page.headers);
    // Nothing the policy would block: no inline <script> body, no inline handler.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', body = ''] of scripts) {
      expect(attributes).toMatch(/\ssrc="\.?\/?[^":]+"/);
      expect(body.trim()).toBe('');
    }
    expect(page.body).not.toMatch(/\son[a-z]+=/i);
    for (const url of ['/api/docs/json', '/api/docs/static/swagger-initializer.js', '/api/docs/static/swagger-ui-bundle.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it("lets a SCORM package's own files run their scripts on the content origin only, framed by the app; the app may frame that origin", async () => {
    const pkg = zip([
      { name: 'imsmanifest.xml', data: manifest12() },
      { name: 'index.html', data: '<html><body><script>document.write(eval("1+1"))</script></body></html>' },
    ]);
    const upload = await uploadFile(t, w.cookies.instructor, w.courseA.id, { name: 'package.zip', bytes: pkg });
    expect(upload).toMatchObject({ status: 'ready', type: 'scorm' });
    // Issue 20 §3: the app origin never answers the package's bytes, only a redirect under the app policy.
    const old = await t.app.inject({ method: 'GET', url: `/api/uploads/scorm/${upload.id}/content/index.html`, headers: { cookie: w.cookies.student } });
    expect(old.statusCode).toBe(302);
    expectAppPolicy(old.headers['content-security-policy']);
    const target = new URL(old.headers.location!);
    expect(target.port).toBe(String(t.app.scormContent.port));
    const page = await t.app.scormContent.app.inject({ method: 'GET', url: target.pathname });
    expect(page.statusCode).toBe(200);
    const policy = csp(page.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(expect.arrayContaining(["'self'", "'unsafe-inline'", "'unsafe-eval'"]));
    expect(policy.get('style-src')).toEqual(expect.arrayContaining(["'self'", "'unsafe-inline'"]));
    expect(policy.get('frame-ancestors')).toEqual(["'self'", new URL(t.config.publicUrl).origin]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBeUndefined();

    // The app page may frame the content origin (this host, the content port).
    const app = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'atrium.test:8080' } });
    expect(csp(app.headers['content-security-policy']).get('frame-src')).toContain(`atrium.test:${t.app.scormContent.port}`);
    const runtime = await t.app.inject({ method: 'GET', url: `/api/uploads/scorm/${upload.id}/runtime`, headers: { cookie: w.cookies.student } });
    expectAppPolicy(runtime.headers['content-security-policy']);
    const guest = await t.app.inject({ method: 'GET', url: `/anonymous-api/999/uploads/${upload.id}/player-options` });
    expectAppPolicy(guest.headers['content-security-policy']);
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent only when HSTS_MAX_AGE is configured', async () => {
    const t = await buildTestApp({ HSTS_MAX_AGE: '31536000' });
    try {
      for (const url of ['/api/health', '/api/no-such-route', '/api/docs/']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
      }
    } finally {
      await t.close();
    }
  });

  it('HSTS_MAX_AGE defaults to off and must be whole seconds', () => {
    expect(loadConfig({}).hstsMaxAgeSeconds).toBe(0);
    expect(() => loadConfig({ HSTS_MAX_AGE: '-1' })).toThrow(/HSTS_MAX_AGE/);
    expect(() => loadConfig({ HSTS_MAX_AGE: '1.5' })).toThrow(/HSTS_MAX_AGE/);
  });
});
