import { devices, type Browser, type Page } from '@playwright/test';
import { api, expect, signedIn, step, test } from './helpers.js';

// Issue 24 item 2 journey: the instructor opens in-class mode on a classroom of CS101 and starts a roll call by QR
// code; two students check in from phone-sized pages (one typing the code, one opening the QR code's address); the
// instructor asks a question and the students' answers appear live on the instructor's screen; the class ends with
// its report.

/** A phone-sized, touch page of `userName` (Pixel 7: 412 × 915 CSS pixels, mobile, touch). */
async function phonePage(browser: Browser, userName: string): Promise<Page> {
  const page = await (await browser.newContext({ ...devices['Pixel 7'] })).newPage();
  await signedIn(page, userName);
  return page;
}

test('the instructor runs a class: roll call by QR code, two phones check in, a question’s answers arrive live', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const teacher = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signedIn(teacher, 'instructor');
  const mine = await api<{ items: { id: number; course_code: string }[] }>(teacher.request, 'GET', '/api/user/courses?page_size=100');
  const courseId = mine.items.find((course) => course.course_code === 'CS101')!.id;
  // A class left running by an earlier run would stand in the way: end it.
  const before = await api<{ session: { id: number } | null }>(teacher.request, 'GET', `/api/courses/${courseId}/inclass`);
  if (before.session) await api(teacher.request, 'POST', `/api/inclass-sessions/${before.session.id}/end`);
  const stamp = Date.now().toString(36);
  const module = await api(teacher.request, 'POST', `/api/courses/${courseId}/modules`, { title: `In class ${stamp}` });
  await api(teacher.request, 'PUT', `/api/modules/${module.id}/publish`, { published: true });
  const title = `Lecture ${stamp}`;
  const classroom = await api(teacher.request, 'POST', `/api/courses/${courseId}/activities`, { module_id: module.id, type: 'classroom', title, data: {} });
  await api(teacher.request, 'PUT', `/api/activities/${classroom.id}/publish`, { published: true });

  try {
    // 1. The classroom activity opens in-class mode in a new window.
    await teacher.goto(`/course/${courseId}/learning-activity#/classroom/${classroom.id}`);
    const opened = teacher.context().waitForEvent('page');
    await teacher.getByRole('button', { name: 'Open in-class mode' }).click();
    const room = await opened;
    await expect(room).toHaveURL(new RegExp(`/inclass/courses/${courseId}\\?activity=${classroom.id}$`));
    await expect(room.getByRole('heading', { level: 1, name: /In-class mode/ })).toBeVisible();
    await room.getByRole('button', { name: 'Start the class' }).click();
    await expect(room.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(room.getByTestId('stream-status')).toContainText('Live');

    // 2. A roll call by QR code, late after 5 minutes.
    await room.getByTestId('rollcall-panel').getByText('QR code', { exact: true }).click();
    await room.getByRole('button', { name: 'Start the roll call' }).click();
    const code = (await room.getByTestId('rollcall-code').textContent())!.trim();
    expect(code).toMatch(/^\d{4}$/);
    await expect(room.getByRole('img', { name: 'QR code to scan to check in' }).or(room.locator('.ant-qrcode canvas'))).toBeVisible();
    await step(room, testInfo, 'team-rollcall');

    // 3. Two phones: one types the code, the other opens the QR code's address.
    const ana = await phonePage(browser, 'student2');
    await ana.goto(`/inclass/courses/${courseId}`);
    await ana.getByLabel('Enter the code shown in the room').fill(code);
    await step(ana, testInfo, 'phone-code');
    await ana.getByRole('button', { name: 'Check in' }).click();
    await expect(ana.getByTestId('learner-checked-in')).toContainText('You are checked in.');
    const ben = await phonePage(browser, 'student3');
    await ben.goto(`/inclass/courses/${courseId}?code=${code}`);
    await expect(ben.getByTestId('learner-checked-in')).toContainText('You are checked in.');
    await step(ben, testInfo, 'phone-checked-in');

    const checkins = room.getByTestId('rollcall-checkins');
    await expect(checkins).toContainText('Student 2');
    await expect(checkins).toContainText('Student 3');
    await expect(room.getByTestId('rollcall-present')).toContainText('2');
    await room.getByRole('button', { name: 'Close the roll call' }).click();

    // 4. A quick question: the students answer on their phones; the bars and the list follow live.
    const panel = room.getByTestId('poll-panel');
    await panel.getByLabel('Question', { exact: true }).fill('Which keyword declares a constant in JavaScript?');
    await panel.getByLabel('Option 1', { exact: true }).fill('var');
    await panel.getByLabel('Option 2', { exact: true }).fill('const');
    await panel.getByLabel('Option 3', { exact: true }).fill('let');
    await panel.getByRole('button', { name: 'Remove option 4' }).click();
    await panel.getByText('Right answer').nth(1).click();
    await panel.getByRole('button', { name: 'Ask now' }).click();
    await expect(panel.getByTestId('poll-counts')).toContainText(/^0 of \d+ answered/);

    for (const [page, choice] of [
      [ana, 'const'],
      [ben, 'let'],
    ] as const) {
      const card = page.getByTestId('learner-poll');
      await expect(card).toContainText('Which keyword declares a constant');
      await card.getByRole('radio', { name: choice }).check();
      await card.getByRole('button', { name: 'Send my answer' }).click();
      await expect(card.getByTestId('learner-answer-sent')).toBeVisible();
    }
    await step(ana, testInfo, 'phone-answered');
    await expect(panel.getByTestId('poll-counts')).toContainText(/^2 of \d+ answered · 1 right$/);
    const answers = panel.getByTestId('poll-answers');
    await expect(answers.getByRole('listitem').filter({ hasText: 'Student 2' })).toContainText('Right');
    await expect(answers.getByRole('listitem').filter({ hasText: 'Student 3' })).toContainText('Wrong');
    await step(room, testInfo, 'team-answers-live');

    // 5. A random pick among those present, then the end: the learners are told, the report downloads.
    await room.getByRole('button', { name: 'Pick a student' }).click();
    await expect(room.getByTestId('picked-name')).toContainText(/Student [23]/);
    await room.getByRole('button', { name: 'End the class' }).click();
    await room.getByRole('button', { name: 'End the class' }).last().click();
    await expect(room.getByTestId('ended-card')).toBeVisible();
    await expect(ana.getByText('The class has ended. Thank you for taking part.')).toBeVisible();
    const download = room.waitForEvent('download');
    await room.getByTestId('ended-card').getByRole('button', { name: 'Report (Excel)' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  } finally {
    // Leave CS101 as found.
    await teacher.request.delete(`/api/modules/${module.id}`);
  }
});
