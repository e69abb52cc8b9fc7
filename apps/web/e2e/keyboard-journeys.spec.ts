import type { Browser, Locator, Page } from '@playwright/test';
import { api, DEMO_PASSWORD, expect, fixturePath, signedIn, step, test } from './helpers.js';

// Issue 23 item 5: journeys without the mouse. Every step below is a key press (Tab, Shift+Tab, Enter,
// Space, typing); only the setup a user would not do on this page (a course made through the API, an
// address typed into the address bar) goes around the keyboard. Each control is reached with Tab, and
// is asserted to show a visible focus indicator when it is reached (WCAG 2.2 2.4.7).

/** The focused element as `tag "its text or label"`, for failure messages. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? `${el.tagName.toLowerCase()} "${(el.innerText || el.getAttribute('aria-label') || el.id || '').slice(0, 40)}"` : 'nothing';
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` (or an element inside it) has the focus (none if it has it), at most `max` times;
 * fails naming what had the focus last. Then checks a focus indicator is drawn: an outline or a box shadow
 * (antd's focus ring) on the element or the wrapper around it.
 */
async function tabTo(page: Page, target: Locator, { max = 60, backwards = false } = {}): Promise<void> {
  const handle = await target.elementHandle();
  expect(handle, 'the control to reach is on the page').not.toBeNull();
  let last = '';
  // Press 0 is none: a dialog may already have put the focus there (its first field).
  for (let i = 0; i <= max; i++) {
    if (i > 0) await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const reached = await handle!.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
    if (reached) {
      // The ring may be drawn by the control's wrapper (antd's affixed inputs, selects, pickers) and fade in
      // (antd's 0.2 s transitions): waited for, up to a second, on the element and its three nearest ancestors.
      const ringed = await page
        .waitForFunction(
          () => {
            let el = document.activeElement as HTMLElement | null;
            for (let depth = 0; el && depth < 4; depth++, el = el.parentElement) {
              const style = getComputedStyle(el);
              if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) return true;
              if (style.boxShadow && style.boxShadow !== 'none') return true;
            }
            return false;
          },
          undefined,
          { timeout: 1_000 },
        )
        .then(
          () => true,
          () => false,
        );
      expect(ringed, `${await focusedName(page)} shows a focus indicator`).toBe(true);
      return;
    }
    last = await focusedName(page);
  }
  throw new Error(`${target.toString()} not reached in ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'} (focus last on ${last})`);
}

/** Signs in on /login with the keyboard alone: Tab to each field, type, Enter. */
async function signInByKeyboard(page: Page, userName: string): Promise<void> {
  await page.goto('/login');
  await tabTo(page, page.getByLabel('User name'));
  await page.keyboard.type(userName);
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/user\/index$/);
}

test('keyboard only: a student signs in and joins a course by its access code', async ({ browser }, testInfo) => {
  const stamp = Date.now().toString(36);
  const teacher = await (await browser.newContext()).newPage();
  await signedIn(teacher, 'instructor');
  const courseName = `Keyboard join ${stamp}`;
  const course = await api(teacher.request, 'POST', '/api/course', { name: courseName, course_code: `KJ${stamp}`.slice(0, 20) });
  try {
    let { access_code: code } = await api<{ access_code: string | null }>(teacher.request, 'GET', `/api/course/${course.id}/access_code`);
    if (!code) ({ access_code: code } = await api<{ access_code: string }>(teacher.request, 'PUT', `/api/course/${course.id}/access_code`, {}));

    const student = await (await browser.newContext()).newPage();
    await signInByKeyboard(student, 'student3');
    await tabTo(student, student.getByRole('button', { name: 'Join a course' }).first());
    await student.keyboard.press('Enter');
    const join = student.getByRole('dialog', { name: 'Join a course' });
    await expect(join).toBeVisible();
    await tabTo(student, join.getByLabel('Access code'), { max: 10 });
    await student.keyboard.type(code!);
    await step(student, testInfo, 'keyboard-join-popup');
    await student.keyboard.press('Enter');
    await expect(student).toHaveURL(new RegExp(`/course/${course.id}$`));
    await expect(student.getByTestId('course-title')).toHaveText(courseName);
    await step(student, testInfo, 'keyboard-joined');
  } finally {
    await teacher.request.fetch(`/api/courses/${course.id}`, { method: 'DELETE' });
  }
});

test('keyboard only: a student opens a PDF of an activity in the previewer and adds a note', async ({ browser }, testInfo) => {
  test.setTimeout(300_000);
  const page = await (await browser.newContext()).newPage();
  await signInByKeyboard(page, 'student1');
  const mine = await api<{ items: { id: number; name: string }[] }>(page.request, 'GET', '/api/user/courses?page_size=100');
  const media = mine.items.find((c) => c.name === 'Media and notes');
  expect(media, 'the seeded course "Media and notes"').toBeDefined();
  // The address typed into the address bar.
  await page.goto(`/course/${media!.id}/content`);
  const row = page.getByTestId('content-activity').filter({ hasText: 'Every kind of file' });
  await tabTo(
    page,
    row
      .getByRole('button', { name: 'Every kind of file', exact: true })
      .or(row.getByRole('link', { name: 'Every kind of file', exact: true }))
      .first(),
  );
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('activity-title')).toHaveText('Every kind of file');

  const file = page.getByTestId('activity-file').filter({ hasText: 'pdfjs__tracemonkey.pdf' }).getByRole('button', { name: 'pdfjs__tracemonkey.pdf' });
  await expect(file).toBeVisible({ timeout: 180_000 });
  await tabTo(page, file);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('previewer-file-name')).toHaveText('pdfjs__tracemonkey.pdf');
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 of 14', { timeout: 90_000 });

  const previewer = page.getByRole('dialog');
  await tabTo(page, previewer.getByRole('button', { name: 'Notes' }));
  await page.keyboard.press('Enter');
  const box = page.getByTestId('note-box');
  await expect(box).toBeVisible();
  await tabTo(page, box.getByRole('button', { name: /Add note/ }));
  await page.keyboard.press('Enter');
  const text = `Typed without a mouse ${Date.now().toString(36)}`;
  await tabTo(page, box.getByTestId('note-content-input').getByRole('textbox'));
  await page.keyboard.type(text);
  await tabTo(page, box.getByRole('button', { name: 'Save' }));
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/notes' && r.request().method() === 'POST');
  await page.keyboard.press('Enter');
  const note = (await (await saved).json()) as { id: number };
  try {
    await expect(box.getByTestId('note-item').filter({ hasText: text })).toHaveCount(1);
    await step(page, testInfo, 'keyboard-note-added');

    // Escape closes the previewer and gives the focus back to the file it was opened from (dialog focus return).
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('previewer-frame')).toHaveCount(0);
    await expect(file).toBeFocused();
  } finally {
    // The notes journey (notes-scorm-exam) counts student1's notes on this PDF: this one goes.
    await page.request.fetch(`/api/notes/${note.id}`, { method: 'DELETE' });
  }
});

/** A course of the instructor's with one published module, and student3 enrolled by its access code (setup through the API). */
async function courseWithStudent(browser: Browser, stamp: string) {
  const teacher = await (await browser.newContext()).newPage();
  await signedIn(teacher, 'instructor');
  const course = await api(teacher.request, 'POST', '/api/course', { name: `Keyboard ${stamp}`, course_code: `KB${stamp}`.slice(0, 20) });
  let { access_code: code } = await api<{ access_code: string | null }>(teacher.request, 'GET', `/api/course/${course.id}/access_code`);
  if (!code) ({ access_code: code } = await api<{ access_code: string }>(teacher.request, 'PUT', `/api/course/${course.id}/access_code`, {}));
  const module = await api(teacher.request, 'POST', `/api/courses/${course.id}/modules`, { title: 'Week 1' });
  await api(teacher.request, 'PUT', `/api/modules/${module.id}/publish`, { published: true });
  const student = await (await browser.newContext()).newPage();
  await signInByKeyboard(student, 'student3');
  await api(student.request, 'POST', `/api/course/join/${code}`);
  /** A published activity of the module. */
  const activity = async (type: string, title: string, data: object = {}) => {
    const made = await api(teacher.request, 'POST', `/api/courses/${course.id}/activities`, { module_id: module.id, type, title, data });
    await api(teacher.request, 'PUT', `/api/activities/${made.id}/publish`, { published: true });
    return made.id;
  };
  const remove = () => teacher.request.fetch(`/api/courses/${course.id}`, { method: 'DELETE' });
  return { teacher, student, courseId: course.id, activity, remove };
}

/** On the course's content page, reaches the activity titled `title` with Tab and opens it with Enter. */
async function openActivityByKeyboard(page: Page, courseId: number, title: string) {
  await page.goto(`/course/${courseId}/content`);
  const row = page.getByTestId('content-activity').filter({ hasText: title });
  await tabTo(
    page,
    row
      .getByRole('button', { name: title, exact: true })
      .or(row.getByRole('link', { name: title, exact: true }))
      .first(),
  );
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('activity-title')).toHaveText(title);
}

test('keyboard only: a student takes an exam and submits it', async ({ browser }, testInfo) => {
  test.setTimeout(300_000);
  const { teacher, student, courseId, activity, remove } = await courseWithStudent(browser, Date.now().toString(36));
  try {
    const examId = await activity('exam', 'Keyboard quiz', { max_attempts: 1 });
    await api(teacher.request, 'POST', `/api/exams/${examId}/subjects`, {
      type: 'single_selection',
      description: 'Which planet is called the red planet?',
      score: 1,
      options: [
        { content: 'Venus', is_answer: false },
        { content: 'Mars', is_answer: true },
      ],
    });
    await api(teacher.request, 'POST', `/api/exams/${examId}/subjects`, {
      type: 'true_or_false',
      description: 'Water boils at 100 °C at sea level.',
      score: 1,
      answer: true,
    });

    await openActivityByKeyboard(student, courseId, 'Keyboard quiz');
    await tabTo(student, student.getByTestId('exam-start').getByRole('button', { name: 'Start the attempt' }));
    await student.keyboard.press('Enter');
    const attempt = student.getByTestId('exam-attempt');
    await expect(attempt).toBeVisible();
    // A radio group is one stop of the Tab order: Tab enters it on its first option, the arrow keys choose.
    const subject = (text: string) => attempt.getByTestId('attempt-subject').filter({ hasText: text });
    await tabTo(student, subject('red planet').getByRole('radio', { name: 'Venus' }));
    await student.keyboard.press('ArrowDown');
    await expect(subject('red planet').getByRole('radio', { name: 'Mars' })).toBeChecked();
    await tabTo(student, subject('Water boils').getByRole('radio').first());
    await student.keyboard.press('Space');
    await expect(subject('Water boils').getByRole('radio', { name: 'True' })).toBeChecked();
    await expect(student.getByText(/All answers saved/)).toBeVisible();
    await step(student, testInfo, 'keyboard-exam-answered');

    await tabTo(student, attempt.getByRole('button', { name: 'Submit' }).last());
    await student.keyboard.press('Enter');
    const confirm = student.getByRole('dialog').filter({ hasText: 'Submit this attempt?' });
    await expect(confirm).toContainText('Every question is answered.');
    await tabTo(student, confirm.getByRole('button', { name: 'Submit' }), { max: 10 });
    await student.keyboard.press('Enter');
    await expect(student.getByTestId('exam-result')).toBeVisible();
    await step(student, testInfo, 'keyboard-exam-submitted');
  } finally {
    await remove();
  }
});

test('keyboard only: a student hands in homework (the file chosen in the system dialog the upload button opens)', async ({ browser }, testInfo) => {
  test.setTimeout(300_000);
  const { student, courseId, activity, remove } = await courseWithStudent(browser, Date.now().toString(36));
  try {
    await activity('homework', 'Keyboard homework');
    await openActivityByKeyboard(student, courseId, 'Keyboard homework');
    await expect(student.getByTestId('homework-state')).toHaveText('Not handed in');
    const form = student.getByTestId('homework-form');
    // Enter on the upload control opens the system's file dialog (itself keyboard-operated); the test answers it.
    await tabTo(student, form.getByRole('button', { name: 'Upload file' }));
    const chooser = student.waitForEvent('filechooser');
    await student.keyboard.press('Enter');
    await (await chooser).setFiles(fixturePath('pdf/pdfjs__tracemonkey.pdf'));
    await expect(form.getByTestId('homework-file').filter({ hasText: 'pdfjs__tracemonkey.pdf' })).toBeVisible();
    await tabTo(student, form.getByRole('button', { name: 'Hand in' }));
    await student.keyboard.press('Enter');
    const confirm = student.getByRole('dialog').filter({ hasText: 'Hand in your homework?' });
    await expect(confirm).toBeVisible();
    await tabTo(student, confirm.getByRole('button', { name: 'Hand in' }), { max: 10 });
    await student.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(student.getByTestId('homework-state')).toContainText('Handed in');
    await step(student, testInfo, 'keyboard-homework-handed-in');
  } finally {
    await remove();
  }
});

test('keyboard only: an instructor creates a calendar event', async ({ page }, testInfo) => {
  await signInByKeyboard(page, 'instructor');
  await page.goto('/user/calendar');
  await expect(page.getByRole('heading', { name: 'Calendar' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'New event' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const title = `Typed event ${Date.now().toString(36)}`;
  await tabTo(page, dialog.getByLabel('Title'), { max: 10 });
  await page.keyboard.type(title);
  await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/calendar-events') && r.request().method() === 'POST');
  await page.keyboard.press('Enter');
  const response = await saved;
  expect(response.ok(), await response.text()).toBe(true);
  const created = ((await response.json()) as { calendar_event: { id: number; title: string } }).calendar_event;
  expect(created.title).toBe(title);
  await expect(dialog).toBeHidden();
  // The focus is back on the button that opened the dialog.
  await expect(page.getByRole('button', { name: 'New event' })).toBeFocused();
  await step(page, testInfo, 'keyboard-calendar-event');
  await page.request.fetch(`/api/calendar-events/${created.id}`, { method: 'DELETE' });
});
