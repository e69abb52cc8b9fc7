import { api, expect, signedIn, step, test } from './helpers.js';

// Issue 19 §5 journey: a student's home page (/user/index) lists the week's deadlines and today's
// lessons of the courses they study — and nothing of a course they do not.

test('a student’s home page lists the week’s deadlines and today’s lessons of their courses', async ({ browser }, testInfo) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const teacher = await (await browser.newContext()).newPage();
  const student = await (await browser.newContext()).newPage();
  await signedIn(teacher, 'instructor');
  await signedIn(student, 'student3');
  // The student's day in UTC, so "today" is the same day whenever the journey runs.
  await api(student.request, 'PUT', '/api/user/time-zone', { time_zone: 'UTC' });

  const mine = await api(teacher.request, 'POST', '/api/course', { name: `Home journey ${stamp}`, course_code: `HJ${stamp}`.slice(0, 20) });
  const other = await api(teacher.request, 'POST', '/api/course', { name: `Not my course ${stamp}`, course_code: `NM${stamp}`.slice(0, 20) });
  try {
    let { access_code: code } = await api<{ access_code: string | null }>(teacher.request, 'GET', `/api/course/${mine.id}/access_code`);
    if (!code) ({ access_code: code } = await api<{ access_code: string }>(teacher.request, 'PUT', `/api/course/${mine.id}/access_code`, {}));
    const now = Date.now();
    const day = new Date(now).toISOString().slice(0, 10);
    for (const course of [mine, other]) {
      const module = await api(teacher.request, 'POST', `/api/courses/${course.id}/modules`, { title: 'Week 1' });
      await api(teacher.request, 'PUT', `/api/modules/${module.id}/publish`, { published: true });
      const homework = await api(teacher.request, 'POST', `/api/courses/${course.id}/activities`, {
        module_id: module.id,
        type: 'homework',
        title: course === mine ? `Lab report ${stamp}` : `Other homework ${stamp}`,
        data: {},
        end_time: new Date(now + 3 * 86_400_000).toISOString(),
      });
      await api(teacher.request, 'PUT', `/api/activities/${homework.id}/publish`, { published: true });
      // A lesson at noon UTC today (past or to come, it is today's).
      await api(teacher.request, 'POST', '/api/calendar-timetables', {
        course_id: course.id,
        start_time: `${day}T12:00:00.000Z`,
        end_time: `${day}T13:00:00.000Z`,
        repeat_type: 'no_repeat',
        location: course === mine ? `Room ${stamp}` : `Elsewhere ${stamp}`,
      });
    }
    await api(student.request, 'POST', `/api/course/join/${code}`);

    await student.goto('/user/index');
    const deadlines = student.getByTestId('home-deadlines');
    await expect(deadlines.getByRole('link', { name: `Lab report ${stamp}` })).toBeVisible();
    await expect(deadlines.getByText(`Other homework ${stamp}`)).toHaveCount(0);
    const today = student.getByTestId('home-today');
    await expect(today.getByText(`Room ${stamp}`)).toBeVisible();
    await expect(today.getByText('12:00', { exact: false })).toBeVisible();
    await expect(today.getByText(`Elsewhere ${stamp}`)).toHaveCount(0);
    await step(student, testInfo, 'student-home-page');

    // The deadline opens its activity.
    await deadlines.getByRole('link', { name: `Lab report ${stamp}` }).click();
    await expect(student).toHaveURL(new RegExp(`/course/${mine.id}/`));
  } finally {
    await api(student.request, 'PUT', '/api/user/time-zone', { time_zone: null }).catch(() => undefined);
    for (const course of [mine, other]) await teacher.request.delete(`/api/courses/${course.id}`).catch(() => undefined);
  }
});
