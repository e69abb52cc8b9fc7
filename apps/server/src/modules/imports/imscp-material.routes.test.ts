import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../../../test/build-test-app.js';
import { createImportWorld, uploadFile, waitForImport, type ImportWorld } from '../../../test/helpers/import-world.js';
import { waitForProcessed } from '../../../test/uploads-client.js';

/**
 * Issue 21 §4: an IMS content package (the deadlock fixture's "IMS CC") arrives as a material with
 * its table of contents, and a learner opens it as the web does: the activity, its files, each
 * file's preview answer and bytes.
 */
let world: ImportWorld;
beforeAll(async () => {
  world = await createImportWorld();
});
afterAll(async () => world.close());

describe('an imported IMS content package', () => {
  it('is a material whose package file reaches the previewer', async () => {
    const { t, w, cookies } = world;
    const course = await world.newCourse();
    await t.factories.enrol(course.id, w.student.id, 'student');
    const uploadId = await uploadFile(
      t,
      cookies.instructor,
      course.id,
      'deadlock.mbz',
      readFileSync(fixturePath('mbz/moodlecore__backup_controller__deadlock.mbz')),
    );
    const { status_key } = await world.startImport(course.id, uploadId);
    expect((await waitForImport(t, cookies.instructor, course.id, status_key)).status).toBe(1);
    const { acts, modules } = await world.contentOf(course.id);
    for (const m of modules)
      await t.app.inject({ method: 'PUT', url: `/api/modules/${m.id}/publish`, headers: world.as('instructor'), payload: { published: true } });
    const material = acts.find((a) => a.type === 'material' && a.title === 'IMS CC')!;
    await t.app.inject({ method: 'PUT', url: `/api/activities/${material.id}/publish`, headers: world.as('instructor'), payload: { published: true } });

    const res = await t.app.inject({ method: 'GET', url: `/api/activities/${material.id}`, headers: world.as('student') });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { description: string; uploads: { id: number; type: string }[] };
    // Its table of contents (imscp.xml `structure`) in the description.
    const toc = ['Loch Katrine', 'Ben Ledi', 'Jencks Earthwork', 'MSP Cells', 'Holyrood Building Site', 'Salisbury Crags', 'Castle Sunset', 'Bridges Sunset'];
    expect(body.description).toContain(`<ol>${toc.map((x) => `<li>${x}</li>`).join('')}</ol>`);
    // Its package file processes (a plain IMS content package, read as the SCORM player reads packages) and previews with the package's items.
    expect(body.uploads).toHaveLength(1);
    const file = await waitForProcessed(t, cookies.student, body.uploads[0]!.id);
    expect(file, JSON.stringify(file)).toMatchObject({ status: 'ready', type: 'scorm' });
    const preview = await t.app.inject({ method: 'GET', url: `/api/uploads/${file.id}?preview=true`, headers: world.as('student') });
    expect(preview.statusCode, preview.body).toBe(200);
    const scos = preview.json().scorm.data.manifest.scos as { identifier: string; title: string; launch: string }[];
    expect(scos.map((x) => x.title)).toEqual(toc);
    // A learner opens an item: the launch redirects to the package content origin, which serves the page.
    const launch = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/scorm/${file.id}?sco=${scos[0]!.identifier}&preview=true`,
      headers: world.as('student'),
    });
    expect(launch.statusCode, launch.body).toBe(302);
    const path = new URLSearchParams(new URL(launch.headers.location!).hash.slice(1)).get('launch')!;
    expect(path).toMatch(/\/five\.html$/);
    const page = await t.app.scormContent.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toMatch(/Loch Katrine/i);
  });
});
