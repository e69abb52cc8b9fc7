import { writeFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { LOCALES, type Locale } from '@atrium/contracts';
import { api, DEMO_PASSWORD, expect, openInApp, settled, step, test } from './helpers.js';

// Issue 23 item 3: layouts hold in every one of the ten languages (Tamil, Thai and Malay are the longest):
// the main pages are opened in each language and no control's text may overflow its box — a button, a
// table header, a tab, a tag, a menu item, a form label, a heading — nor the page itself grow a
// horizontal scrollbar. Every page is kept as a screenshot (test-results/e2e-artifacts, CI's artefacts),
// so the glyphs of the fonts CI installs (scripts/ensure-system-packages.mjs) can be looked at.

/** The pages checked, as the instructor (CS101's) sees them; `/login` is checked before signing in. */
const PAGES = (courseId: number) => [
  '/user/index',
  '/user/courses',
  '/user/calendar',
  `/course/${courseId}/content`,
  `/course/${courseId}/forum`,
  `/course/${courseId}/score`,
  `/course/${courseId}/enrollments`,
];

/** What is measured: controls whose words must fit in them. */
const CONTROLS = [
  'button',
  'th',
  '[role="tab"]',
  '[role="menuitem"]',
  '.ant-tag',
  '.ant-form-item-label > label',
  '.ant-card-head-title',
  '.ant-radio-button-wrapper',
  '.ant-segmented-item-label',
  '.ant-statistic-title',
  'h1',
  'h2',
  'h3',
  '.fc-toolbar-title',
  '.fc-col-header-cell',
].join(', ');

interface Overflow {
  element: string;
  text: string;
  by: number;
}

/**
 * Finds visible controls whose laid-out text reaches past their own box (the text's Range against the
 * element's border box, so clipped text counts too): sideways by more than a pixel, or down by more than
 * the few pixels a tall script's glyphs reach past their line; and the page's own horizontal overflow. Text cut on purpose with an ellipsis (`text-overflow: ellipsis`: antd's table cells and
 * titles, shown whole in their tooltip) is not an overflow.
 */
async function overflows(page: Page, selector: string): Promise<Overflow[]> {
  return page.evaluate((controls) => {
    const found: { element: string; text: string; by: number }[] = [];
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).slice(0, 3).join('.')}` : ''}`;
    for (const el of document.querySelectorAll(controls)) {
      if (!(el instanceof HTMLElement) || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const text = (el.innerText ?? '').trim();
      if (!text) continue;
      // A switch holds both its labels and slides the one not shown out of its box (antd's Switch).
      if (el.getAttribute('role') === 'switch') continue;
      const ellipsised = [el, ...el.querySelectorAll('*')].some((node) => getComputedStyle(node).textOverflow === 'ellipsis');
      if (ellipsised) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const range = document.createRange();
      range.selectNodeContents(el);
      const words = range.getBoundingClientRect();
      if (words.width === 0) continue;
      const across = Math.max(words.right - box.right, box.left - words.left);
      const down = Math.max(words.bottom - box.bottom, box.top - words.top);
      // Across, a pixel is an overflow. Down, a tall script's glyphs reach a few pixels past a line box by
      // design (Lohit Tamil in a small button: 2 px), and drawn whole; a wrapped line is a full line past it.
      if (across > 1 || down > 4) found.push({ element: describe(el), text: text.slice(0, 80), by: Math.round(Math.max(across, down)) });
    }
    const page = document.documentElement;
    if (page.scrollWidth > page.clientWidth + 1) found.push({ element: 'html', text: '(the page scrolls sideways)', by: page.scrollWidth - page.clientWidth });
    return found;
  }, selector);
}

/** Opens `url`, waits for it to settle in `locale`, keeps its screenshot and answers its overflows. */
async function check(page: Page, url: string, locale: Locale, testInfo: TestInfo) {
  await openInApp(page, url);
  expect(await settled(page), `${url} settles in ${locale}`).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await step(page, testInfo, `${locale}${url.replace(/\W+/g, '-')}`);
  return (await overflows(page, CONTROLS)).map((o) => ({ url, ...o }));
}

for (const locale of LOCALES) {
  test(`layouts hold in ${locale}: no control's text overflows its box on the main pages`, async ({ browser }, testInfo) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1366, height: 768 } });
    // The language chosen in this browser, as the language menu stores it (lib/i18n.ts).
    await context.addInitScript((chosen) => window.localStorage.setItem('atrium.locale', chosen), locale);
    const page = await context.newPage();
    const found: { url: string; element: string; text: string; by: number }[] = [];
    found.push(...(await check(page, '/login', locale, testInfo)));

    await api(context.request, 'POST', '/api/login', { user_name: 'instructor', password: DEMO_PASSWORD });
    // The browser's choice is saved with the account (LocaleSync): put the account's own back afterwards,
    // so the other journeys' e-mails stay in the language they expect.
    const { locale: accountLocale } = await api<{ locale: Locale | null }>(context.request, 'GET', '/api/user');
    try {
      const mine = await api<{ items: { id: number; course_code: string }[] }>(context.request, 'GET', '/api/user/courses?page_size=100');
      const cs101 = mine.items.find((c) => c.course_code === 'CS101');
      expect(cs101, 'the seeded CS101').toBeDefined();
      await page.goto('/user/index');
      for (const url of PAGES(cs101!.id)) found.push(...(await check(page, url, locale, testInfo)));
    } finally {
      await page.close();
      await api(context.request, 'PUT', '/api/user/locale', { locale: accountLocale });
    }
    const report = testInfo.outputPath(`overflow-${locale}.json`);
    writeFileSync(report, JSON.stringify({ locale, pages: PAGES(0).length + 1, found }, null, 2));
    await testInfo.attach(`overflow-${locale}`, { path: report, contentType: 'application/json' });
    await context.close();
    expect(found, `text overflowing its box in ${locale}:\n${found.map((f) => `${f.url} ${f.element} "${f.text}" by ${f.by}px`).join('\n')}`).toEqual([]);
  });
}
