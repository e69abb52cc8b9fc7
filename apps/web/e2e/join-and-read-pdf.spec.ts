import { expect, fixturePath, inkedPixels, signIn, step, test } from './helpers.js';

/**
 * Issue 2 journey: an instructor creates a course, uploads a real PDF and reads
 * the access code; a student joins with it through the popup and reads page 1 of 14.
 */
test('instructor shares a PDF by access code; student joins and reads it', async ({ browser }, testInfo) => {
  const courseName = `Trace compilation ${Date.now().toString(36)}`;
  const instructorContext = await browser.newContext();
  const teacher = await instructorContext.newPage();

  await teacher.goto('/login');
  await expect(teacher.getByLabel('User name')).toBeVisible();
  await step(teacher, testInfo, 'instructor-login');
  await signIn(teacher, 'instructor');
  await expect(teacher).toHaveURL(/\/user\/index$/);
  await expect(teacher.getByText('Welcome, Ivan Instructor')).toBeVisible();
  // The home page lists the six most recently used courses: earlier journeys' courses may have pushed the
  // demo course off it, so only the list and its way to every course are expected here.
  await expect(teacher.getByRole('link', { name: 'All my courses' })).toBeVisible();
  await step(teacher, testInfo, 'instructor-home');

  await teacher.goto('/user/courses');
  await teacher.getByRole('button', { name: 'New course' }).click();
  const dialog = teacher.getByRole('dialog', { name: 'New course' });
  await dialog.getByLabel('Course name').fill(courseName);
  await dialog.getByLabel('Course code').fill('CS330');
  await dialog.getByLabel('Academic year').fill('2026-2027');
  await dialog.getByLabel('Semester').fill('Autumn');
  await step(teacher, testInfo, 'instructor-new-course');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(teacher).toHaveURL(/\/course\/\d+$/);
  await expect(teacher.getByTestId('course-title')).toHaveText(courseName);
  const courseUrl = new URL(teacher.url()).pathname;

  await teacher.getByTestId('upload-input').setInputFiles(fixturePath('pdf/pdfjs__tracemonkey.pdf'));
  await expect(teacher.getByTestId('course-file').filter({ hasText: 'pdfjs__tracemonkey.pdf' })).toBeVisible();
  await step(teacher, testInfo, 'instructor-uploaded-pdf');

  await teacher.getByRole('button', { name: 'Access code' }).click();
  const codeElement = teacher.getByTestId('access-code');
  await expect(codeElement).toHaveText(/^[0-9A-Z]{7,}$/);
  const accessCode = (await codeElement.textContent())!.trim();
  await step(teacher, testInfo, 'instructor-access-code');
  await instructorContext.close();

  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await student.goto('/login');
  await signIn(student, 'student1');
  await expect(student).toHaveURL(/\/user\/index$/);
  await student.getByRole('button', { name: 'Join a course' }).first().click();
  const join = student.getByRole('dialog', { name: 'Join a course' });
  await join.getByLabel('Access code').fill('abc');
  await join.getByRole('button', { name: 'Join' }).click();
  await expect(join.getByText('An access code has at least 7 characters')).toBeVisible();
  await step(student, testInfo, 'student-join-invalid-code');
  await join.getByLabel('Access code').fill(accessCode);
  await step(student, testInfo, 'student-join-popup');
  await join.getByRole('button', { name: 'Join' }).click();
  await expect(student).toHaveURL(new RegExp(`${courseUrl}$`));
  await expect(student.getByTestId('course-title')).toHaveText(courseName);
  await expect(student.getByTestId('course-file')).toHaveCount(1);
  await step(student, testInfo, 'student-in-course');

  await student.getByTestId('course-file').filter({ hasText: 'pdfjs__tracemonkey.pdf' }).getByText('pdfjs__tracemonkey.pdf').click();
  await expect(student.getByTestId('page-indicator')).toHaveText('Page 1 of 14', { timeout: 90_000 });
  const page1 = student.getByTestId('pdf-page-1');
  await expect(page1).toHaveAttribute('data-rendered', 'true', { timeout: 90_000 });
  await expect(page1.locator('.textLayer')).toContainText('Trace-based Just-in-Time Type Specialization');
  expect(await inkedPixels(student, '[data-testid="pdf-page-1"] canvas')).toBeGreaterThan(2000);
  await step(student, testInfo, 'student-reads-pdf-page-1');

  await student.getByRole('button', { name: 'Zoom in' }).click();
  await expect(student.getByTestId('zoom-level')).toHaveText('120%');
  await step(student, testInfo, 'student-zoomed-in');
  await studentContext.close();
});

test('an anonymous visit to a course goes to login and comes back after signing in', async ({ page }, testInfo) => {
  await page.goto('/course/1');
  await expect(page).toHaveURL(/\/login\?next=%2Fcourse%2F1$/);
  await expect(page.getByLabel('User name')).toBeVisible();
  await step(page, testInfo, 'anonymous-sent-to-login');
  await signIn(page, 'student2');
  await expect(page).toHaveURL(/\/course\/1$/);
  await expect(page.getByTestId('course-title')).toHaveText('Introduction to Programming Languages');
  await expect(page.getByTestId('course-file').filter({ hasText: 'pdfjs__tracemonkey.pdf' })).toBeVisible();
  await step(page, testInfo, 'back-on-the-course');
});
