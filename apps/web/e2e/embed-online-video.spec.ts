import { expect, signIn, step, test } from './helpers.js';

/**
 * Spec §2 embed online video popup, §5 supported link: an instructor embeds a
 * YouTube video into a material activity beside its files (an unsupported link
 * is refused on the original-URL field first); the activity lists it as an
 * online video and the previewer plays it in the provider's privacy-enhanced
 * frame, with no download.
 */
test('an instructor embeds an online video in a material activity and it opens in the previewer', async ({ page }, testInfo) => {
  await page.goto('/login');
  await signIn(page, 'instructor');
  await expect(page).toHaveURL(/\/user\/index$/);
  const created = await page.request.post('/api/course', { data: { name: `Embeds ${Date.now().toString(36)}`, course_code: 'EMB1' } });
  expect(created.ok()).toBe(true);
  const courseId = ((await created.json()) as { id: number }).id;
  expect((await page.request.post(`/api/courses/${courseId}/modules`, { data: { title: 'Recordings' } })).ok()).toBe(true);

  await page.goto(`/course/${courseId}/content`);
  await page.getByTestId('content-module').filter({ hasText: 'Recordings' }).getByRole('button', { name: 'Add activity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add activity' });
  await dialog.getByLabel('Activity type').click();
  await page.keyboard.type('Material');
  await page.keyboard.press('Enter');
  await dialog.getByLabel('Title', { exact: true }).fill('Lecture recordings');

  await dialog.getByRole('button', { name: 'Embed online video' }).click();
  const embed = page.getByRole('dialog', { name: 'Embed online video' });
  await embed.getByLabel('Title').fill('Week 1 lecture');
  await embed.getByLabel('Original URL').fill('https://example.com/lecture.mp4');
  await embed.getByRole('button', { name: 'Embed' }).click();
  await expect(embed.getByText('This is not a supported online video link.')).toBeVisible();
  await step(page, testInfo, 'embed-refused');
  await embed.getByLabel('Original URL').fill('https://youtu.be/dQw4w9WgXcQ');
  await embed.getByRole('button', { name: 'Embed' }).click();
  await expect(embed).toBeHidden();
  await expect(dialog.getByTestId('activity-upload').filter({ hasText: 'Week 1 lecture' })).toContainText('Online video');
  await step(page, testInfo, 'embedded-in-form');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await page.getByTestId('content-activity').filter({ hasText: 'Lecture recordings' }).getByRole('link', { name: 'Lecture recordings' }).click();
  const file = page.getByTestId('activity-file').filter({ hasText: 'Week 1 lecture' });
  await expect(file).toContainText('Online video');
  await file.getByRole('button', { name: 'Week 1 lecture' }).click();
  const frame = page.getByTestId('online-video-frame');
  await expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Download' })).toHaveCount(0);
  await step(page, testInfo, 'embedded-in-previewer');
});
