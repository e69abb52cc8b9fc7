import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { api, closePreviewer, expect, fixturePath, openActivity, openFile, signedIn, step, test } from './helpers.js';

// Issue 19 journey: an instructor uploads a folder to the library, shares it to a resource group;
// a colleague opens it from the shared view and uses one of its files, by reference, in an activity
// of their own course; the instructor sees who opened and reused it.

test('a folder from the library shared to a resource group; a colleague opens it and uses a file in their course', async ({ browser }, testInfo) => {
  test.setTimeout(480_000);
  const stamp = Date.now().toString(36);
  const groupName = `Physics team ${stamp}`;
  const folderName = `Unit 3 ${stamp}`;
  // The folder the instructor picks on disk: two real files.
  const onDisk = testInfo.outputPath(folderName);
  mkdirSync(onDisk, { recursive: true });
  copyFileSync(fixturePath('pdf/pdfjs__tracemonkey.pdf'), join(onDisk, 'tracemonkey.pdf'));
  copyFileSync(fixturePath('office/pythondocx__test.docx'), join(onDisk, 'worksheet.docx'));

  const teacher = await (await browser.newContext()).newPage();
  await signedIn(teacher, 'instructor');
  const me = await api<{ id: number }>(teacher.request, 'GET', '/api/user');

  // 1. A resource group with a colleague in it.
  await teacher.goto('/user/resource-groups');
  await teacher.getByLabel('New group name').fill(groupName);
  await teacher.getByRole('button', { name: 'Create' }).click();
  // The new group is listed (and may open at once, its name then also heading the members card).
  await teacher.getByRole('link', { name: groupName, exact: true }).click();
  await expect(teacher).toHaveURL(/#\/\d+\/members$/);
  await teacher.getByLabel('User name of a teacher').fill('admin');
  await teacher.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(teacher.getByRole('cell', { name: 'Ada Admin (admin)' })).toBeVisible();
  await step(teacher, testInfo, 'instructor-resource-group');

  // 2. A folder from disk uploaded to the library: it arrives as a library folder holding its files.
  await teacher.goto('/user/library');
  await teacher.getByTestId('upload-folder-input').setInputFiles(onDisk);
  await teacher.getByRole('button', { name: `Open ${folderName}` }).click({ timeout: 120_000 });
  await expect(teacher.getByTestId('library-breadcrumbs')).toContainText(folderName);
  const rows = teacher.getByTestId('library-row');
  await expect(rows.filter({ hasText: 'tracemonkey.pdf' })).toBeVisible({ timeout: 120_000 });
  await expect(rows.filter({ hasText: 'worksheet.docx' })).toBeVisible({ timeout: 120_000 });
  await expect(rows).toHaveCount(2);
  await step(teacher, testInfo, 'instructor-library-folder');

  // 3. Share the folder to the group.
  await teacher.getByTestId('library-breadcrumbs').getByText('My library').click();
  await teacher.getByRole('button', { name: `Actions for ${folderName}` }).click();
  await teacher.getByRole('menuitem', { name: 'Share' }).click();
  const share = teacher.getByRole('dialog', { name: `Share “${folderName}”` });
  // The group is chosen once the Share button is enabled: a click that lands while the list is still
  // opening (or its groups still loading) is not a choice, so open and choose until it is.
  const shareButton = share.getByRole('button', { name: 'Share', exact: true });
  const option = teacher.locator(`.ant-select-item-option[title="${groupName}"]`);
  await expect(async () => {
    if (!(await option.isVisible())) await share.getByRole('combobox', { name: 'A resource group' }).click();
    await option.click({ timeout: 5000 });
    await expect(shareButton).toBeEnabled({ timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await shareButton.click();
  await expect(share.getByRole('listitem').filter({ hasText: groupName })).toBeVisible();
  await step(teacher, testInfo, 'instructor-shared-folder');
  await share.getByRole('button', { name: 'Close' }).first().click();

  // 4. The colleague finds it under "Shared with me" and opens the PDF.
  const colleague = await (await browser.newContext()).newPage();
  await signedIn(colleague, 'admin');
  await colleague.goto('/user/resource-groups');
  await colleague.getByRole('tab', { name: 'Shared with me' }).click();
  await colleague.getByRole('link', { name: folderName }).click();
  await expect(colleague).toHaveURL(/\/vtrs\/\d+$/);
  await expect(colleague.getByText('worksheet.docx')).toBeVisible();
  await colleague.getByText('tracemonkey.pdf').click();
  await expect(colleague.getByTestId('page-indicator')).toHaveText('Page 1 of 14', { timeout: 60_000 });
  await step(colleague, testInfo, 'colleague-opens-shared-pdf');
  await closePreviewer(colleague);

  // 5. …and uses it in a material of their own course, by reference.
  const course = await api(colleague.request, 'POST', '/api/course', { name: `Shared material ${stamp}`, course_code: `SM${stamp}`.slice(0, 20) });
  try {
    await api(colleague.request, 'POST', `/api/courses/${course.id}/modules`, { title: 'Week 1' });
    await colleague.goto(`/course/${course.id}/content`);
    await colleague.getByTestId('content-module').filter({ hasText: 'Week 1' }).getByRole('button', { name: 'Add activity' }).click();
    const dialog = colleague.getByRole('dialog', { name: 'Add activity' });
    await dialog.getByLabel('Activity type').click();
    await colleague.keyboard.type('Material');
    await colleague.keyboard.press('Enter');
    await dialog.getByLabel('Title', { exact: true }).fill('Tracing paper');
    await dialog.getByRole('button', { name: 'From my library' }).click();
    const picker = colleague.getByRole('dialog', { name: 'Add files from my library' });
    await picker.getByText('Shared with me').click();
    await picker.getByRole('button', { name: folderName }).click();
    await picker.getByRole('checkbox', { name: 'Choose tracemonkey.pdf' }).check();
    await step(colleague, testInfo, 'colleague-picks-shared-file');
    await picker.getByRole('button', { name: 'Add 1 file' }).click();
    await expect(dialog.getByTestId('activity-upload').filter({ hasText: 'tracemonkey.pdf' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(colleague.getByTestId('content-activity').filter({ hasText: 'Tracing paper' })).toBeVisible();
    await step(colleague, testInfo, 'colleague-material-saved');

    // The activity holds the shared file itself (no copy) and opens it in the previewer.
    await openActivity(colleague, 'Tracing paper');
    await openFile(colleague, 'tracemonkey.pdf');
    await expect(colleague.getByTestId('page-indicator')).toHaveText('Page 1 of 14', { timeout: 60_000 });
    await closePreviewer(colleague);

    // 6. The instructor sees who opened and who reused the file.
    await teacher.goto(`/shared-resource/user/${me.id}/track-user-resource`);
    const opened = teacher.getByRole('row').filter({ hasText: 'Ada Admin' }).filter({ hasText: 'Opened' });
    const reused = teacher.getByRole('row').filter({ hasText: 'Ada Admin' }).filter({ hasText: 'Reused' });
    await expect(opened.filter({ hasText: 'tracemonkey.pdf' })).toBeVisible();
    await expect(reused.filter({ hasText: 'tracemonkey.pdf' })).toBeVisible();
    await step(teacher, testInfo, 'instructor-tracking');
  } finally {
    await colleague.request.delete(`/api/courses/${course.id}`).catch(() => undefined);
  }
});
