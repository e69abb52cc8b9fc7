import { type Page } from '@playwright/test';
import { closePreviewer, expect, inkedPixels, signIn, step, test } from './helpers.js';

const MEDIA_COURSE = 'Media and notes';
const GUEST_ACTIVITY = 'Every kind of file';
const MEDIA = [
  'pdfjs__tracemonkey.pdf',
  'pythondocx__test.docx',
  'pythonpptx__test.pptx',
  'filetype__fixture.png',
  'pythonpptx__just-two-mice.mp4',
  'howler__sound2.mp3',
];

async function openGuestFile(page: Page, name: string) {
  await page.getByTestId('guest-file').filter({ hasText: name }).getByRole('button', { name }).click();
  await expect(page.getByTestId('previewer-file-name')).toHaveText(name);
}

/**
 * Issue 5 item 8 journey (spec §6 visitors): the instructor copies the guest
 * link of the demo material activity (guest preview on) from its form; a
 * visitor in a fresh browser (never signed in) opens it, sees the files, and
 * previews the PDF (a page rendered by pdf.js), the image and the video (the
 * first frame plays) through the anonymous API, with no notes or statistics; the
 * SCORM activity (guest preview off) shows the refusal and no sign-in redirect;
 * once the instructor turns guest preview on, the visitor runs its SCO untracked.
 */
test('a visitor previews a guest activity without signing in; another activity refuses', async ({ page, browser }, testInfo) => {
  test.setTimeout(600_000);
  await page.goto('/login');
  await signIn(page, 'instructor');
  await expect(page).toHaveURL(/\/user\/index$/);
  await page.goto('/user/courses');
  await page.getByRole('link', { name: MEDIA_COURSE }).first().click();
  await expect(page.getByTestId('course-title')).toHaveText(MEDIA_COURSE);
  for (const name of MEDIA)
    await expect(page.getByTestId('course-file').filter({ hasText: name })).toHaveAttribute('data-status', 'ready', { timeout: 180_000 });
  const courseId = Number(/\/course\/(\d+)/.exec(new URL(page.url()).pathname)![1]);

  await page.goto(`/course/${courseId}/content`);
  await page.getByRole('button', { name: `Edit ${GUEST_ACTIVITY}` }).click();
  const form = page.getByRole('dialog', { name: 'Edit activity' });
  await expect(form.getByRole('switch', { name: 'Visitors may preview' })).toBeChecked();
  const link = form.getByTestId('guest-link');
  await expect(link).toContainText('/guest/activities/');
  await form.getByTestId('guest-link').scrollIntoViewIfNeeded();
  await step(page, testInfo, 'instructor-guest-link');
  const guestUrl = new URL((await link.textContent())!.trim());
  await form.getByRole('button', { name: 'Cancel' }).click();

  const files = (await (await page.request.get(`/api/courses/${courseId}/activity-files`)).json()) as {
    items: { activity_id: number; activity_type: string }[];
  };
  // The seeded SCORM activity (Golf) leaves guest preview off.
  const closedId = files.items.find((i) => i.activity_type === 'scorm')!.activity_id;

  // A visitor: a new browser context with no session cookie.
  const visitorContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const visitor = await visitorContext.newPage();
  const calls: string[] = [];
  visitor.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/') || path.startsWith('/anonymous-api/')) calls.push(path);
  });
  await visitor.goto(guestUrl.pathname);
  await expect(visitor.getByTestId('guest-activity-title')).toHaveText(GUEST_ACTIVITY);
  await expect(visitor.getByTestId('guest-file')).toHaveCount(MEDIA.length);
  await step(visitor, testInfo, 'visitor-file-list');

  await openGuestFile(visitor, 'pdfjs__tracemonkey.pdf');
  await expect(visitor.getByTestId('previewer-frame')).toHaveAttribute('data-kind', 'pdf');
  await expect(visitor.getByTestId('page-indicator')).toHaveText('Page 1 of 14', { timeout: 30_000 });
  await expect(visitor.getByTestId('pdf-page-1')).toHaveAttribute('data-rendered', 'true', { timeout: 30_000 });
  expect(await inkedPixels(visitor, '[data-testid="pdf-page-1"] canvas')).toBeGreaterThan(1000);
  await expect(visitor.getByRole('button', { name: 'Notes' })).toHaveCount(0);
  await step(visitor, testInfo, 'visitor-pdf-page-1');

  // The docx through its converted PDF (signed for visitors), then the pptx, then the image.
  await visitor.keyboard.press('ArrowRight');
  await expect(visitor.getByTestId('previewer-file-name')).toHaveText('pythondocx__test.docx');
  await expect(visitor.getByTestId('previewer-frame')).toHaveAttribute('data-kind', 'office');
  await expect(visitor.getByTestId('pdf-page-1')).toHaveAttribute('data-rendered', 'true', { timeout: 30_000 });
  await step(visitor, testInfo, 'visitor-docx');
  await visitor.keyboard.press('ArrowRight');
  await expect(visitor.getByTestId('previewer-file-name')).toHaveText('pythonpptx__test.pptx');
  await visitor.keyboard.press('ArrowRight');
  await expect(visitor.getByTestId('previewer-file-name')).toHaveText('filetype__fixture.png');
  await expect(visitor.getByTestId('image-preview')).toBeVisible();
  await expect.poll(() => visitor.getByTestId('image-preview').evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);
  await step(visitor, testInfo, 'visitor-image');
  await closePreviewer(visitor);

  await openGuestFile(visitor, 'pythonpptx__just-two-mice.mp4');
  const video = visitor.locator('[data-testid="video-player"] video');
  await expect(video).toHaveCount(1);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  await visitor.locator('[data-testid="video-player"] .vjs-big-play-button').click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.5);
  await expect(visitor.getByTestId('unplayed-segments')).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: 'Notes' })).toHaveCount(0);
  await step(visitor, testInfo, 'visitor-video-playing');
  await visitor.keyboard.press('ArrowRight');
  await expect(visitor.getByTestId('previewer-file-name')).toHaveText('howler__sound2.mp3');
  await expect(visitor.getByTestId('audio-player')).toBeVisible();
  await expect(visitor.getByTestId('audio-volume')).toHaveText('60');
  await step(visitor, testInfo, 'visitor-audio');
  await closePreviewer(visitor);

  // Everything went through the anonymous API (or signed media URLs); nothing asked the learner API. The public
  // client configuration and the statistics beacon (a visitor's page views, reported as nobody) are not it.
  const PUBLIC_CALLS = ['/api/config', '/api/user-actions'];
  const learnerCalls = calls.filter((path) => path.startsWith('/api/') && !path.startsWith('/api/media/') && !PUBLIC_CALLS.includes(path));
  expect(learnerCalls).toEqual([]);
  expect(calls.some((path) => path.includes('/player-options'))).toBe(true);
  expect(calls.some((path) => /^\/anonymous-api\/\d+\/uploads\/audio\/\d+$/.test(path))).toBe(true);

  // An activity without guest preview: a refusal, and the visitor stays on the guest page.
  await visitor.goto(`/guest/activities/${closedId}`);
  await expect(visitor.getByTestId('guest-refusal')).toContainText('Guest preview is not available for this activity.');
  await expect(visitor).toHaveURL(new RegExp(`/guest/activities/${closedId}$`));
  await expect(visitor.getByTestId('guest-file')).toHaveCount(0);
  await step(visitor, testInfo, 'visitor-refused');

  // The instructor opens the Golf SCORM activity to visitors: the visitor's SCO runs with a runtime
  // on the page (nothing stored), launched and served through the anonymous API.
  const open = await page.request.put(`/api/activities/${closedId}`, { data: { can_guest_preview: true } });
  expect(open.status(), await open.text()).toBe(200);
  try {
    calls.length = 0;
    await visitor.goto(`/guest/activities/${closedId}`);
    await openGuestFile(visitor, 'golf__RuntimeBasicCalls_SCORM12.zip');
    await expect(visitor.getByText('You are visiting: nothing you do in this package is saved.')).toBeVisible();
    // The SCO runs on the SCORM content origin, inside its bridge page (issue 20 §3).
    const sco = visitor.frameLocator('[data-testid="scorm-frame"]').frameLocator('#sco');
    await expect(sco.locator('#butNext')).toBeVisible({ timeout: 30_000 });
    await sco.locator('#butNext').click();
    await expect(sco.frameLocator('#contentFrame').locator('body')).not.toBeEmpty();
    await step(visitor, testInfo, 'visitor-scorm');
    // Launched through the visitor's API; the package's own files come from the SCORM content origin (issue 20 §3).
    expect(calls.some((path) => /^\/anonymous-api\/\d+\/uploads\/scorm\/\d+$/.test(path))).toBe(true);
    const appOrigin = new URL(visitor.url()).origin;
    expect(visitor.frames().some((frame) => frame.url().startsWith('http') && new URL(frame.url()).origin !== appOrigin)).toBe(true);
    expect(calls.filter((path) => path.startsWith('/api/') && !PUBLIC_CALLS.includes(path))).toEqual([]);
  } finally {
    await page.request.put(`/api/activities/${closedId}`, { data: { can_guest_preview: false } });
  }
  await visitorContext.close();
});
