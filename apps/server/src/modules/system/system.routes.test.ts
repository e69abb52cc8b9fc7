import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('reports the database reachable and which system tools are present, without signing in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'ok', database: { reachable: true, driver: process.env.DATABASE_URL ? 'postgres' : 'pglite' } });
    expect(Object.keys(body.tools).sort()).toEqual(['ffmpeg', 'ffprobe', 'libreoffice', 'pdfinfo', 'pdftoppm']);
  });

  it('answers 503 degraded when the database does not answer', async () => {
    const other = await buildTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: { reachable: false } });
    await other.app.close();
  });
});

describe('GET /d/version', () => {
  it('answers the build version, uncached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/d/version' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: 'dev' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('OpenAPI at /api/docs', () => {
  it('publishes every route of this slice with its schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of ['/api/login', '/api/user', '/api/course', '/api/course/{id}/access_code', '/api/uploads', '/api/uploads/{id}/blob', '/api/health']) {
      expect(paths).toContain(p);
    }
    expect(res.json().paths['/api/login'].post.requestBody.content['application/json'].schema.required).toEqual(['user_name', 'password']);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBeLessThan(400);
  });
});
