import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Upload } from '@atrium/contracts';
import { activities, activityUploads, courseModules } from '../../src/modules/activities/activities.table.js';
import { fixturePath, type TestApp } from '../build-test-app.js';
import { waitForProcessed } from '../uploads-client.js';

/** The people of issue 7's role matrix (the org admin holds manage_content and set_learning_mode, decision 0070); `anonymous` sends no cookie. */
export const CONTENT_WHO = ['student', 'assistant', 'instructor', 'admin', 'outsider', 'anonymous'] as const;
export type ContentWho = (typeof CONTENT_WHO)[number];

/**
 * A content test world: the factories' course world (instructor, assistant,
 * enrolled student, a student of the same organisation outside the course,
 * an admin), each signed in, and `call` to inject as one of them.
 */
export async function contentWorld(t: TestApp) {
  const w = await t.factories.courseWorld();
  const cookies: Record<Exclude<ContentWho, 'anonymous'>, string> = {
    student: await t.factories.login(w.student.userName),
    assistant: await t.factories.login(w.assistant.userName),
    instructor: await t.factories.login(w.instructor.userName),
    outsider: await t.factories.login(w.outsider.userName),
    admin: await t.factories.login(w.admin.userName),
  };
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, who: ContentWho, payload?: object) =>
    t.app.inject({ method, url, ...(who !== 'anonymous' ? { headers: { cookie: cookies[who] } } : {}), ...(payload ? { payload } : {}) });
  /** Calls as the instructor and expects 200; answers the JSON body. */
  const ok = async (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) => {
    const res = await call(method, url, 'instructor', payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  /** A module with `n` page activities, all published unless told otherwise. */
  const moduleWith = async (title: string, n: number, published = true) => {
    const mod = await ok('POST', `/api/courses/${w.course.id}/modules`, { title });
    if (published) await ok('PUT', `/api/modules/${mod.id}/publish`, { published: true });
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const a = await ok('POST', `/api/courses/${w.course.id}/activities`, {
        module_id: mod.id,
        type: 'page',
        title: `${title} page ${i + 1}`,
        data: { content: `<p>${i}</p>` },
      });
      if (published) await ok('PUT', `/api/activities/${a.id}/publish`, { published: true });
      ids.push(a.id);
    }
    return { id: mod.id as number, activityIds: ids };
  };
  /** Uploads a fixture to the course through the real pipeline (POST /api/uploads, PUT bytes, processing). */
  const upload = async (fixture: string): Promise<Upload> => {
    const bytes = readFileSync(fixturePath(fixture));
    const created = await call('POST', '/api/uploads', 'instructor', {
      name: path.basename(fixture),
      size: bytes.length,
      parent_type: 'course',
      parent_id: w.course.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const sent = await t.app.inject({
      method: 'PUT',
      url: created.json().upload_url,
      headers: { cookie: cookies.instructor, 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return waitForProcessed(t, cookies.instructor, created.json().id);
  };
  return { ...w, cookies, call, ok, moduleWith, upload };
}
export type ContentWorld = Awaited<ReturnType<typeof contentWorld>>;

/** Everything content calls could change in a course, to check that refused calls changed nothing. */
export async function contentSnapshot(t: TestApp, courseId: number) {
  const db = t.app.deps.db;
  const mods = await db.select().from(courseModules).where(eq(courseModules.courseId, courseId)).orderBy(courseModules.id);
  const acts = await db.select().from(activities).where(eq(activities.courseId, courseId)).orderBy(activities.id);
  const links = await db.select().from(activityUploads).orderBy(activityUploads.id);
  return { mods, acts, links };
}
