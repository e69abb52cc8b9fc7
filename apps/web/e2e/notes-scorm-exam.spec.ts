import { type Page, type TestInfo } from '@playwright/test';
import { closePreviewer, expect, openActivity, openFile, signIn, step, test } from './helpers.js';

/** The demo course whose files sit in activities (demo seed: a material, a scorm and an exam activity). */
const MEDIA_COURSE = 'Media and notes';

async function openMediaCourse(page: Page, userName: string) {
  await page.goto('/login');
  await signIn(page, userName);
  await expect(page).toHaveURL(/\/user\/index$/);
  await page.goto('/user/courses');
  await page.getByRole('link', { name: MEDIA_COURSE }).first().click();
  await expect(page.getByTestId('course-title')).toHaveText(MEDIA_COURSE);
}

/** Waits on the course home page until the seeded files are processed. */
async function waitReady(page: Page, names: readonly string[]) {
  for (const name of names)
    await expect(page.getByTestId('course-file').filter({ hasText: name })).toHaveAttribute('data-status', 'ready', { timeout: 180_000 });
}

/**
 * Issue 5 journey: notes anchored on files reopen at their anchor — page 3 of
 * pdfjs__tracemonkey.pdf, second 2 of pythonpptx__just-two-mice.mp4.
 */
test('a note at page 3 of a PDF and at second 2 of a video reopen at their anchors', async ({ page, browser }, testInfo) => {
  test.setTimeout(600_000);
  await openMediaCourse(page, 'student1');
  await waitReady(page, ['pdfjs__tracemonkey.pdf', 'pythonpptx__just-two-mice.mp4']);
  await openActivity(page, 'Every kind of file');

  await openFile(page, 'pdfjs__tracemonkey.pdf');
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 of 14');
  await page.getByTestId('pdf-page-3').scrollIntoViewIfNeeded();
  await page.getByTestId('pdf-page-3').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 3 of 14');
  await page.getByRole('button', { name: 'Notes' }).click();
  const box = page.getByTestId('note-box');
  await expect(box).toBeVisible();
  expect((await box.boundingBox())!.width).toBeCloseTo(290, 0);
  await box.getByRole('button', { name: /Add note/ }).click();
  await expect(box.getByLabel('Page')).toHaveValue('3');
  await box.getByTestId('note-content-input').getByRole('textbox').fill('Trace trees start at loop headers <script>alert(1)</script>');
  await box.getByRole('button', { name: 'Save' }).click();
  await expect(box.getByTestId('note-item')).toHaveCount(1);
  await expect(box.getByTestId('note-anchor')).toHaveText('Page 3');
  await expect(box.locator('script')).toHaveCount(0);
  await step(page, testInfo, 'pdf-note-at-page-3');
  await closePreviewer(page);

  await openFile(page, 'pdfjs__tracemonkey.pdf');
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 1 of 14');
  await page.getByRole('button', { name: 'Notes' }).click();
  await page.getByTestId('note-anchor').filter({ hasText: 'Page 3' }).click();
  await expect(page.getByTestId('page-indicator')).toHaveText('Page 3 of 14');
  await expect(page.getByTestId('pdf-page-3')).toHaveAttribute('data-rendered', 'true');
  await step(page, testInfo, 'pdf-note-reopens-at-page-3');
  await closePreviewer(page);

  await openFile(page, 'pythonpptx__just-two-mice.mp4');
  const video = page.locator('[data-testid="video-player"] video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  // The activity refuses forward seeking: a jump past what was watched snaps back, and the server refuses it too.
  await expect(page.getByText('Skipping ahead is turned off for this video.')).toBeVisible();
  await expect(page.getByTestId('copyright-notice')).toHaveText('© Atrium demo — not for redistribution');
  await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = 6;
  });
  await expect(page.getByText('You cannot skip ahead past the part you have watched.')).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(1);
  await step(page, testInfo, 'video-forward-seek-refused');
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(2.5);
  await video.evaluate((v: HTMLVideoElement) => {
    v.pause();
    v.currentTime = 2;
  });
  await page.getByRole('button', { name: 'Notes' }).click();
  await page
    .getByTestId('note-box')
    .getByRole('button', { name: /Add note/ })
    .click();
  await expect(page.getByTestId('note-box').getByLabel('Second')).toHaveValue('2');
  await page.getByTestId('note-box').getByTestId('note-content-input').getByRole('textbox').fill('The second mouse lights up here');
  await page.getByTestId('note-box').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('note-anchor')).toHaveText('At 0:02');
  await step(page, testInfo, 'video-note-at-second-2');
  await closePreviewer(page);

  await openFile(page, 'pythonpptx__just-two-mice.mp4');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  await page.getByRole('button', { name: 'Notes' }).click();
  await page.getByTestId('note-anchor').filter({ hasText: 'At 0:02' }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => Math.round(v.currentTime))).toBe(2);
  await step(page, testInfo, 'video-note-reopens-at-second-2');

  // The instructor sees where the class took notes (file hypothesis statistics); a student has no such button.
  expect(await page.getByRole('button', { name: 'Note statistics' }).count()).toBe(0);
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await openMediaCourse(teacher, 'instructor');
  await openActivity(teacher, 'Every kind of file');
  await openFile(teacher, 'pdfjs__tracemonkey.pdf');
  await teacher.getByRole('button', { name: 'Note statistics' }).click();
  await expect(teacher.getByTestId('statistics-chart')).toBeVisible();
  await expect(teacher.locator('[data-testid="statistics-bar"][data-position="3"]')).toHaveAttribute('data-count', '1');
  await step(teacher, testInfo, 'instructor-note-statistics');
  await teacherContext.close();
});

/**
 * Plays a golf SCORM package: launch, navigate two pages inside the SCO, close (the SCO finishes), relaunch resumes.
 * Issue 20 §3: the SCO runs on the package content origin (the bridge page's `#sco` frame), whose scripts
 * read no cookie of the app and reach no API with the viewer's session.
 */
async function playGolf(page: Page, fileName: string, testInfo: TestInfo, label: string) {
  await openFile(page, fileName);
  const sco = page.frameLocator('[data-testid="scorm-frame"]').frameLocator('#sco');
  await expect(sco.locator('#butNext')).toBeVisible({ timeout: 30_000 });
  const appOrigin = new URL(page.url()).origin;
  const packageFrame = page.frames().find((frame) => new URL(frame.url()).pathname.startsWith('/scorm/'));
  expect(packageFrame, 'the SCO frame is a signed package address').toBeDefined();
  const seen = await packageFrame!.evaluate(async () => {
    const api = await fetch('/api/user', { credentials: 'include' });
    return { origin: window.location.origin, cookie: document.cookie, apiStatus: api.status };
  });
  expect(seen.origin).not.toBe(appOrigin);
  expect(seen.cookie).toBe('');
  expect(seen.apiStatus).toBe(404);
  await sco.locator('#butNext').click();
  await sco.locator('#butNext').click();
  await expect(page.getByTestId('scorm-reported-status')).toHaveText(/Saved status: incomplete/, { timeout: 30_000 });
  await step(page, testInfo, `${label}-navigated`);
  await closePreviewer(page);

  // Relaunch: the SCO finds its bookmark (cmi location) and asks to resume; accept.
  page.once('dialog', (dialog) => void dialog.accept());
  await openFile(page, fileName);
  await expect(sco.locator('#butPrevious')).toBeEnabled({ timeout: 30_000 });
  await expect(sco.frameLocator('#contentFrame').locator('body')).toContainText(/Scoring|score/i);
  await step(page, testInfo, `${label}-resumed`);
  await closePreviewer(page);
}

/**
 * Issue 5 journey: golf SCORM 1.2 and 2004 packages launch in the previewer,
 * the learner moves through the SCO, the status it reports is stored on the
 * server, and a relaunch resumes where the learner left off.
 */
test('golf SCORM 1.2 and 2004 launch, report their status and resume on relaunch', async ({ page }, testInfo) => {
  test.setTimeout(600_000);
  await openMediaCourse(page, 'student1');
  await waitReady(page, ['golf__RuntimeBasicCalls_SCORM12.zip', 'golf__RuntimeBasicCalls_SCORM20043rdEdition.zip']);
  await openActivity(page, 'Golf (SCORM 1.2 and 2004)');
  await playGolf(page, 'golf__RuntimeBasicCalls_SCORM12.zip', testInfo, 'scorm12');
  await playGolf(page, 'golf__RuntimeBasicCalls_SCORM20043rdEdition.zip', testInfo, 'scorm2004');
});

/** Issue 5 journey: an exam video with play limit 1 plays once; the second play is refused by the server. */
test('an exam video with play limit 1 cannot be played a second time', async ({ page }, testInfo) => {
  test.setTimeout(360_000);
  await openMediaCourse(page, 'student4');
  // Exam media play on the exam's learning-activity page.
  await openActivity(page, 'Listening exam');
  await expect(page.getByTestId('exam-activity-media')).toBeVisible();
  const item = page.getByTestId('exam-media-item').first();
  await expect(item.getByTestId('exam-play-counter')).toHaveText('Plays left: 1 of 1', { timeout: 60_000 });
  await item.getByRole('button', { name: /^Play / }).click();
  await expect(item.getByTestId('exam-video')).toBeVisible();
  await expect.poll(() => item.locator('video').evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  await expect(item.getByTestId('exam-play-counter')).toHaveText('Plays left: 0 of 1');
  await step(page, testInfo, 'exam-video-played-once');

  await page.reload();
  const again = page.getByTestId('exam-media-item').first();
  await expect(again.getByTestId('exam-media-message')).toHaveText('You have reached the play limit for this file.');
  await expect(again.getByRole('button', { name: /^Play / })).toBeDisabled();
  // The server refuses a forged second play too.
  const [subjectId, uploadId] = await again.evaluate((el) => [
    el.closest('[data-testid="exam-media"]')?.getAttribute('data-subject-id'),
    el.getAttribute('data-upload-id'),
  ]);
  const forged = await page.request.post(`/api/exam-subjects/${subjectId}/uploads/${uploadId}/play`);
  expect(forged.status()).toBe(403);
  expect((await forged.json()).code).toBe('MEDIA_PLAY_LIMIT_REACHED');
  await step(page, testInfo, 'exam-video-refused');
});
