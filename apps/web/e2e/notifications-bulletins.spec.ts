import { type Page } from '@playwright/test';
import { expect, signIn, step, test } from './helpers.js';

/** The bell's unread count, read from its accessible name ("Notifications, N unread"). */
async function unreadOf(page: Page): Promise<number> {
  const label = (await page.getByTestId('notification-bell').getAttribute('aria-label')) ?? '';
  const match = label.match(/(\d+) unread/);
  if (!match) throw new Error(`the bell says "${label}"`);
  return Number(match[1]);
}

async function signedIn(page: Page, userName: string): Promise<void> {
  await page.goto('/login');
  await signIn(page, userName);
  await expect(page).toHaveURL(/\/user\/index$/);
  await expect(page.getByTestId('notification-bell')).toHaveAttribute('aria-label', /\d+ unread/);
}

// Issue 17: an organisation admin publishes a popup bulletin; a student already signed in sees the
// bell's count rise and the popup come up without a reload (Server-Sent Events), puts the popup away
// and clicks through the bell to the bulletin, which reads its notice; a student who signs in afterwards meets the unread-bulletin popup.
test('an admin publishes a popup bulletin: a signed-in student’s bell rises live and opens it; a new sign-in shows the popup', async ({
  browser,
}, testInfo) => {
  test.setTimeout(360_000);
  const title = `Library closed ${Date.now().toString(36)}`;
  const admin = await (await browser.newContext()).newPage();
  const student = await (await browser.newContext()).newPage();
  await signedIn(admin, 'admin');
  await signedIn(student, 'student2');
  const before = await unreadOf(student);

  try {
    // ------------------------------------------------------------ the admin writes the bulletin
    await admin.goto('/bulletin-list/?type=org');
    await admin.getByRole('button', { name: 'New bulletin' }).click();
    const drawer = admin.getByRole('dialog', { name: 'New organization bulletin' });
    await drawer.getByLabel('Title').fill(title);
    await drawer.locator('[contenteditable="true"]').first().click();
    await admin.keyboard.type('The library is closed on Friday for inventory.');
    await drawer.getByRole('switch', { name: 'Show as a popup' }).click();
    await step(admin, testInfo, 'admin-composes');
    await drawer.getByRole('button', { name: 'Publish' }).click();
    await expect(admin.getByText('Bulletin published')).toBeVisible();

    // ------------------------------------------------------------ the signed-in student: live, no reload
    await expect.poll(() => unreadOf(student), { timeout: 30_000 }).toBe(before + 1);
    // The unread popup comes up live as well; "Later" puts it away for this session.
    const livePopup = student.getByRole('dialog', { name: new RegExp(`Unread bulletin .*${title}`) });
    await expect(livePopup).toBeVisible();
    await step(student, testInfo, 'student-bell-rose');
    await livePopup.getByRole('button', { name: 'Later' }).click();
    await expect(livePopup).toHaveCount(0);
    await student.getByTestId('notification-bell').click();
    const panel = student.getByTestId('notification-panel');
    await panel.getByText(`Bulletin: ${title}`).click();
    await expect(student).toHaveURL(/\/bulletin-list\/?\?type=org&bulletin_id=\d+$/);
    const opened = student.getByRole('dialog', { name: title });
    await expect(opened).toBeVisible();
    await expect(opened.getByText('The library is closed on Friday for inventory.')).toBeVisible();
    await step(student, testInfo, 'student-reads-bulletin');
    // Reading the bulletin read its notice.
    await expect.poll(() => unreadOf(student), { timeout: 30_000 }).toBe(before);

    // ------------------------------------------------------------ a student who signs in afterwards
    const newcomer = await (await browser.newContext()).newPage();
    await newcomer.goto('/login');
    await signIn(newcomer, 'student4');
    const popup = newcomer.getByRole('dialog', { name: new RegExp(`Unread bulletin .*${title}`) });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('The library is closed on Friday for inventory.');
    await step(newcomer, testInfo, 'newcomer-popup');
    await popup.getByRole('button', { name: 'Mark as read' }).click();
    await expect(popup).toHaveCount(0);
    // Read: the next sign-in shows no popup.
    const bulletins = (await (await newcomer.request.get('/api/bulletins?type=org&unread=true&show_on_popup=true&page_size=100')).json()) as {
      items: { title: string }[];
    };
    expect(bulletins.items.map((b) => b.title)).not.toContain(title);
  } finally {
    // The journeys after this one sign in to the same organisation: the popup bulletin must not stay.
    const listed = (await (await admin.request.get(`/api/bulletins?type=org&keyword=${encodeURIComponent(title)}&page_size=100`)).json()) as {
      items: { id: number }[];
    };
    for (const bulletin of listed.items) expect((await admin.request.delete(`/api/bulletins/${bulletin.id}`)).ok()).toBe(true);
  }
});
