import { type Page } from '@playwright/test';
import { expect, fixturePath, signIn, step, test } from './helpers.js';

/** The six files of the walk and what proves each one is really shown. */
const WALK = [
  { file: 'pdf/pdfjs__tracemonkey.pdf', kind: 'pdf' },
  { file: 'office/pythondocx__test.docx', kind: 'office' },
  { file: 'office/pythonpptx__test.pptx', kind: 'office' },
  { file: 'images/filetype__fixture.png', kind: 'image' },
  { file: 'video/pythonpptx__just-two-mice.mp4', kind: 'video' },
  { file: 'audio/howler__sound2.mp3', kind: 'audio' },
] as const;

const nameOf = (file: string) => file.split('/').pop()!;

async function expectShown(page: Page, kind: string) {
  const frame = page.getByTestId('previewer-frame');
  await expect(frame).toHaveAttribute('data-kind', kind);
  if (kind === 'pdf' || kind === 'office') {
    await expect(page.getByTestId('page-indicator')).toHaveText(/^Page 1 of \d+$/, { timeout: 30_000 });
    await expect(page.getByTestId('pdf-page-1')).toHaveAttribute('data-rendered', 'true', { timeout: 30_000 });
  } else if (kind === 'image') {
    await expect(page.getByTestId('image-preview')).toBeVisible();
  } else if (kind === 'video') {
    const video = page.locator('[data-testid="video-player"] video');
    await expect(video).toHaveCount(1);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  } else if (kind === 'audio') {
    await expect(page.getByTestId('audio-player')).toBeVisible();
    await expect(page.getByTestId('audio-volume')).toHaveText('60');
  }
}

/**
 * Issue 5 journey: an instructor uploads a PDF, a docx, a pptx, an image, a
 * video and an audio into a course; once processed, the previewer walks all six
 * with → (each shown by its own viewer or player) and wraps around at both ends.
 */
test('the previewer walks PDF, Office, image, video and audio with the arrow keys and wraps', async ({ page }, testInfo) => {
  test.setTimeout(600_000);
  await page.goto('/login');
  await signIn(page, 'instructor');
  await expect(page).toHaveURL(/\/user\/index$/);
  await page.goto('/user/courses');
  await page.getByRole('button', { name: 'New course' }).click();
  const dialog = page.getByRole('dialog', { name: 'New course' });
  await dialog.getByLabel('Course name').fill(`Media walk ${Date.now().toString(36)}`);
  await dialog.getByLabel('Course code').fill('MW100');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/course\/\d+$/);

  await page.getByTestId('upload-input').setInputFiles(WALK.map((w) => fixturePath(w.file)));
  for (const w of WALK) {
    const row = page.getByTestId('course-file').filter({ hasText: nameOf(w.file) });
    await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 180_000 });
  }
  await step(page, testInfo, 'six-files-ready');

  const listed = await page.getByTestId('course-file').evaluateAll((rows) => rows.map((row) => row.querySelector('button')?.textContent ?? ''));
  const kindOf = (name: string) => WALK.find((w) => nameOf(w.file) === name)!.kind;
  await page.getByTestId('course-file').first().getByRole('button').first().click();
  const shown = page.getByTestId('previewer-file-name');
  await expect(shown).toHaveText(listed[0]!);
  await expectShown(page, kindOf(listed[0]!));
  await step(page, testInfo, `walk-1-${kindOf(listed[0]!)}`);

  for (let i = 1; i < listed.length; i += 1) {
    await page.keyboard.press('ArrowRight');
    await expect(shown).toHaveText(listed[i]!);
    await expect(page.getByTestId('previewer-position')).toHaveText(`${i + 1} / ${listed.length}`);
    await expectShown(page, kindOf(listed[i]!));
    await step(page, testInfo, `walk-${i + 1}-${kindOf(listed[i]!)}`);
  }
  // → on the last file wraps to the first, ← on the first back to the last.
  await page.keyboard.press('ArrowRight');
  await expect(shown).toHaveText(listed[0]!);
  await page.keyboard.press('ArrowLeft');
  await expect(shown).toHaveText(listed.at(-1)!);
  await step(page, testInfo, 'wrapped-back-to-last');
  expect(new Set(listed)).toEqual(new Set(WALK.map((w) => nameOf(w.file))));

  // Our own embedded viewer (spec §2 /note-bene/pdf-viewer?file=) shows the same PDF full window.
  const pdfId = await page.getByTestId('course-file').filter({ hasText: 'pdfjs__tracemonkey.pdf' }).getAttribute('data-upload-id');
  await page.goto(`/note-bene/pdf-viewer?file=${encodeURIComponent(`/api/uploads/${pdfId}/blob?preview=true`)}`);
  await expect(page.getByTestId('embedded-pdf-viewer')).toBeVisible();
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 of 14');
  await expect(page.getByTestId('pdf-page-1')).toHaveAttribute('data-rendered', 'true');
  await step(page, testInfo, 'embedded-pdf-viewer');
  await page.goto('/note-bene/pdf-viewer?file=https%3A%2F%2Fevil.example%2Fx.pdf');
  await expect(page.getByText('No file was given to show.')).toBeVisible();
});
