import type { BrowserContext, Page } from '@playwright/test';
import { api, expect, signedIn, test } from './helpers.js';

// Issue 25 item 1: the web app's statistics beacon. Page views are queued in localStorage and posted in
// batches to POST /api/user-actions (the embedded statistics server: `stats_url` is null in this setup): on
// unload with navigator.sendBeacon, and after an offline period once the browser is back online. The
// network is only watched here, never faked. The bodies are Blobs, which Chromium does not show to
// Playwright (`postData()` is empty), so what the server holds is asked of the server itself: an event
// posted again is answered as a duplicate only if the server already kept it (ingestion is idempotent).

interface StatsEvent {
  id: string;
  action: string;
  ts: number;
  url?: string;
}

/** One request of the context to /api/user-actions: when it left, its kind (`fetch`, `ping` for a beacon), its answer's status once over (null: failed or not seen). */
interface Post {
  at: number;
  resourceType: string;
  status?: number | null;
}

/** Records every POST of the context to /api/user-actions as it leaves, and its answer once it is over. */
function watchPosts(context: BrowserContext): Post[] {
  const posts: Post[] = [];
  const byRequest = new Map<object, Post>();
  context.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/user-actions' || request.method() !== 'POST') return;
    const post: Post = { at: Date.now(), resourceType: request.resourceType() };
    byRequest.set(request, post);
    posts.push(post);
  });
  context.on('requestfinished', (request) => {
    const post = byRequest.get(request);
    if (post) void request.response().then((response) => (post.status = response?.status() ?? null));
  });
  context.on('requestfailed', (request) => {
    const post = byRequest.get(request);
    if (post) post.status = null;
  });
  return posts;
}

/** The events the page has queued in localStorage, oldest first. */
function queued(page: Page): Promise<StatsEvent[]> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('atrium.stats.queue');
    return raw ? (JSON.parse(raw) as { event: StatsEvent }[]).map((entry) => entry.event) : [];
  });
}

/** Posts `events` again with the session: the server answers them all as duplicates when it holds them already. */
async function expectHeld(context: BrowserContext, events: StatsEvent[]): Promise<void> {
  expect(await api<{ accepted: number; duplicates: number }>(context.request, 'POST', '/api/user-actions', { events })).toEqual({
    accepted: 0,
    duplicates: events.length,
  });
}

test('a page view still waiting when the page is closed goes out with sendBeacon during unload, and the server keeps it', async ({ browser }) => {
  const context = await browser.newContext();
  const posts = watchPosts(context);
  const page = await context.newPage();
  await signedIn(page, 'student2');
  // The login page's and the home page's views go with the normal send (fetch), about 5 s after they were queued, answered 200.
  await expect.poll(() => posts.filter((post) => post.resourceType === 'fetch' && post.status === 200).length, { timeout: 20_000 }).toBeGreaterThan(0);
  await expect.poll(async () => (await queued(page)).length, { timeout: 20_000 }).toBe(0);
  await expect.poll(() => posts.filter((post) => post.status === undefined).length).toBe(0);
  // A second tab of the same origin that does not run the app (it would send the shared queue itself):
  // it reads the queue once the app's page is gone.
  const watcher = await context.newPage();
  await watcher.goto('/api/health');

  // A client-side navigation queues the next view; the page is closed before the 5 s send.
  await page.getByRole('link', { name: 'My courses', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/courses$/);
  await expect.poll(async () => (await queued(page)).map((event) => event.url)).toEqual(['/user/courses']);
  const [waiting] = await queued(page);
  expect(waiting).toMatchObject({ action: 'page.view', id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/) });
  const fetchesBefore = posts.filter((post) => post.resourceType === 'fetch').length;
  await page.close({ runBeforeUnload: true });

  // The page's pagehide handed the event to sendBeacon, which took it (it left the queue) — no fetch sent
  // it. A closed page's beacon is not reliably reported to Playwright, nor its answer: the server is asked,
  // a moment later, whether it holds the event (posted again, it is a duplicate).
  await expect.poll(() => queued(watcher)).toEqual([]);
  expect(posts.filter((post) => post.resourceType === 'fetch')).toHaveLength(fetchesBefore);
  await watcher.waitForTimeout(1_000);
  await expectHeld(context, [waiting!]);
});

test('page views made offline wait in the queue and are posted once the browser is back online', async ({ browser }) => {
  const context = await browser.newContext();
  const posts = watchPosts(context);
  const page = await context.newPage();
  await signedIn(page, 'student3');
  // The pages visited offline are opened once online first: their code is then loaded (offline it could not be).
  await page.getByRole('link', { name: 'Calendar', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/calendar$/);
  await page.getByRole('link', { name: 'My courses', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/courses$/);
  // Everything queued so far delivered, and no send under way: a clean start.
  await expect.poll(async () => (await queued(page)).length, { timeout: 30_000 }).toBe(0);
  await expect.poll(() => posts.filter((post) => post.status === undefined).length).toBe(0);
  expect(posts.length).toBeGreaterThan(0);
  expect(posts.every((post) => post.status === 200)).toBe(true);

  await context.setOffline(true);
  const offlineAt = Date.now();
  await page.getByRole('link', { name: 'Calendar', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/calendar$/);
  await page.getByRole('link', { name: 'My courses', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/courses$/);
  await expect.poll(async () => (await queued(page)).map((event) => event.url)).toEqual(['/user/calendar', '/user/courses']);
  const offline = await queued(page);
  expect(offline.every((event) => event.action === 'page.view')).toBe(true);
  // Longer than the 5 s send interval: nothing is tried while offline (not even a failing request), and the events stay queued.
  await page.waitForTimeout(7_000);
  expect(posts.filter((post) => post.at >= offlineAt)).toEqual([]);
  expect(await queued(page)).toEqual(offline);

  await context.setOffline(false);
  const onlineAt = Date.now();
  // Posted at once on `online` (not after a backoff), answered 200, and gone from the queue.
  await expect.poll(() => posts.filter((post) => post.at >= onlineAt && post.status === 200).length, { timeout: 10_000 }).toBeGreaterThan(0);
  await expect.poll(async () => (await queued(page)).length).toBe(0);
  expect(posts.filter((post) => post.at >= onlineAt).every((post) => post.status === 200)).toBe(true);
  // The server holds both: posted again, they are duplicates.
  await expectHeld(context, offline);
});

test('a visitor’s page views are reported too: the login page, signed out, sends its view and the server keeps it', async ({ browser }) => {
  const context = await browser.newContext();
  const posts = watchPosts(context);
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect.poll(async () => (await queued(page)).map((event) => event.url)).toEqual(['/login']);
  const [view] = await queued(page);
  expect(view).toMatchObject({ action: 'page.view', url: '/login' });
  await expect.poll(() => posts.filter((post) => post.status === 200).length, { timeout: 20_000 }).toBeGreaterThan(0);
  await expect.poll(async () => (await queued(page)).length).toBe(0);
  // Posted again without a session, it is a duplicate: the server holds the visitor's event.
  await expectHeld(context, [view!]);
  await context.close();
});
