import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, fixturePath, signIn, step, test } from './helpers.js';

/** A folder of real fixtures, one nested level, an empty file and a .DS_Store, as a user would pick it. */
function mixedFolder(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'atrium-folder-'));
  const folder = path.join(root, 'Week 3 materials');
  mkdirSync(path.join(folder, 'media'), { recursive: true });
  copyFileSync(fixturePath('pdf/moodlecore__submission.pdf'), path.join(folder, 'submission.pdf'));
  copyFileSync(fixturePath('office/pythonpptx__test.pptx'), path.join(folder, 'slides.pptx'));
  copyFileSync(fixturePath('images/filetype__fixture.png'), path.join(folder, 'diagram.png'));
  copyFileSync(fixturePath('video/pythonpptx__just-two-mice.mp4'), path.join(folder, 'media', 'two-mice.mp4'));
  copyFileSync(fixturePath('audio/howler__sound2.mp3'), path.join(folder, 'media', 'sound.mp3'));
  writeFileSync(path.join(folder, 'empty-notes.txt'), '');
  writeFileSync(path.join(folder, '.DS_Store'), Buffer.from([0, 0, 0, 1, 66, 117, 100, 49]));
  return folder;
}

/**
 * Issue 4 journey: an instructor uploads a folder of mixed real files; the
 * not-supported popup lists the empty file (the .DS_Store is ignored without a
 * word); the instructor continues, progress shows, and every other file is
 * transcoded, converted or inspected until the course file list says ready.
 */
test('instructor uploads a folder of mixed files; empty file set aside; the rest become ready', async ({ page }, testInfo) => {
  const folder = mixedFolder();
  await page.goto('/login');
  await signIn(page, 'instructor');
  await expect(page).toHaveURL(/\/user\/index$/);
  await page.goto('/course/1');
  await expect(page.getByRole('button', { name: 'Upload folder' })).toBeVisible();
  await step(page, testInfo, 'course-before-folder');

  await page.getByTestId('upload-folder-input').setInputFiles(folder);
  const popup = page.getByRole('dialog', { name: 'Some files cannot be uploaded' });
  await expect(popup).toBeVisible();
  const setAside = popup.getByTestId('upload-not-supported-item');
  await expect(setAside).toHaveCount(1);
  await expect(setAside.first()).toContainText('Week 3 materials/empty-notes.txt');
  await expect(setAside.first()).toContainText('The file is empty (0 bytes).');
  await expect(popup).not.toContainText('.DS_Store');
  await step(page, testInfo, 'not-supported-popup');
  await popup.getByRole('button', { name: 'Upload the other 5 files' }).click();

  await expect(page.getByTestId('upload-overall-progress')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Upload progress of two-mice.mp4' })).toBeVisible();
  await step(page, testInfo, 'uploading');
  await expect(page.getByTestId('upload-item').and(page.locator('[data-status="finished"]'))).toHaveCount(5, { timeout: 60_000 });

  const names = ['submission.pdf', 'slides.pptx', 'diagram.png', 'two-mice.mp4', 'sound.mp3'];
  for (const name of names) {
    // Anchored: CS101's seeded video 'pythonpptx__just-two-mice.mp4' also contains 'two-mice.mp4'.
    const row = page.getByTestId('course-file').filter({ hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
    await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
  }
  await expect(page.getByTestId('course-file').filter({ hasText: 'empty-notes.txt' })).toHaveCount(0);
  await expect(page.getByTestId('course-file').filter({ hasText: '.DS_Store' })).toHaveCount(0);
  await expect(page.getByTestId('upload-overall-progress')).toContainText('100%');
  await step(page, testInfo, 'all-ready');
});
