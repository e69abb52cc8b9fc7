import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Locator, type Page } from '@playwright/test';
import { expect, fixturePath, signIn, step, test } from './helpers.js';

/** Payloads that would run script if any survived sanitising or rendering; each sets window.__xss or opens a dialog. */
const XSS_CORPUS = [
  '<script>window.__xss = "script"</script>',
  '<img src="x" onerror="window.__xss = \'img onerror\'">',
  '<img src=x onerror=alert(1)>',
  '<a id="js-link" href="javascript:window.__xss=\'js link\'">js link</a>',
  '<a id="js-link-mixed" href="  JaVaScRiPt:window.__xss=\'mixed case link\'">mixed case link</a>',
  '<a id="data-link" href="data:text/html,<script>alert(1)</script>">data link</a>',
  '<p id="click-me" onclick="window.__xss=\'onclick\'">click me</p>',
  '<svg onload="window.__xss=\'svg onload\'"><script>window.__xss="svg script"</script></svg>',
  '<svg><animate onbegin="window.__xss=\'svg animate\'" attributeName="x" dur="1s"></animate></svg>',
  '<svg><a xlink:href="javascript:window.__xss=\'svg link\'"><text x="20" y="20">svg link</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=\'mxss\'"></style></mglyph></table></mtext></math>',
  '<div style="background-image: url(javascript:window.__xss=\'css url\')">css url</div>',
  '<div style="width: expression(window.__xss=\'css expression\')">css expression</div>',
  '<style>body { background: url("javascript:window.__xss=\'style tag\'") }</style>',
  '<iframe src="javascript:window.__xss=\'iframe\'"></iframe>',
  '<iframe srcdoc="<script>parent.__xss=\'srcdoc\'</script>"></iframe>',
  '<object data="javascript:window.__xss=\'object\'"></object>',
  '<embed src="javascript:window.__xss=\'embed\'">',
  '<details open ontoggle="window.__xss=\'details\'"><summary>details</summary></details>',
  '<form action="javascript:window.__xss=\'form\'"><button id="form-button">go</button></form>',
  '<input autofocus onfocus="window.__xss=\'autofocus\'">',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=\'meta\'">',
  '<span data-latex="\\href{javascript:window.__xss=\'katex\'}{katex link}"></span>',
  '<p>Safe text stays.</p>',
].join('\n');

/** Collects every dialog (alert, confirm, prompt) the page opens; a payload that ran would open one or set window.__xss. */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

/** Signs in as the demo instructor and creates a fresh course; answers its id. */
async function instructorCourse(page: Page): Promise<number> {
  await page.goto('/login');
  await signIn(page, 'instructor');
  await expect(page).toHaveURL(/\/user\/index$/);
  const created = await page.request.post('/api/course', { data: { name: `XSS ${Date.now().toString(36)}`, course_code: 'XSS1' } });
  expect(created.ok()).toBe(true);
  return ((await created.json()) as { id: number }).id;
}

async function post<T>(page: Page, url: string, data: object): Promise<T> {
  const res = await page.request.post(url, { data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Clicks whatever links, handlers and buttons of the corpus are still there (a surviving javascript: link or onclick would run now). */
async function clickCorpusTargets(root: Locator): Promise<void> {
  for (const id of ['#js-link', '#js-link-mixed', '#data-link', '#click-me', '#form-button']) {
    const target = root.locator(id);
    if ((await target.count()) > 0)
      await target
        .first()
        .click({ force: true })
        .catch(() => undefined);
  }
}

/** Anything below the elements matching `selector` that could run script: on* attributes, javascript:/data: URLs, CSS expressions, active elements. */
async function leftoversIn(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const found: string[] = [];
    const roots = document.querySelectorAll(sel);
    if (roots.length === 0) found.push(`nothing matches ${sel}`);
    for (const root of roots) {
      for (const el of root.querySelectorAll('*')) {
        for (const attr of el.getAttributeNames()) {
          const value = el.getAttribute(attr) ?? '';
          if (attr.startsWith('on')) found.push(`${el.tagName} ${attr}`);
          if (/^\s*(javascript|data):/i.test(value)) found.push(`${el.tagName} ${attr}=${value}`);
          if (/expression\s*\(/i.test(value)) found.push(`${el.tagName} ${attr} expression`);
        }
        if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'STYLE', 'META', 'FORM'].includes(el.tagName)) found.push(el.tagName);
      }
    }
    return found;
  }, selector);
}

/** Nothing ran: no global flag, no dialog, still on `url`. */
async function expectNothingRan(page: Page, dialogs: string[], url: RegExp): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss ?? null)).toBeNull();
  expect(dialogs).toEqual([]);
  await expect(page).toHaveURL(url);
}

/**
 * Issue 7 XSS check in Chromium: a page activity whose content and description
 * are the XSS corpus renders on the learning-activity page with nothing
 * executing (no dialog, no global flag, even after clicking the links).
 */
test('a page activity made of the XSS corpus renders without running anything', async ({ page }, testInfo) => {
  const dialogs = watchDialogs(page);
  const courseId = await instructorCourse(page);
  const module = await post<{ id: number }>(page, `/api/courses/${courseId}/modules`, { title: 'Corpus' });
  const activity = await post<{ id: number }>(page, `/api/courses/${courseId}/activities`, {
    module_id: module.id,
    type: 'page',
    title: 'Corpus page',
    description: XSS_CORPUS,
    data: { content: XSS_CORPUS },
  });

  await page.goto(`/course/${courseId}/learning-activity#/${activity.id}`);
  const content = page.getByTestId('page-content');
  await expect(content).toContainText('Safe text stays.');
  await expect(page.getByTestId('activity-description')).toContainText('Safe text stays.');
  await clickCorpusTargets(content);
  await clickCorpusTargets(page.getByTestId('activity-description'));
  await page.waitForTimeout(1000);
  await step(page, testInfo, 'xss-corpus-rendered');

  await expectNothingRan(page, dialogs, new RegExp(`/course/${courseId}/learning-activity#/${activity.id}$`));
  expect(await leftoversIn(page, '[data-testid="page-content"], [data-testid="activity-description"]')).toEqual([]);
});

/**
 * A module summary made of the corpus renders under the module title on the
 * content page; opening the module's edit popup puts the stored summary in the
 * rich text editor, and opening a page activity's edit popup on hostile HTML
 * that never went through the server's sanitiser (the answer is altered on its
 * way to the browser) puts it in the editors: nothing executes in either.
 */
test('module summary and the edit popups on hostile HTML run nothing', async ({ page }, testInfo) => {
  const dialogs = watchDialogs(page);
  const courseId = await instructorCourse(page);
  const module = await post<{ id: number }>(page, `/api/courses/${courseId}/modules`, { title: 'Corpus', summary: XSS_CORPUS });
  const activity = await post<{ id: number }>(page, `/api/courses/${courseId}/activities`, {
    module_id: module.id,
    type: 'page',
    title: 'Corpus page',
    data: { content: '<p>Plain.</p>' },
  });
  const contentUrl = new RegExp(`/course/${courseId}/content$`);

  await page.goto(`/course/${courseId}/content`);
  const summary = page.getByTestId('content-module').filter({ hasText: 'Corpus' }).getByTestId('module-summary');
  await expect(summary).toContainText('Safe text stays.');
  await clickCorpusTargets(summary);
  await page.waitForTimeout(1000);
  await step(page, testInfo, 'xss-module-summary');
  await expectNothingRan(page, dialogs, contentUrl);
  expect(await leftoversIn(page, '[data-testid="module-summary"]')).toEqual([]);

  // The module popup: the stored summary in the editor.
  await page.getByRole('button', { name: 'Edit module Corpus' }).click();
  const moduleDialog = page.getByRole('dialog', { name: 'Edit module' });
  await expect(moduleDialog.getByRole('textbox', { name: 'Module summary' })).toContainText('Safe text stays.');
  await clickCorpusTargets(moduleDialog.getByRole('textbox', { name: 'Module summary' }));
  await page.waitForTimeout(1000);
  await expectNothingRan(page, dialogs, contentUrl);
  expect(await leftoversIn(page, '.ant-modal .rte-content')).toEqual([]);
  await moduleDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(moduleDialog).toBeHidden();

  // The activity popup: the raw corpus, as if the stored HTML had escaped the sanitiser (say, an old row).
  await page.route(`**/api/activities/${activity.id}`, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const json = (await response.json()) as { description: string | null; data: Record<string, unknown> };
    await route.fulfill({ response, json: { ...json, description: XSS_CORPUS, data: { ...json.data, content: XSS_CORPUS } } });
  });
  await page.getByRole('button', { name: 'Edit Corpus page' }).click();
  const activityDialog = page.getByRole('dialog', { name: 'Edit activity' });
  const editors = activityDialog.locator('.rte-content');
  await expect(editors).toHaveCount(2);
  for (const editor of await editors.all()) await expect(editor).toContainText('Safe text stays.');
  for (const editor of await editors.all()) await clickCorpusTargets(editor);
  await page.waitForTimeout(1000);
  await step(page, testInfo, 'xss-activity-edit-popup');
  await expectNothingRan(page, dialogs, contentUrl);
  expect(await leftoversIn(page, '.ant-modal .rte-content')).toEqual([]);
});

/**
 * A note (spec §3 Note) whose content is the corpus, on an image of a material
 * activity: the note box beside the previewer shows it with nothing executing,
 * and its edit form puts it in the editor, again with nothing executing.
 */
test('a note made of the XSS corpus shows in the note box without running anything', async ({ page }, testInfo) => {
  test.setTimeout(360_000);
  const dialogs = watchDialogs(page);
  const courseId = await instructorCourse(page);
  const bytes = readFileSync(fixturePath('images/filetype__fixture.png'));
  const name = path.basename(fixturePath('images/filetype__fixture.png'));
  const upload = await post<{ id: number; upload_url: string }>(page, '/api/uploads', { name, size: bytes.length, parent_type: 'course', parent_id: courseId });
  expect((await page.request.put(upload.upload_url, { headers: { 'content-type': 'application/octet-stream' }, data: bytes })).ok()).toBe(true);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/uploads/${upload.id}`)).json()) as { status: string }).status, { timeout: 120_000 })
    .toBe('ready');
  const module = await post<{ id: number }>(page, `/api/courses/${courseId}/modules`, { title: 'Files' });
  const activity = await post<{ id: number }>(page, `/api/courses/${courseId}/activities`, {
    module_id: module.id,
    type: 'material',
    title: 'Picture',
    upload_ids: [upload.id],
  });
  await post(page, '/api/notes', { content: XSS_CORPUS, target_type: 'image', target_id: upload.id, anchor: 0, course_id: courseId, activity_id: activity.id });
  const activityUrl = new RegExp(`/course/${courseId}/learning-activity#/${activity.id}$`);

  await page.goto(`/course/${courseId}/learning-activity#/${activity.id}`);
  await page.getByTestId('activity-file').filter({ hasText: name }).getByRole('button', { name }).click();
  await expect(page.getByTestId('previewer-file-name')).toHaveText(name);
  await page.getByRole('button', { name: 'Notes' }).click();
  const box = page.getByTestId('note-box');
  await expect(box.getByTestId('note-item')).toHaveCount(1);
  await expect(box.getByTestId('note-item')).toContainText('Safe text stays.');
  await clickCorpusTargets(box.locator('.atrium-note-content'));
  await page.waitForTimeout(1000);
  await step(page, testInfo, 'xss-note');
  await expectNothingRan(page, dialogs, activityUrl);
  expect(await leftoversIn(page, '[data-testid="note-box"] .atrium-note-content')).toEqual([]);

  // Its edit form: the stored note in the editor.
  await box.getByRole('button', { name: 'Edit note' }).click();
  const editor = box.getByTestId('note-content-input').locator('.rte-content');
  await expect(editor).toContainText('Safe text stays.');
  await clickCorpusTargets(editor);
  await page.waitForTimeout(1000);
  await expectNothingRan(page, dialogs, activityUrl);
  expect(await leftoversIn(page, '[data-testid="note-content-input"] .rte-content')).toEqual([]);
});

/**
 * Issue 18: the corpus through the forum — a topic (title and content) and a reply in a forum
 * activity, and a question on a file with its answer in the previewer's question panel — renders
 * with nothing executing, even after clicking what is left of the links.
 */
test('a forum topic, a reply and a question on a file made of the XSS corpus run nothing', async ({ page, browser }, testInfo) => {
  test.setTimeout(360_000);
  const dialogs = watchDialogs(page);
  const courseId = await instructorCourse(page);
  const module = await post<{ id: number }>(page, `/api/courses/${courseId}/modules`, { title: 'Forum' });
  const forum = await post<{ id: number }>(page, `/api/courses/${courseId}/activities`, {
    module_id: module.id,
    type: 'forum',
    title: 'Corpus forum',
    data: {},
  });
  const topic = await post<{ id: number }>(page, `/api/forum/${forum.id}/topics`, {
    title: `Corpus <img src=x onerror="window.__xss='title'">`,
    content: XSS_CORPUS,
  });
  await post(page, `/api/topics/${topic.id}/replies`, { content: XSS_CORPUS });

  await page.goto(`/course/${courseId}/forum#/topics/${topic.id}`);
  const view = page.getByTestId('topic-view');
  await expect(view.getByTestId('topic-content')).toContainText('Safe text stays.');
  await expect(view.getByTestId('reply')).toContainText('Safe text stays.');
  await clickCorpusTargets(view.getByTestId('topic-content'));
  await clickCorpusTargets(view.getByTestId('reply'));
  await page.waitForTimeout(1000);
  await step(page, testInfo, 'xss-forum-topic');
  await expectNothingRan(page, dialogs, new RegExp(`/course/${courseId}/forum(\\?[^#]*)?#/topics/${topic.id}`));
  expect(await leftoversIn(page, '[data-testid="topic-content"], [data-testid="reply"] .rich-text')).toEqual([]);

  // A question on a PDF of a material activity (the question panel is for documents, spec §6), answered with the corpus (the panel needs the course's AI ability: the admin's switch).
  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/login');
  await signIn(admin, 'admin');
  await expect(admin).toHaveURL(/\/user\/index$/);
  expect((await admin.request.put(`/api/courses/${courseId}`, { data: { hasAiAbility: true } })).ok()).toBe(true);
  const bytes = readFileSync(fixturePath('pdf/pdfjs__tracemonkey.pdf'));
  const name = path.basename(fixturePath('pdf/pdfjs__tracemonkey.pdf'));
  const upload = await post<{ id: number; upload_url: string }>(page, '/api/uploads', { name, size: bytes.length, parent_type: 'course', parent_id: courseId });
  expect((await page.request.put(upload.upload_url, { headers: { 'content-type': 'application/octet-stream' }, data: bytes })).ok()).toBe(true);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/uploads/${upload.id}`)).json()) as { status: string }).status, { timeout: 120_000 })
    .toBe('ready');
  const material = await post<{ id: number }>(page, `/api/courses/${courseId}/activities`, {
    module_id: module.id,
    type: 'material',
    title: 'Reading',
    upload_ids: [upload.id],
  });
  const question = await post<{ id: number }>(page, `/api/uploads/${upload.id}/questions`, {
    activity_id: material.id,
    title: 'Corpus question',
    content: XSS_CORPUS,
  });
  await post(page, `/api/topics/${question.id}/replies`, { content: XSS_CORPUS });

  await page.goto(`/course/${courseId}/learning-activity#/${material.id}`);
  await page.getByTestId('activity-file').filter({ hasText: name }).getByRole('button', { name }).click();
  await expect(page.getByTestId('previewer-file-name')).toHaveText(name);
  await page.getByRole('button', { name: 'Questions' }).click();
  const panel = page.getByTestId('panel-question');
  await panel.getByTestId('question-item').filter({ hasText: 'Corpus question' }).getByText('Corpus question').click();
  await expect(panel.getByTestId('question-content')).toContainText('Safe text stays.');
  await expect(panel.getByTestId('question-reply')).toContainText('Safe text stays.');
  await clickCorpusTargets(panel.getByTestId('question-thread'));
  await page.waitForTimeout(1000);
  await step(page, testInfo, 'xss-question-on-a-file');
  await expectNothingRan(page, dialogs, new RegExp(`/course/${courseId}/learning-activity#/${material.id}`));
  expect(await leftoversIn(page, '[data-testid="question-content"], [data-testid="question-reply"] .rich-text')).toEqual([]);
  // Leave the instructor's course list as it was (the home page shows the newest few).
  expect((await page.request.delete(`/api/courses/${courseId}`)).ok()).toBe(true);
});
