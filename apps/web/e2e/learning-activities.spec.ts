import { type Page } from '@playwright/test';
import { expect, fixturePath, joinCourseByCode, readAccessCode, signIn, step, test } from './helpers.js';

/** Opens the "Add activity" popup of a module, fills type and title, and answers the dialog. */
async function startActivity(page: Page, moduleTitle: string, typeLabel: string | null, title: string) {
  await page.getByTestId('content-module').filter({ hasText: moduleTitle }).getByRole('button', { name: 'Add activity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add activity' });
  await expect(dialog).toBeVisible();
  if (typeLabel) {
    await dialog.getByLabel('Activity type').click();
    await page.keyboard.type(typeLabel);
    await page.keyboard.press('Enter');
  }
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  return dialog;
}

async function saveActivity(page: Page, dialog: ReturnType<Page['getByRole']>, title: string) {
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('content-activity').filter({ hasText: title })).toBeVisible();
}

/**
 * Issue 7 journey: an instructor builds a module with a page (rich text and a
 * formula), a PDF material and a video, publishes it in checkpoint mode; a
 * student cannot open the second activity before finishing the first, studies
 * all three and sees the completion popup once.
 */
test('instructor builds a module; a checkpoint student studies it in order and sees the completion popup once', async ({ browser }, testInfo) => {
  // The student reads all 14 pages of the PDF (each page on screen is reported): more than the default two minutes.
  test.setTimeout(480_000);
  const courseName = `Week one ${Date.now().toString(36)}`;
  const teacher = await (await browser.newContext()).newPage();
  await teacher.goto('/login');
  await signIn(teacher, 'instructor');
  await expect(teacher).toHaveURL(/\/user\/index$/);
  const created = await teacher.request.post('/api/course', {
    data: { name: courseName, course_code: 'LA101', academic_year: '2026-2027', semester: 'Autumn' },
  });
  expect(created.ok()).toBe(true);
  const courseId = ((await created.json()) as { id: number }).id;
  const courseUrl = `/course/${courseId}`;

  await teacher.goto(`${courseUrl}/content`);
  await expect(teacher.getByText('This course has no content yet. Add a module to start.')).toBeVisible();
  await step(teacher, testInfo, 'instructor-empty-content');

  await teacher.getByRole('combobox', { name: 'Learning mode' }).click();
  const modeSaved = teacher.waitForResponse((r) => r.url().endsWith(`/api/courses/${courseId}/learning-mode`) && r.request().method() === 'PUT');
  await teacher.locator('.ant-select-item-option[title="Checkpoint mode"]').click();
  expect((await modeSaved).ok()).toBe(true);
  await expect(teacher.getByTestId('learning-mode').getByTitle('Checkpoint mode')).toBeVisible();

  await teacher.getByRole('button', { name: 'Add module' }).click();
  const moduleDialog = teacher.getByRole('dialog', { name: 'Add module' });
  await moduleDialog.getByLabel('Module title').fill('Week 1');
  await moduleDialog.getByRole('button', { name: 'Save' }).click();
  await expect(teacher.getByTestId('content-module').filter({ hasText: 'Week 1' })).toBeVisible();

  // 1. A page with rich text and a formula.
  let dialog = await startActivity(teacher, 'Week 1', null, 'Welcome page');
  const editor = dialog.getByRole('textbox', { name: 'Page content' });
  await editor.click();
  await teacher.keyboard.type('Welcome to week 1. The area is ');
  await dialog.getByRole('button', { name: 'Insert formula' }).first().click();
  const formula = teacher.getByRole('dialog', { name: 'Formula editor' });
  await formula.getByRole('button', { name: 'Save' }).click();
  await expect(formula.getByRole('alert')).toHaveText('The formula is empty: replace the placeholder with LaTeX.');
  await formula.getByLabel('LaTeX source').fill('\\pi r^2');
  await expect(formula.getByTestId('formula-preview').locator('.katex')).toBeVisible();
  await step(teacher, testInfo, 'instructor-formula-popup');
  await formula.getByRole('button', { name: 'Save' }).click();
  await expect(formula).toBeHidden();
  await expect(editor.locator('.formula .katex')).toBeVisible();
  await step(teacher, testInfo, 'instructor-page-activity');
  await saveActivity(teacher, dialog, 'Welcome page');

  // 2. A PDF material.
  dialog = await startActivity(teacher, 'Week 1', 'Material', 'Trace paper');
  await dialog.getByTestId('upload-input').setInputFiles(fixturePath('pdf/pdfjs__tracemonkey.pdf'));
  await expect(dialog.getByTestId('activity-upload').filter({ hasText: 'pdfjs__tracemonkey.pdf' })).toBeVisible();
  await step(teacher, testInfo, 'instructor-material-activity');
  await saveActivity(teacher, dialog, 'Trace paper');

  // 3. A video: an unsupported link is refused on the original-URL field, then the upload is used.
  dialog = await startActivity(teacher, 'Week 1', 'Online video', 'Two mice');
  await dialog.getByLabel('Original URL').fill('https://example.org/mice.mp4');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This is not a supported online video link.')).toBeVisible();
  await dialog.getByLabel('Original URL').fill('');
  await dialog.getByTestId('upload-input').setInputFiles(fixturePath('video/pythonpptx__just-two-mice.mp4'));
  await expect(dialog.getByTestId('activity-upload').filter({ hasText: 'pythonpptx__just-two-mice.mp4' })).toBeVisible();
  await saveActivity(teacher, dialog, 'Two mice');

  await teacher.getByRole('switch', { name: 'Publish module Week 1' }).click();
  await expect(teacher.getByRole('switch', { name: 'Publish module Week 1' })).toBeChecked();
  for (const title of ['Welcome page', 'Trace paper', 'Two mice']) {
    await teacher.getByRole('switch', { name: `Publish ${title}` }).click();
    await expect(teacher.getByRole('switch', { name: `Publish ${title}` })).toBeChecked();
  }
  const materialHref = await teacher.getByRole('link', { name: 'Trace paper' }).getAttribute('href');
  expect(materialHref).toMatch(/\/learning-activity#\/\d+$/);
  await step(teacher, testInfo, 'instructor-published-module');

  const accessCode = await readAccessCode(teacher);
  await teacher.context().close();

  const student = await joinCourseByCode(browser, 'student1', accessCode, courseName);

  await student.goto(`${courseUrl}/content`);
  await expect(student.getByTestId('content-activity')).toHaveCount(3);
  await expect(student.getByTestId('activity-locked')).toHaveCount(2);
  await expect(student.getByText('Checkpoint mode')).toBeVisible();
  await step(student, testInfo, 'student-content-checkpoint');

  // The second activity is locked: from the list, and straight by its address (the server refuses it).
  await student.getByRole('button', { name: 'Trace paper' }).click();
  const locked = student.getByRole('dialog', { name: 'This activity is locked' });
  await expect(locked).toBeVisible();
  await step(student, testInfo, 'student-locked-popup');
  await locked.getByRole('button', { name: 'OK' }).click();
  await student.goto(materialHref!);
  await expect(student.getByRole('dialog', { name: 'This activity is locked' })).toBeVisible();
  await student.getByRole('dialog', { name: 'This activity is locked' }).getByRole('button', { name: 'OK' }).click();

  // 1. The page.
  await student.goto(`${courseUrl}/content`);
  await student.getByRole('button', { name: 'Welcome page' }).click();
  await expect(student.getByTestId('page-content')).toContainText('Welcome to week 1');
  await expect(student.getByTestId('page-content').locator('.katex')).toBeVisible();
  await expect(student.getByTestId('activity-completed-tag')).toBeVisible();
  await step(student, testInfo, 'student-page-activity');

  // 2. The PDF, opened in the previewer.
  await student.getByRole('menuitem', { name: /Trace paper/ }).click();
  await expect(student.getByTestId('activity-title')).toHaveText('Trace paper');
  await student.getByRole('button', { name: 'pdfjs__tracemonkey.pdf' }).click();
  await expect(student.getByTestId('page-indicator')).toHaveText('Page 1 of 14');
  await expect(student.getByTestId('pdf-page-1')).toHaveAttribute('data-rendered', 'true');
  await step(student, testInfo, 'student-reads-pdf');
  // Opening is not reading: the previewer reports each page on screen, and a PDF completes with all of its pages.
  await student.getByTestId('pdf-page-2').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await expect(student.getByTestId('pdf-page-2')).toHaveAttribute('data-rendered', 'true');
  await student.keyboard.press('Escape');
  await expect(student.getByTestId('previewer-frame')).toHaveCount(0);
  await expect(student.getByTestId('activity-completed-tag')).toHaveCount(0);
  await student.getByRole('button', { name: 'pdfjs__tracemonkey.pdf' }).click();
  for (let pageNumber = 1; pageNumber <= 14; pageNumber++) {
    const pdfPage = student.getByTestId(`pdf-page-${pageNumber}`);
    await pdfPage.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await expect(pdfPage).toHaveAttribute('data-rendered', 'true');
  }
  await student.keyboard.press('Escape');
  await expect(student.getByTestId('activity-completed-tag')).toBeVisible();
  await expect(student.getByRole('dialog', { name: /Congratulations/ })).toHaveCount(0);

  // 3. The video.
  await student.getByRole('menuitem', { name: /Two mice/ }).click();
  await expect(student.getByTestId('activity-title')).toHaveText('Two mice');
  await student.getByRole('button', { name: 'pythonpptx__just-two-mice.mp4' }).click();
  await expect(student.getByTestId('previewer-frame')).toBeVisible();
  await student.keyboard.press('Escape');
  await expect(student.getByTestId('activity-completed-tag')).toBeVisible();

  const completed = student.getByRole('dialog').filter({ hasText: 'You have completed all the learning in this course.' });
  await expect(completed).toBeVisible();
  await expect(student.getByTestId('study-panel')).toContainText('100%');
  await step(student, testInfo, 'student-completion-popup');
  const acknowledged = student.waitForResponse(
    (r) => r.url().endsWith(`/api/courses/${courseId}/study-completeness/completion-popup`) && r.request().method() === 'PUT',
  );
  await completed.getByRole('button', { name: 'OK' }).click();
  await expect(completed).toBeHidden();
  expect((await acknowledged).ok()).toBe(true);

  // Once: not again after a reload.
  await student.reload();
  await expect(student.getByTestId('study-panel')).toContainText('100%');
  await expect(student.getByTestId('activity-title')).toHaveText('Two mice');
  await expect(student.getByRole('dialog').filter({ hasText: 'You have completed all the learning in this course.' })).toHaveCount(0);
  await student.goto(`${courseUrl}/content`);
  await expect(student.getByTestId('activity-completed')).toHaveCount(3);
  await step(student, testInfo, 'student-content-completed');

  // Once per learner, not per browser: a fresh browser (no local storage) does not show it either.
  const elsewhere = await (await browser.newContext()).newPage();
  await elsewhere.goto('/login');
  await signIn(elsewhere, 'student1');
  await expect(elsewhere).toHaveURL(/\/user\/index$/);
  await elsewhere.goto(`${courseUrl}/content`);
  await expect(elsewhere.getByTestId('study-panel')).toContainText('100%');
  await expect(elsewhere.getByTestId('activity-completed')).toHaveCount(3);
  await expect(elsewhere.getByRole('dialog').filter({ hasText: 'You have completed all the learning in this course.' })).toHaveCount(0);
  await elsewhere.context().close();
});
