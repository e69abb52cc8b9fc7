import { type Page } from '@playwright/test';
import { api, expect, signedIn, step, test } from './helpers.js';

// Issue 18 journeys: two students and an instructor discuss in a forum topic (a mention makes a
// notification whose click lands on the reply; replies arrive live), and a student asks a question
// on page 3 of a PDF from the previewer and sees the teaching team's answer.

/** The bell's unread count, read from its accessible name ("Notifications, N unread"). */
async function unreadOf(page: Page): Promise<number> {
  const label = (await page.getByTestId('notification-bell').getAttribute('aria-label')) ?? '';
  const match = label.match(/(\d+) unread/);
  return match ? Number(match[1]) : -1;
}

test('two students and an instructor discuss: a mention notifies, its click lands on the reply, replies arrive live', async ({ browser }, testInfo) => {
  test.setTimeout(480_000);
  const stamp = Date.now().toString(36);
  const teacher = await (await browser.newContext()).newPage();
  const asker = await (await browser.newContext()).newPage();
  const helper = await (await browser.newContext()).newPage();
  await signedIn(teacher, 'instructor');

  // A course of its own with one published forum, made through the API (the forum is what this journey is about).
  const course = await api(teacher.request, 'POST', '/api/course', { name: `Forum journey ${stamp}`, course_code: `FJ${stamp}`.slice(0, 20) });
  try {
    let { access_code: code } = await api<{ access_code: string | null }>(teacher.request, 'GET', `/api/course/${course.id}/access_code`);
    if (!code) ({ access_code: code } = await api<{ access_code: string }>(teacher.request, 'PUT', `/api/course/${course.id}/access_code`, {}));
    const module = await api(teacher.request, 'POST', `/api/courses/${course.id}/modules`, { title: 'Week 1' });
    await api(teacher.request, 'PUT', `/api/modules/${module.id}/publish`, { published: true });
    const forum = await api(teacher.request, 'POST', `/api/courses/${course.id}/activities`, {
      module_id: module.id,
      type: 'forum',
      title: 'Week 1 discussion',
      data: {},
    });
    await api(teacher.request, 'PUT', `/api/activities/${forum.id}/publish`, { published: true });
    for (const [page, userName] of [
      [asker, 'student2'],
      [helper, 'student3'],
    ] as const) {
      await signedIn(page, userName);
      await api(page.request, 'POST', `/api/course/join/${code}`);
    }

    // ------------------------------------------------------------ student2 starts a topic
    const title = `Why do trace trees start at loop headers? ${stamp}`;
    await asker.goto(`/course/${course.id}/forum`);
    // Choosing the forum swaps the board (its list and its New topic button): wait for that forum's topics first,
    // and click again should a click land on the board being replaced (seen in CI under load).
    const forumTopics = asker.waitForResponse((r) => /\/api\/forum\/\d+\/topics\?/.test(r.url()));
    await asker.getByRole('menuitem', { name: /Week 1 discussion/ }).click();
    await forumTopics;
    const drawer = asker.getByRole('dialog', { name: 'New topic' });
    await expect(async () => {
      await asker.getByRole('button', { name: 'New topic' }).click();
      await expect(drawer).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 60_000 });
    await drawer.getByLabel('Title').fill(title);
    await drawer.locator('[contenteditable="true"]').first().click();
    await asker.keyboard.type('I read section 3 twice and still do not see why.');
    await drawer.getByRole('button', { name: 'Post' }).click();
    await expect(asker.getByText('Topic posted')).toBeVisible();
    // The new topic opens.
    await expect(asker).toHaveURL(/\/forum(\?[^#]*)?#\/topics\/\d+/);
    await expect(asker.getByRole('heading', { name: title })).toBeVisible();
    await step(asker, testInfo, 'student-starts-a-topic');

    // ------------------------------------------------------------ the instructor answers and mentions student3
    await helper.goto('/user/index');
    await expect(helper.getByTestId('notification-bell')).toHaveAttribute('aria-label', /\d+ unread/);
    const before = await unreadOf(helper);
    await teacher.goto(`/course/${course.id}/forum`);
    await teacher.getByText(title).first().click();
    await expect(teacher.getByRole('heading', { name: title })).toBeVisible();
    const box = teacher.getByRole('textbox', { name: 'Your reply' });
    await box.click();
    await teacher.keyboard.type('Loops are where hot code lives. ');
    await teacher.keyboard.type('@');
    const picker = teacher.getByTestId('mention-picker');
    await expect(picker).toBeVisible();
    await picker.getByRole('textbox').fill('Student 3');
    await picker.getByRole('option', { name: '@Student 3' }).click();
    await teacher.keyboard.type(' can you explain it with the example from the lecture?');
    await step(teacher, testInfo, 'instructor-mentions-a-student');
    await teacher.getByRole('button', { name: 'Send reply' }).click();
    await expect(teacher.getByText('Reply posted')).toBeVisible();
    // The asker, reading the topic, sees the answer arrive without reloading.
    await expect(asker.locator('[data-reply-id]').filter({ hasText: 'Loops are where hot code lives.' })).toBeVisible({ timeout: 30_000 });

    // ------------------------------------------------------------ student3 is notified and lands on the reply
    await expect.poll(() => unreadOf(helper), { timeout: 30_000 }).toBeGreaterThan(before);
    await helper.getByTestId('notification-bell').click();
    await helper.getByTestId('notification-panel').getByText(`You were mentioned in “${title}”`).click();
    await expect(helper).toHaveURL(new RegExp(`/course/${course.id}/forum(\\?[^#]*)?#/topics/\\d+\\?reply=\\d+`));
    const landed = helper.locator('[data-reply-id][data-highlighted="true"]');
    await expect(landed).toContainText('Loops are where hot code lives.');
    await expect(landed.locator('.mention', { hasText: '@Student 3' })).toBeVisible();
    await step(helper, testInfo, 'mention-lands-on-the-reply');

    // ------------------------------------------------------------ student3 answers under the instructor's reply
    await landed.getByRole('button', { name: 'Reply' }).first().click();
    const inline = helper.getByTestId('inline-reply-composer');
    await inline.locator('[contenteditable="true"]').first().click();
    await helper.keyboard.type('A loop header is where the interpreter notices a hot backward branch.');
    await inline.getByRole('button', { name: 'Send reply' }).click();
    await expect(helper.getByText('Reply posted')).toBeVisible();
    // Threaded under the instructor's reply, and live for the asker.
    await expect(
      asker
        .getByRole('list', { name: 'Answers to Ivan Instructor' })
        .getByTestId('reply')
        .filter({ hasText: 'A loop header is where the interpreter notices a hot backward branch.' }),
    ).toBeVisible({
      timeout: 30_000,
    });
    await step(asker, testInfo, 'the-discussion-as-the-asker-sees-it');
  } finally {
    await teacher.request.fetch(`/api/courses/${course.id}`, { method: 'DELETE' });
  }
});

test('a student asks a question on page 3 of a PDF from the previewer and sees the answer', async ({ browser }, testInfo) => {
  test.setTimeout(600_000);
  const stamp = Date.now().toString(36);
  const student = await (await browser.newContext()).newPage();
  const teacher = await (await browser.newContext()).newPage();
  const admin = await (await browser.newContext()).newPage();
  await signedIn(student, 'student1');
  await student.goto('/user/courses');
  await student.getByRole('link', { name: 'Media and notes' }).first().click();
  await expect(student.getByTestId('course-title')).toHaveText('Media and notes');
  const courseId = Number(/\/course\/(\d+)/.exec(student.url())![1]);
  await expect(student.getByTestId('course-file').filter({ hasText: 'pdfjs__tracemonkey.pdf' })).toHaveAttribute('data-status', 'ready', { timeout: 180_000 });
  // The question panel is an AI-ability feature of the course (spec §6): the organisation admin turns it on.
  await signedIn(admin, 'admin');
  const previous = await api<{ hasAiAbility: boolean }>(admin.request, 'GET', `/api/courses/${courseId}`);
  await api(admin.request, 'PUT', `/api/courses/${courseId}`, { hasAiAbility: true });
  try {
    const openPdfAtPage3 = async (page: Page) => {
      await page.goto(`/course/${courseId}/content`);
      const row = page.getByTestId('content-activity').filter({ hasText: 'Every kind of file' });
      await row
        .getByRole('button', { name: 'Every kind of file', exact: true })
        .or(row.getByRole('link', { name: 'Every kind of file', exact: true }))
        .first()
        .click();
      await page.getByTestId('activity-file').filter({ hasText: 'pdfjs__tracemonkey.pdf' }).getByRole('button', { name: 'pdfjs__tracemonkey.pdf' }).click();
      await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 of 14');
      await page.getByTestId('pdf-page-3').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await expect(page.getByTestId('page-indicator')).toHaveText('Page 3 of 14');
      await page.getByRole('button', { name: 'Questions' }).click();
      await expect(page.getByTestId('panel-question')).toBeVisible();
    };

    // ------------------------------------------------------------ the student asks on page 3
    const question = `Why is the trace tree on this page not a DAG? ${stamp}`;
    await openPdfAtPage3(student);
    const panel = student.getByTestId('panel-question');
    await panel.getByRole('button', { name: 'Ask a question' }).click();
    const form = panel.getByTestId('question-form');
    await expect(form.getByText('About Page 3')).toBeVisible();
    await form.getByLabel('Your question').fill(question);
    await form.getByRole('button', { name: 'Post question' }).click();
    await expect(student.getByText('Your question was posted.')).toBeVisible();
    const item = panel.getByTestId('question-item').filter({ hasText: question });
    await expect(item).toContainText('Page 3');
    await expect(item).toContainText('Not answered yet');
    await item.getByText(question).click();
    await step(student, testInfo, 'student-asks-on-page-3');

    // ------------------------------------------------------------ the instructor answers from the same page
    await signedIn(teacher, 'instructor');
    await openPdfAtPage3(teacher);
    const teamPanel = teacher.getByTestId('panel-question');
    await teamPanel.getByTestId('question-item').filter({ hasText: question }).getByText(question).click();
    await teamPanel
      .getByLabel('Write an answer')
      .fill('Side exits branch off the trunk and can rejoin it at the loop header, so the tree is a tree of traces.');
    await teamPanel.getByRole('button', { name: 'Post answer' }).click();
    await expect(teacher.getByText('Your answer was posted.')).toBeVisible();

    // ------------------------------------------------------------ the student sees the answer (live, on the open question)
    const answer = panel.getByTestId('question-reply').filter({ hasText: 'Side exits branch off the trunk' });
    await expect(answer).toBeVisible({ timeout: 30_000 });
    await expect(answer).toContainText('Teaching team');
    await step(student, testInfo, 'student-sees-the-answer');
  } finally {
    await admin.request.fetch(`/api/courses/${courseId}`, { method: 'PUT', data: { hasAiAbility: previous.hasAiAbility } });
  }
});
