import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CourseContent } from '@atrium/contracts';
import { buildTestApp, fixturePath, type TestApp } from '../../../test/build-test-app.js';
import { contentSnapshot } from '../../../test/helpers/content-world.js';
import { courses } from '../courses/courses.table.js';
import { DEMO_PASSWORD, seedDemoData } from './demo-seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ATRIUM_SEED_FILES_DIR: path.dirname(fixturePath('pdf')) });
});
afterAll(() => t.close());

const login = (userName: string) => t.factories.login(userName, DEMO_PASSWORD);

it('seeds a published module with a page, the PDF and the video into CS101, with real progress; a second run changes nothing', async () => {
  await seedDemoData(t.app.deps);
  const instructor = await login('instructor');
  const courseRows = await t.app.deps.db.select({ id: courses.id, code: courses.courseCode }).from(courses);
  const cs101 = courseRows.find((c) => c.code === 'CS101')!;
  const math = courseRows.find((c) => c.code === 'MATH201')!;
  const content = (
    await t.app.inject({ method: 'GET', url: `/api/courses/${cs101.id}/content`, headers: { cookie: await login('student3') } })
  ).json() as CourseContent;
  expect(content.modules.map((m) => [m.title, m.activities.map((a) => [a.type, a.is_completed, a.access])])).toEqual([
    [
      'Getting started',
      [
        ['page', true, 'open'],
        ['material', true, 'open'],
        ['online_video', true, 'open'],
      ],
    ],
  ]);
  expect(content.study).toMatchObject({ study_completeness: 100, last_activity: { title: expect.any(String) } });
  const student2 = (
    await t.app.inject({ method: 'GET', url: `/api/courses/${cs101.id}/content`, headers: { cookie: await login('student2') } })
  ).json() as CourseContent;
  expect(student2.study).toMatchObject({ study_completeness: 33, last_activity: { title: 'Welcome' } });
  const mathContent = (await t.app.inject({ method: 'GET', url: `/api/courses/${math.id}/content`, headers: { cookie: instructor } })).json() as CourseContent;
  expect(mathContent.modules.flatMap((m) => m.activities.map((a) => a.title))).toEqual(['Welcome']);
  const before = await contentSnapshot(t, cs101.id);
  await seedDemoData(t.app.deps);
  expect(await contentSnapshot(t, cs101.id)).toEqual(before);
});
