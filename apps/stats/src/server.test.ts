import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { dailyCounts } from './store.js';
import { buildStatsServer, openStatsDatabase } from './server.js';

/**
 * apps/stats on its own process's terms (issue 25 item 1): its own database (PGlite here, migrated from its own
 * journal), the spec's ingestion calls, the main server's error body, and a clock of its own (`now`).
 */

const NOW = Date.UTC(2026, 11, 2, 12, 0, 0);
let database: Awaited<ReturnType<typeof openStatsDatabase>>;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openStatsDatabase({});
  app = await buildStatsServer({ db: database.db, now: () => NOW });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const event = (fields: Record<string, unknown> = {}) => ({ id: randomUUID(), action: 'page.view', ts: NOW - 60_000, ...fields });
const post = (url: string, events: unknown[]) => app.inject({ method: 'POST', url, payload: { events } });

describe('the statistics server on its own', () => {
  it('stores a batch once and counts a retry as duplicates, by its own clock', async () => {
    const batch = [event({ course_id: 3 }), event({ course_id: 3, ts: NOW - 29 * 24 * 3600_000 })];
    expect((await post('/api/user-actions', batch)).json()).toEqual({ accepted: 2, duplicates: 0 });
    expect((await post('/api/user-actions', batch)).json()).toEqual({ accepted: 0, duplicates: 2 });
    expect(await dailyCounts(database.db, 3)).toEqual([
      { day: '2026-11-03', org_id: 0, stream: 'user_action', action: 'page.view', events: 1 },
      { day: '2026-12-02', org_id: 0, stream: 'user_action', action: 'page.view', events: 1 },
    ]);
  });

  it('judges ts by its clock: 31 days before it is refused, naming the field', async () => {
    const res = await post('/research-activity', [event({ ts: NOW - 31 * 24 * 3600_000 })]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { 'events.0.ts': ['is more than 30 days old'] } });
  });

  it('refuses a malformed event with the field named, in the main server’s body shape', async () => {
    const res = await post('/api/teaching-action', [event(), event({ action: '' })]);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.json().errors)).toEqual(['events.1.action']);
  });

  it('takes a sendBeacon body (text/plain JSON) and answers health', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/learning-activity',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ events: [event()] }),
    });
    expect(res.json()).toEqual({ accepted: 1, duplicates: 0 });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
  });
});
