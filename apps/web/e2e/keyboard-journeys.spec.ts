import type { Locator, Page } from '@playwright/test';
import { api, DEMO_PASSWORD, expect, signedIn, step, test } from './helpers.js';

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
 * Presses Tab (or Shift+Tab) until `target` (or an element inside it) has the focus, at most `max` times;
 * fails naming what had the focus last. Then checks a focus indicator is drawn: an outline or a box shadow
 * (antd's focus ring) on the element or the wrapper around it.
 */
async function tabTo(page: Page, target: Locator, { max = 60, backwards = false } = {}): Promise<void> {
  const handle = await target.elementHandle();
  expect(handle, 'the control to reach is on the page').not.toBeNull();
  let last = '';
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
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
  await page.keyboard.press('Enter');
  await expect(box.getByTestId('note-item').filter({ hasText: text })).toHaveCount(1);
  await step(page, testInfo, 'keyboard-note-added');

  // Escape closes the previewer and gives the focus back to the file it was opened from (dialog focus return).
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('previewer-frame')).toHaveCount(0);
  await expect(file).toBeFocused();
});
