import { test as base, expect, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';

/**
 * Playwright's `test`, closing after each test the browser contexts it opened itself
 * (`browser.newContext()`: a second user, a visitor). The worker's browser outlives its tests, so
 * a page left open keeps its event stream, polling and media running through every later journey.
 */
export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close().catch(() => undefined)),
      );
    },
    { auto: true },
  ],
});

/** Password of every seeded demo account (README). */
export const DEMO_PASSWORD = 'atrium-demo';

/** Absolute path of a shared fixture (`fixturePath('pdf', 'x.pdf')`); ATRIUM_FIXTURES overrides the folder. The server's one helper (apps/server/src/lib/fixtures.ts). */
export { fixturePath } from '../../server/src/lib/fixtures.js';

/** Signs in through the login form of the page currently shown (must be /login). */
export async function signIn(page: Page, userName: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('User name').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens /login, signs in as `userName` (demo password) and waits for the home page. */
export async function signedIn(page: Page, userName: string): Promise<void> {
  await page.goto('/login');
  await signIn(page, userName);
  await expect(page).toHaveURL(/\/user\/index$/);
}

/** A JSON call through a signed-in context's request (its session cookie); throws on anything but 2xx. */
export async function api<T = { id: number }>(request: APIRequestContext, method: string, url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(url, { method, data });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Opens the course header's access-code popup (the course page must be shown) and reads the code (spec §5: 7+ of 0-9A-Z). */
export async function readAccessCode(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Access code' }).click();
  const codeElement = page.getByTestId('access-code');
  await expect(codeElement).toHaveText(/^[0-9A-Z]{7,}$/);
  return (await codeElement.textContent())!.trim();
}

/** Signs `userName` in, in a fresh browser context, and joins the course by its access code; ends on the course page titled `courseName`. */
export async function joinCourseByCode(browser: Browser, userName: string, accessCode: string, courseName: string): Promise<Page> {
  const student = await (await browser.newContext()).newPage();
  await student.goto('/login');
  await signIn(student, userName);
  await expect(student).toHaveURL(/\/user\/index$/);
  await student.getByRole('button', { name: 'Join a course' }).first().click();
  const join = student.getByRole('dialog', { name: 'Join a course' });
  await join.getByLabel('Access code').fill(accessCode);
  await join.getByRole('button', { name: 'Join' }).click();
  await expect(student.getByTestId('course-title')).toHaveText(courseName);
  return student;
}

/** Keeps a numbered full-page screenshot of this step as a test artifact. */
export async function step(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${String(testInfo.attachments.length + 1).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** Counts non-white pixels of a canvas: proof that something was drawn. */
export async function inkedPixels(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext('2d');
    if (!ctx || canvas.width === 0) return 0;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let inked = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 160 && data[i + 1]! < 160 && data[i + 2]! < 160) inked++;
    return inked;
  });
}

/** Opens a learning activity of the current course from its content page (students get a button per activity, the course team a link). */
export async function openActivity(page: Page, title: string): Promise<void> {
  const courseUrl = /\/course\/\d+/.exec(new URL(page.url()).pathname)![0];
  await page.goto(`${courseUrl}/content`);
  const row = page.getByTestId('content-activity').filter({ hasText: title });
  await row
    .getByRole('button', { name: title, exact: true })
    .or(row.getByRole('link', { name: title, exact: true }))
    .first()
    .click();
  await expect(page.getByTestId('activity-title')).toHaveText(title);
}

/** Opens one of the current activity's files in the previewer. */
export async function openFile(page: Page, name: string): Promise<void> {
  await page.getByTestId('activity-file').filter({ hasText: name }).getByRole('button', { name }).click();
  await expect(page.getByTestId('previewer-file-name')).toHaveText(name);
}

/** Closes the previewer dialog and waits until its frame is gone. */
export async function closePreviewer(page: Page): Promise<void> {
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByTestId('previewer-frame')).toHaveCount(0);
}

export { expect };

/**
 * Waits until the page has drawn its content: no loading spinner or skeleton left, the body holding text,
 * and no finite animation running (antd's fades would be measured half-transparent).
 */
export async function settled(page: Page): Promise<boolean> {
  return page
    .waitForFunction(
      () => {
        if (document.readyState !== 'complete') return false;
        if (document.querySelector('.page-spinner, .ant-spin-spinning, .ant-skeleton-active')) return false;
        if ((document.body.innerText ?? '').trim().length === 0) return false;
        return document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity);
      },
      undefined,
      { timeout: 20_000 },
    )
    .then(
      () => true,
      () => false,
    );
}

/**
 * Opens `url` in the app already loaded: through the router (a history entry and a popstate, which React
 * Router follows), as a user's click would, rather than reloading the whole app for each page. The first
 * page of a role is a full load.
 */
export async function openInApp(page: Page, url: string): Promise<void> {
  if (page.url() === 'about:blank') {
    await page.goto(url);
    return;
  }
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await page.waitForURL((current) => current.pathname === new URL(url, current).pathname || current.pathname === '/login');
}

/** Decodes a quoted-printable e-mail body (RFC 2045 §6.7): soft line breaks and =XX escapes. */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
