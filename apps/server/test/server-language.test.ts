import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_CATALOGS } from '../src/lib/i18n/server-messages.js';
import { buildTestApp, type TestApp } from './build-test-app.js';

// Issue 23 §2: the server's words follow the reader's language (Accept-Language, which the web
// sets to the chosen interface language); without the header they are the source English.
let t: TestApp;
let w: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
let cookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  w = await t.factories.courseWorld();
  cookie = await t.factories.login(w.instructor.userName);
});
afterAll(() => t.close());

describe('server messages in the reader’s language', () => {
  it('an error message and its field errors are translated; the code and the field names are not', async () => {
    const ask = (language?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/courses/${w.course.id}/modules`,
        headers: { cookie, ...(language ? { 'accept-language': language } : {}) },
        payload: { title: 'Week\u00001' },
      });
    const english = await ask();
    expect(english.statusCode).toBe(400);
    const source = (english.json() as { errors: { title: string[] } }).errors.title[0] ?? '';
    const thai = SERVER_CATALOGS['th-th'][source];
    expect(thai, `th-th translation of “${source}”`).toBeDefined();
    const answered = await ask('th-TH,th;q=0.9,en;q=0.5');
    expect(answered.statusCode).toBe(400);
    expect(answered.json()).toEqual({ code: 'VALIDATION_FAILED', message: `title: ${thai}`, errors: { title: [thai] } });
  });

  it('zod’s own messages come in the language too', async () => {
    const ask = (language?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/courses/${w.course.id}/modules`,
        headers: { cookie, ...(language ? { 'accept-language': language } : {}) },
        payload: { title: 42 },
      });
    const english = (await ask()).json() as { errors: { title: string[] } };
    const chinese = (await ask('zh-CN')).json() as { code: string; errors: { title: string[] } };
    expect(chinese.code).toBe('VALIDATION_FAILED');
    expect(chinese.errors.title[0]).not.toBe(english.errors.title[0]);
    expect(chinese.errors.title[0]).toMatch(/[\u4e00-\u9fff]/);
  });

  it('a not-found answer reads in Indonesian; a language outside spec §1 reads in English', async () => {
    const ask = (language: string) => t.app.inject({ method: 'GET', url: '/api/courses/987654/content', headers: { cookie, 'accept-language': language } });
    const german = await ask('de-DE');
    const indonesian = await ask('id');
    expect(indonesian.statusCode).toBe(german.statusCode);
    const source = (german.json() as { message: string }).message;
    expect((indonesian.json() as { message: string }).message).toBe(SERVER_CATALOGS['id-id'][source]);
  });
});
