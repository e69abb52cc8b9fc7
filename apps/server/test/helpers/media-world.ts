import { readFileSync } from 'node:fs';
import path from 'node:path';
import { USER_ROLE, type Upload } from '@atrium/contracts';
import { fixturePath, type TestApp } from '../build-test-app.js';
import { createActivity } from '../factories/activities.js';
import { waitForProcessed } from '../uploads-client.js';

/** A file for the pipeline: a fixture path under shared/fixtures, or a name and bytes. */
export type FileSource = string | { name: string; bytes: Buffer };

/** Creates a course upload through the API as `cookie`, PUTs the bytes and waits until processing ends (real tools). */
export async function uploadFile(t: TestApp, cookie: string, courseId: number, file: FileSource): Promise<Upload> {
  const { name, bytes } = typeof file === 'string' ? { name: path.basename(file), bytes: readFileSync(fixturePath(file)) } : file;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { cookie },
    payload: { name, size: bytes.length, parent_type: 'course', parent_id: courseId },
  });
  if (created.statusCode !== 201) throw new Error(`create ${name}: ${created.statusCode} ${created.body}`);
  const sent = await t.app.inject({
    method: 'PUT',
    url: created.json().upload_url,
    headers: { cookie, 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
  if (sent.statusCode !== 200) throw new Error(`put ${name}: ${sent.statusCode} ${sent.body}`);
  return waitForProcessed(t, cookie, created.json().id);
}

/**
 * Two courses of one organisation (issue 5 cross-course matrix): course A with an
 * instructor, an assistant, a student and an outsider (same org, no course);
 * course B with its own instructor and student. Each signed in.
 */
export async function twoCourses(t: TestApp) {
  const w = await t.factories.courseWorld();
  const instructorB = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.instructor });
  const studentB = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.student });
  const courseB = await t.factories.course({ orgId: w.org.id, instructorId: instructorB.id });
  await t.factories.enrol(courseB.id, studentB.id, 'student');
  const cookies = {
    instructor: await t.factories.login(w.instructor.userName),
    assistant: await t.factories.login(w.assistant.userName),
    student: await t.factories.login(w.student.userName),
    outsider: await t.factories.login(w.outsider.userName),
    instructorB: await t.factories.login(instructorB.userName),
    studentB: await t.factories.login(studentB.userName),
  };
  return { ...w, courseA: w.course, courseB, instructorB, studentB, cookies };
}
export type TwoCourses = Awaited<ReturnType<typeof twoCourses>>;

/** An activity of `courseId` holding `uploadIds` (see createActivity). */
export function activityWith(
  t: TestApp,
  courseId: number,
  uploadIds: number[],
  options: Omit<Parameters<typeof createActivity>[1], 'courseId' | 'uploadIds'> = {},
) {
  return createActivity(t.database, { courseId, uploadIds, ...options });
}

/** A valid SCORM 1.2 manifest launching `launch`. */
export function manifest12(launch = 'index.html'): string {
  return `<?xml version="1.0"?>
<manifest identifier="m" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>T</title><item identifier="i1" identifierref="r1"><title>One</title></item></organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="${launch}"><file href="${launch}"/></resource></resources>
</manifest>`;
}
