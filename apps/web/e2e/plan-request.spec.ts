import { api, expect, signedIn, step, test } from './helpers.js';

// Issue 24 item 3 journey: an organisation admin applies for more storage from /management/plan through the
// apply popup; the platform operator approves it at /wg-admin/request; the admin sees the new storage and the
// notice of the decision.

const GiB = 1024 ** 3;

test('an org admin applies for more storage and the platform operator approves it', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const admin = await (await browser.newContext()).newPage();
  await signedIn(admin, 'admin');
  // A request left pending by an earlier run would keep the apply button disabled: withdraw it first.
  const before = await api<{ plan: { storage_bytes: number } | null; pending_request: { id: number } | null }>(admin.request, 'GET', '/api/org/plan');
  if (before.pending_request) await api(admin.request, 'DELETE', `/api/org/plan/requests/${before.pending_request.id}`);
  const wantedGiB = Math.round((before.plan?.storage_bytes ?? 200 * GiB) / GiB) + 100;
  const reason = `Lecture recordings ${Date.now().toString(36)}`;

  // 1. The plan page: the plan, its usage, the apply popup.
  await admin.goto('/management/plan');
  await expect(admin.getByRole('heading', { level: 1, name: 'Plan' })).toBeVisible();
  await expect(admin.getByText(/^Current plan: /)).toBeVisible();
  await step(admin, testInfo, 'admin-plan');
  await admin.getByRole('button', { name: 'Apply for a change' }).click();
  const popup = admin.getByRole('dialog', { name: 'Apply for a plan change' });
  const storage = popup.getByLabel('Storage (GiB)');
  await storage.fill(String(wantedGiB));
  await popup.getByLabel('Reason').fill(reason);
  await step(admin, testInfo, 'admin-apply-popup');
  const sent = admin.waitForResponse((r) => r.url().endsWith('/api/org/plan/requests') && r.request().method() === 'POST');
  await popup.getByRole('button', { name: 'Send request' }).click();
  expect((await sent).status()).toBe(201);
  const pending = admin.getByTestId('pending-request');
  await expect(pending).toContainText(`Storage: ${wantedGiB.toFixed(2)} GB`);
  await expect(admin.getByRole('button', { name: 'Apply for a change' })).toBeDisabled();
  await step(admin, testInfo, 'admin-pending');

  // 2. The operator: the header's Plan requests, the pending request, approved with a note.
  const operator = await (await browser.newContext()).newPage();
  await signedIn(operator, 'operator');
  await operator.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Plan requests' }).click();
  await expect(operator).toHaveURL(/\/wg-admin\/request$/);
  const row = operator.getByRole('row').filter({ hasText: reason });
  await expect(row).toContainText('Atrium Demo University');
  await expect(row).toContainText(`Storage: ${wantedGiB.toFixed(2)} GB`);
  await step(operator, testInfo, 'operator-requests');
  await row.getByRole('button', { name: 'Approve' }).click();
  const decide = operator.getByRole('dialog', { name: 'Approve the request of Atrium Demo University?' });
  await decide.getByLabel('Note to the organization (optional)').fill('Granted for the academic year');
  const decided = operator.waitForResponse((r) => /\/api\/wg-admin\/plan-requests\/\d+$/.test(r.url()) && r.request().method() === 'PUT');
  await decide.getByRole('button', { name: 'Approve' }).click();
  expect((await decided).status()).toBe(200);
  await expect(operator.getByText('No request is waiting for a decision.')).toBeVisible();

  // 3. The admin: the new storage in force, the request approved in the history, the notice of the decision.
  await admin.reload();
  await expect(admin.getByText(new RegExp(`of ${wantedGiB.toFixed(2)} GB$`))).toBeVisible();
  await expect(admin.getByTestId('pending-request')).toHaveCount(0);
  const history = admin.getByRole('row').filter({ hasText: reason });
  await expect(history).toContainText('Approved');
  await expect(history).toContainText('Granted for the academic year');
  await admin.getByRole('button', { name: /^Notifications/ }).click();
  await expect(admin.getByText('Plan change approved for Atrium Demo University').first()).toBeVisible();
  await step(admin, testInfo, 'admin-approved');
});
