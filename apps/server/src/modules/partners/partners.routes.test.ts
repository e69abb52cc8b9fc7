import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';

/**
 * Issue 24 item 4 (spec §7): associated partners. The organisation's admins name its kinds of partner; the course's
 * instructors (course.edit) record the partner a course is run with, of one of those kinds; members read it; with no kinds named every
 * call says so, and nothing is written by a refused call.
 */

let t: TestApp;
let w: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
let otherOrgId: number;
const cookies = {} as Record<'admin' | 'instructor' | 'assistant' | 'student' | 'outsider', string>;

beforeAll(async () => {
  t = await buildTestApp();
  w = await t.factories.courseWorld();
  otherOrgId = (await t.factories.org('Elsewhere')).id;
  for (const who of ['admin', 'instructor', 'assistant', 'student', 'outsider'] as const) cookies[who] = await t.factories.login(w[who].userName);
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: keyof typeof cookies | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: cookies[who] } : {}, ...(payload ? { payload } : {}) });
const typesUrl = () => `/api/orgs/${w.org.id}/associated-partner-types`;
const infoUrl = () => `/api/courses/${w.course.id}/associated-partner-info`;
const partner = {
  partner_type: 'enterprise',
  partner_name: 'Northwind Traders',
  contact_name: 'Nancy Davolio',
  contact_email: 'nancy@northwind.example',
  website: 'https://northwind.example',
};

describe('kinds of partner', () => {
  it('answers an empty list while the organisation names none, and refuses recording a partner then (400 naming partner_type)', async () => {
    expect((await call('GET', typesUrl(), 'student')).json()).toEqual({ types: [] });
    const res = await call('POST', infoUrl(), 'instructor', partner);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.partner_type[0]).toMatch(/names no kinds of partner/);
    expect((await call('GET', infoUrl(), 'instructor')).json()).toEqual({ info: null });
  });

  it('lets only the organisation’s admins set them, validated (codes unique), in the order given', async () => {
    const body = {
      types: [
        { code: 'enterprise', name: 'Enterprise' },
        { code: 'hospital', name: 'Teaching hospital' },
      ],
    };
    expect((await call('PUT', '/api/org/associated-partner-types', 'instructor', body)).statusCode).toBe(403);
    const twice = await call('PUT', '/api/org/associated-partner-types', 'admin', { types: [...body.types, { code: 'Enterprise', name: 'Again' }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toHaveProperty('types');
    const bad = await call('PUT', '/api/org/associated-partner-types', 'admin', { types: [{ code: 'no spaces', name: 'x' }] });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', typesUrl(), 'admin')).json()).toEqual({ types: [] });
    const res = await call('PUT', '/api/org/associated-partner-types', 'admin', body);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', typesUrl(), 'student')).json()).toEqual(body);
  });

  it('answers another organisation’s id 404 and the anonymous 401', async () => {
    expect((await call('GET', `/api/orgs/${otherOrgId}/associated-partner-types`, 'admin')).statusCode).toBe(404);
    expect((await call('GET', typesUrl(), null)).statusCode).toBe(401);
  });
});

describe('a course’s partner', () => {
  it('refuses a kind the organisation does not name and a bad address, writing nothing', async () => {
    const unknown = await call('POST', infoUrl(), 'instructor', { ...partner, partner_type: 'ministry' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.partner_type).toEqual(['is not one of your organisation’s kinds of partner']);
    const address = await call('POST', infoUrl(), 'instructor', { ...partner, website: 'ftp://northwind.example' });
    expect(address.statusCode).toBe(400);
    expect(address.json().errors).toHaveProperty('website');
    expect((await call('GET', infoUrl(), 'instructor')).json()).toEqual({ info: null });
  });

  it('PUT before any partner is 404 PARTNER_INFO_NOT_FOUND', async () => {
    const res = await call('PUT', infoUrl(), 'instructor', partner);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PARTNER_INFO_NOT_FOUND');
  });

  it('the instructor records it (not the assistant), members read it with its kind’s name, a second POST is 409', async () => {
    expect((await call('POST', infoUrl(), 'assistant', partner)).statusCode).toBe(403);
    const created = await call('POST', infoUrl(), 'instructor', partner);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().info).toMatchObject({ ...partner, partner_type_name: 'Enterprise', description: null });
    expect((await call('GET', infoUrl(), 'student')).json().info).toMatchObject({ partner_name: 'Northwind Traders' });
    const again = await call('POST', infoUrl(), 'instructor', { ...partner, partner_name: 'Other' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PARTNER_INFO_EXISTS');
    expect((await call('GET', infoUrl(), 'student')).json().info.partner_name).toBe('Northwind Traders');
  });

  it('the instructor changes it (emptied fields are cleared); students and outsiders cannot', async () => {
    for (const who of ['student', 'outsider'] as const) expect([403, 404]).toContain((await call('PUT', infoUrl(), who, partner)).statusCode);
    const res = await call('PUT', infoUrl(), 'instructor', { partner_type: 'hospital', partner_name: 'St Mary’s', contact_email: null, website: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().info).toMatchObject({
      partner_type: 'hospital',
      partner_type_name: 'Teaching hospital',
      partner_name: 'St Mary’s',
      contact_name: null,
      contact_email: null,
      website: null,
    });
  });

  it('a kind removed later leaves the course its partner, the kind’s name then null', async () => {
    await call('PUT', '/api/org/associated-partner-types', 'admin', { types: [{ code: 'enterprise', name: 'Enterprise' }] });
    expect((await call('GET', infoUrl(), 'instructor')).json().info).toMatchObject({ partner_type: 'hospital', partner_type_name: null });
  });
});
