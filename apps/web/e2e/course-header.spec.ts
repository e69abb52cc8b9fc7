import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { decodeQuotedPrintable, expect, signIn, step, test } from './helpers.js';

const mailDir = process.env.ATRIUM_E2E_MAIL_DIR!;

/** The e-mails the real SMTP server received for `address`, decoded. */
function mailsTo(address: string): string[] {
  return readdirSync(mailDir)
    .filter((f) => f.includes(address))
    .sort()
    .map((f) => decodeQuotedPrintable(readFileSync(path.join(mailDir, f), 'utf8')));
}

async function openCourse(page: Page, title: string): Promise<void> {
  await page.goto('/user/courses');
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByTestId('course-title')).toHaveText(title);
  await expect(page.getByTestId('course-header-controls')).toBeVisible();
}

/**
 * Issue 3 journey: an instructor invites student2 to Linear Algebra by e-mail; the
 * invitation e-mail lands in a real SMTP server; student2 follows its link, signs
 * in, confirms the invitation and lands on the course content.
 */
test('instructor invites student2 by e-mail; student2 confirms and lands on the course content', async ({ browser }, testInfo) => {
  const teacher = await (await browser.newContext()).newPage();
  await teacher.goto('/login');
  await signIn(teacher, 'instructor');
  await expect(teacher).toHaveURL(/\/user\/index$/);
  await openCourse(teacher, 'Linear Algebra');
  await teacher.getByRole('button', { name: 'Invite' }).click();
  const dialog = teacher.getByRole('dialog', { name: 'Invite users to the course' });
  await expect(dialog.getByText('Student', { exact: true })).toBeVisible();
  await dialog.getByLabel('E-mail addresses').fill(' student2@demo.atrium.invalid ');
  await step(teacher, testInfo, 'instructor-invites-student2');
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await expect(teacher.getByText('1 invitation sent')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect.poll(() => mailsTo('student2@demo.atrium.invalid').length, { timeout: 30_000 }).toBeGreaterThan(0);
  const mail = mailsTo('student2@demo.atrium.invalid').at(-1)!;
  expect(mail).toContain('Ivan Instructor invited you to join Linear Algebra');
  const link = /http:\/\/127\.0\.0\.1:\d+\/user\/index\?invite_id=\d+/.exec(mail)?.[0];
  expect(link).toBeTruthy();

  const student = await (await browser.newContext()).newPage();
  await student.goto(link!);
  await expect(student).toHaveURL(/\/login\?next=/);
  await signIn(student, 'student2');
  const confirm = student.getByRole('dialog', { name: 'Course invitation' });
  await expect(confirm).toContainText('Ivan Instructor invited you to join Linear Algebra as Student.');
  await step(student, testInfo, 'student2-invite-confirmation');
  await confirm.getByRole('button', { name: 'Join the course' }).click();
  await expect(student).toHaveURL(/\/course\/\d+\/content$/);
  await expect(student.getByTestId('course-title')).toHaveText('Linear Algebra');
  await expect(student.getByTestId('study-panel')).toBeVisible();
  await expect(student.getByRole('heading', { name: 'Content', level: 2 })).toBeVisible();
  await step(student, testInfo, 'student2-course-content');
});

/**
 * Issue 3 journey: an instructor publishes the draft Classical Mechanics, then tries
 * to unpublish CS101, where students have begun studying, and sees the server's message.
 */
test('instructor publishes a course; unpublishing a course with progress shows the server message', async ({ page }, testInfo) => {
  await page.goto('/login');
  await signIn(page, 'instructor');
  await expect(page).toHaveURL(/\/user\/index$/);
  await openCourse(page, 'Classical Mechanics');
  const toggle = page.getByTestId('publish-switch');
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  const publish = page.getByRole('dialog', { name: 'Publish this course?' });
  await step(page, testInfo, 'publish-confirmation');
  await publish.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('The course is published.')).toBeVisible();
  await expect(toggle).toBeChecked();

  await openCourse(page, 'Introduction to Programming Languages');
  const cs101 = page.getByTestId('publish-switch');
  await expect(cs101).toBeChecked();
  await cs101.click();
  await expect(page.getByText('Students have started studying this course, so it can no longer be unpublished')).toBeVisible();
  await step(page, testInfo, 'unpublish-refused');
  await expect(cs101).toBeChecked();
  await page.reload();
  await expect(page.getByTestId('publish-switch')).toBeChecked();
});

/** Issue 3 journey: switching CS101 (which has an assistant) to lite fails validation: the message shows and nothing changes. */
test('a lite switch that fails validation shows the message and changes nothing', async ({ page }, testInfo) => {
  await page.goto('/login');
  await signIn(page, 'instructor');
  await expect(page).toHaveURL(/\/user\/index$/);
  await openCourse(page, 'Introduction to Programming Languages');
  await page.getByRole('button', { name: 'Switch to lite course' }).click();
  await expect(page.getByText('A lite course has no instructor assistants; remove them from the course first')).toBeVisible();
  await step(page, testInfo, 'lite-refused');
  await expect(page.getByRole('dialog', { name: 'Switch to a lite course?' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Switch to lite course' })).toBeVisible();
  await expect(page.getByText('Lite course', { exact: true })).toHaveCount(0);
});

/** Issue 3: the admin finds a course in the management list by keyword, and marks it reviewed in the audit list. */
test('admin filters the management course list and reviews a course', async ({ page }, testInfo) => {
  await page.goto('/login');
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/user\/index$/);
  await page.goto('/management/course');
  await expect(page.getByRole('heading', { name: 'Course management' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Course name or code' }).fill('linear');
  await page.getByRole('searchbox', { name: 'Course name or code' }).press('Enter');
  await expect(page.getByRole('link', { name: 'Linear Algebra' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Introduction to Programming Languages' })).toHaveCount(0);
  await step(page, testInfo, 'management-list-filtered');

  await page.goto('/management/course/audit');
  const row = page.getByRole('row', { name: /Linear Algebra/ });
  await row.getByRole('switch', { name: 'Reviewed' }).click();
  await expect(page.getByRole('row', { name: /Linear Algebra/ })).toHaveCount(0);
  await page.getByText('Reviewed', { exact: true }).first().click();
  await expect(page.getByRole('row', { name: /Linear Algebra/ })).toBeVisible();
  await step(page, testInfo, 'audit-reviewed');
});
