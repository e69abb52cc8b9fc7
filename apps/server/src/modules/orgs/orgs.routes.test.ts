import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { calendarWorld, injectAs, type CalendarWorld } from '../../../test/helpers/calendar-world.js';
import { orgs } from './orgs.table.js';

let t: TestApp;
let w: CalendarWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await calendarWorld(t);
});
afterAll(() => t.close());

const inject = (...args: Parameters<ReturnType<typeof injectAs>>) => injectAs(t, w)(...args);
const settingsOf = async (id: number) => (await t.app.deps.db.select().from(orgs).where(eq(orgs.id, id)))[0]!.settings;

describe('PUT /api/org/time-zone (decision 0020)', () => {
  it('an administrator sets the zone: members see it, other settings and other organisations are untouched, exports follow it', async () => {
    const before = await settingsOf(w.org.id);
    const otherBefore = await settingsOf(w.otherOrg.id);
    const res = await inject('PUT', '/api/org/time-zone', 'admin', { time_zone: 'Asia/Taipei' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: w.org.id, time_zone: 'Asia/Taipei' });
    expect((await inject('GET', '/api/org', 'student')).json().time_zone).toBe('Asia/Taipei');
    expect((await inject('GET', '/api/org', 'foreigner')).json().time_zone).not.toBe('Asia/Taipei');
    expect(await settingsOf(w.org.id)).toEqual({ ...before, timeZone: 'Asia/Taipei' });
    expect(await settingsOf(w.otherOrg.id)).toEqual(otherBefore);
    // The admin has no zone of their own: the meeting export shows 09:00Z as 17:00 in Taipei.
    await inject('POST', '/api/calendar-meeting', 'admin', { title: 'Zoned', start_time: '2027-03-10T09:00:00Z', end_time: '2027-03-10T10:00:00Z' });
    const excel = await inject('POST', '/api/management/calendar-meeting/excel', 'admin', { keyword: 'Zoned' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(excel.rawPayload as unknown as ExcelJS.Buffer);
    expect(book.getWorksheet('Meetings')!.getRow(2).getCell(4).value).toBe('2027.03.10 17:00');
  });
  it('answers 400 naming time_zone for an unknown zone, null, a number or a missing field; 403 for instructors and students; 401 signed out; nothing changed', async () => {
    await inject('PUT', '/api/org/time-zone', 'admin', { time_zone: 'Europe/Paris' });
    for (const bad of [{ time_zone: 'Mars/Olympus_Mons' }, { time_zone: 'not a zone' }, { time_zone: null }, { time_zone: 8 }, {}]) {
      const res = await inject('PUT', '/api/org/time-zone', 'admin', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().errors, JSON.stringify(bad)).toHaveProperty('time_zone');
    }
    for (const who of ['instructor', 'student'] as const) expect((await inject('PUT', '/api/org/time-zone', who, { time_zone: 'UTC' })).statusCode).toBe(403);
    expect((await inject('PUT', '/api/org/time-zone', undefined, { time_zone: 'UTC' })).statusCode).toBe(401);
    expect((await settingsOf(w.org.id)).timeZone).toBe('Europe/Paris');
  });
});
