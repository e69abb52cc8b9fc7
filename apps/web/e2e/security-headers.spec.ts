import { type Page } from '@playwright/test';
import { closePreviewer, expect, openActivity, openFile, signIn, step, test } from './helpers.js';

/** The demo course holding every kind of file and the golf SCORM packages (demo seed). */
const MEDIA_COURSE = 'Media and notes';

/** One Content-Security-Policy violation as a frame's `securitypolicyviolation` event reports it. */
interface Violation {
  directive: string;
  blocked: string;
  document: string;
  source: string;
  line: number;
  column: number;
}

/**
 * Every Content-Security-Policy violation of the page and its frames (the SCORM package's
 * included): a `securitypolicyviolation` listener in every frame reports each one as a console
 * error (Chromium's own "Refused to …" lines do not reach Playwright's console events).
 */
function watchPolicyViolations(page: Page): Violation[] {
  const violations: Violation[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (text.startsWith('Content-Security-Policy violation '))
      violations.push(JSON.parse(text.slice('Content-Security-Policy violation '.length)) as Violation);
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const violation = {
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        document: event.documentURI,
        source: event.sourceFile,
        line: event.lineNumber,
        column: event.columnNumber,
      };
      console.error(`Content-Security-Policy violation ${JSON.stringify(violation)}`);
    });
  });
  return violations;
}

/**
 * Whether a blocked `eval` is a library asking whether it may compile code — `Function('')` in a
 * try/catch (zod's JIT probe; pdf.js's isEvalSupported) — after which it takes its eval-free
 * path: nothing is lost. Read from the reported position of the script.
 */
async function isEvalProbe(page: Page, violation: Violation): Promise<boolean> {
  if (violation.blocked !== 'eval' || !violation.source) return false;
  const lines = (await (await page.request.get(violation.source)).text()).split('\n');
  const at = (lines[violation.line - 1] ?? '').slice(violation.column - 1);
  return /^Function\((``|''|"")\)/.test(at);
}

/**
 * Issue 20 §2 journey: the app under its Content-Security-Policy (no inline script, pdf.js's
 * worker, antd's run-time styles, SCORM package scripts in their frame) — sign-in, the previewer's
 * PDF, Office and video, a golf SCORM package, the calendar and the API docs — with no violation.
 */
test('sign-in, the previewer, a SCORM package, the calendar and the API docs run under the Content-Security-Policy without a violation', async ({
  page,
}, testInfo) => {
  test.setTimeout(600_000);
  const violations = watchPolicyViolations(page);

  const login = await page.goto('/login');
  const policy = login!.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self';");
  expect(policy).toContain("frame-ancestors 'self'");
  expect(login!.headers()['x-content-type-options']).toBe('nosniff');
  // The policy is enforced and the watch sees it: an inline script does not run and is reported.
  await expect(page.getByLabel('User name')).toBeVisible();
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineScriptRan = true';
    document.head.append(script);
    return (window as { inlineScriptRan?: boolean }).inlineScriptRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.filter((v) => v.directive === 'script-src-elem' && v.blocked === 'inline').length).toBe(1);
  violations.length = 0;
  await signIn(page, 'student1');
  await expect(page).toHaveURL(/\/user\/index$/);

  await page.goto('/user/courses');
  await page.getByRole('link', { name: MEDIA_COURSE }).first().click();
  await expect(page.getByTestId('course-title')).toHaveText(MEDIA_COURSE);
  for (const name of ['pdfjs__tracemonkey.pdf', 'pythondocx__test.docx', 'pythonpptx__just-two-mice.mp4', 'golf__RuntimeBasicCalls_SCORM12.zip'])
    await expect(page.getByTestId('course-file').filter({ hasText: name })).toHaveAttribute('data-status', 'ready', { timeout: 180_000 });

  await openActivity(page, 'Every kind of file');
  for (const name of ['pdfjs__tracemonkey.pdf', 'pythondocx__test.docx']) {
    await openFile(page, name);
    await expect(page.getByTestId('pdf-page-1')).toHaveAttribute('data-rendered', 'true', { timeout: 30_000 });
    await step(page, testInfo, `preview-${name}`);
    await closePreviewer(page);
  }
  await openFile(page, 'pythonpptx__just-two-mice.mp4');
  const video = page.locator('[data-testid="video-player"] video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  await step(page, testInfo, 'preview-video');
  await closePreviewer(page);

  await openActivity(page, 'Golf (SCORM 1.2 and 2004)');
  await openFile(page, 'golf__RuntimeBasicCalls_SCORM12.zip');
  // The SCO runs in the bridge page's frame on the package content origin (issue 20 §3).
  const sco = page.frameLocator('[data-testid="scorm-frame"]').frameLocator('#sco');
  await expect(sco.locator('#butNext')).toBeVisible({ timeout: 30_000 });
  await sco.locator('#butNext').click();
  await expect(page.getByTestId('scorm-reported-status')).toHaveText(/Saved status: incomplete/, { timeout: 30_000 });
  await step(page, testInfo, 'scorm-playing');
  await closePreviewer(page);

  await page.goto('/user/calendar');
  await expect(page.getByRole('heading', { name: 'Calendar' })).toBeVisible({ timeout: 60_000 });
  await step(page, testInfo, 'calendar');

  const docs = await page.goto('/api/docs/');
  expect(docs!.headers()['content-security-policy']).toContain("script-src 'self';");
  await expect(page.getByText('Atrium API').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.opblock').first()).toBeVisible();
  await step(page, testInfo, 'api-docs');

  const blocking: Violation[] = [];
  for (const violation of violations) if (!(await isEvalProbe(page, violation))) blocking.push(violation);
  expect(blocking).toEqual([]);
});
