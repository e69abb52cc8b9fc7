import { type Page, type TestInfo } from '@playwright/test';
import { expect, joinCourseByCode, readAccessCode, signIn, step, test } from './helpers.js';

const MODULE = 'Course feedback';
const TITLE = 'End of term survey';
const CHOICE_QUESTION = 'How often did you practise outside class?';
const RATING_QUESTION = 'How clear were the lectures?';
const TEXT_QUESTION = 'What should we change next term?';

/** A name that contains `text` (a question's legend also holds its number and "Required"). */
const containing = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** Opens "Add a question", picks `typeLabel` and types the question's text; returns the modal. */
async function startQuestion(page: Page, typeLabel: string, question: string) {
  await page.getByRole('button', { name: 'Add a question' }).click();
  await page.getByRole('menuitem', { name: typeLabel, exact: true }).click();
  const modal = page.getByRole('dialog', { name: `Add a question: ${typeLabel}` });
  await expect(modal).toBeVisible();
  await modal.getByRole('textbox', { name: 'Question' }).click();
  await page.keyboard.type(question);
  await modal.getByRole('switch', { name: 'Answer required' }).click();
  return modal;
}

/** Saves the question modal and waits for the list to hold `count` questions. */
async function saveQuestion(page: Page, modal: ReturnType<Page['getByRole']>, count: number) {
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('subject-item')).toHaveCount(count);
  await expect(page.getByRole('tab', { name: `Questions (${count})` })).toBeVisible();
}

/**
 * Answers the questionnaire shown on `page` (full screen or inline): the anonymity notice first, then
 * a choice, a rating and a text; confirms; ends on the thank-you state. Returns the body sent.
 */
async function answer(page: Page, testInfo: TestInfo, label: string, choice: string, rating: number, text: string) {
  await expect(page.getByTestId('activity-title')).toHaveText(TITLE);
  // Opening it does not complete it: answering does.
  await expect(page.getByTestId('activity-completed-tag')).toHaveCount(0);
  await expect(page.getByTestId('anonymous-notice')).toHaveText('This questionnaire is anonymous: your answers are not linked to you.');
  await expect(page.getByTestId('questionnaire-subject')).toHaveCount(3);
  await page
    .getByRole('group', { name: containing(CHOICE_QUESTION) })
    .getByRole('radio', { name: choice, exact: true })
    .check();
  // antd draws a rating's radios as buttons (the input itself has no size): press the button, then read the radio.
  const scale = page.getByRole('group', { name: containing(RATING_QUESTION) });
  const value = new RegExp(`^${rating}\\b`); // the scale's ends carry their labels: "5 (Very clear)"
  await scale.getByRole('radiogroup').getByText(value).click();
  await expect(scale.getByRole('radio', { name: value })).toBeChecked();
  await page.getByRole('textbox', { name: containing(TEXT_QUESTION) }).fill(text);
  await expect(page.getByText('3 of 3 answered')).toBeVisible();
  await step(page, testInfo, `${label}-answers`);

  await page.getByRole('button', { name: 'Submit' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Submit your answers?' });
  await expect(confirm).toContainText('You answered 3 of 3 questions. Once submitted, your answers cannot be changed.');
  const sent = page.waitForRequest((r) => r.url().endsWith('/responses') && r.method() === 'POST');
  const stored = page.waitForResponse((r) => r.url().endsWith('/responses') && r.request().method() === 'POST');
  await confirm.getByRole('button', { name: 'Submit' }).click();
  expect((await stored).status()).toBe(201);
  await expect(confirm).toBeHidden();
  const answered = page.getByTestId('questionnaire-answered');
  await expect(answered.getByText('Thank you for your answers')).toBeVisible();
  await expect(answered.getByRole('alert')).toHaveText('This questionnaire is anonymous: your answers are not linked to you, so they cannot be shown here.');
  await expect(page.getByTestId('questionnaire-submit')).toHaveCount(0);
  await expect(page.getByTestId('activity-completed-tag')).toBeVisible();
  await step(page, testInfo, `${label}-thank-you`);
  return (await sent).postDataJSON() as unknown;
}

/** After a reload the questionnaire stays answered, with no form; a second submission is refused by the server. */
async function cannotAnswerAgain(page: Page, testInfo: TestInfo, label: string, activityId: number, body: unknown) {
  await page.reload();
  const answered = page.getByTestId('questionnaire-answered');
  await expect(answered.getByText('You have answered this questionnaire')).toBeVisible();
  await expect(answered.getByRole('alert')).toContainText('This questionnaire is anonymous');
  await expect(page.getByTestId('questionnaire-submit')).toHaveCount(0);
  await expect(page.getByTestId('questionnaire-subject')).toHaveCount(0);
  const again = await page.request.post(`/api/questionnaires/${activityId}/responses`, { data: body });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { code: string }).code).toBe('QUESTIONNAIRE_ANSWERED');
  await step(page, testInfo, `${label}-answered-after-reload`);
}

/**
 * Issue 15 §5 journey: an instructor builds an anonymous questionnaire (a single choice, a rating
 * and a text question) through the activity form and its Questions tab and publishes it; two
 * students answer it — one full screen, one beside the course outline — and cannot answer twice;
 * the instructor's Results show both responses in the charts and tables, the rating's mean and the
 * text answers, with no learner's name anywhere.
 */
test('an anonymous questionnaire: built by the instructor, answered by two students, shown in the results without names', async ({ browser }, testInfo) => {
  test.setTimeout(360_000);
  const courseName = `Survey course ${Date.now().toString(36)}`;
  const teacher = await (await browser.newContext()).newPage();
  await teacher.goto('/login');
  await signIn(teacher, 'instructor');
  await expect(teacher).toHaveURL(/\/user\/index$/);
  const created = await teacher.request.post('/api/course', {
    data: { name: courseName, course_code: 'QS101', academic_year: '2026-2027', semester: 'Autumn' },
  });
  expect(created.ok()).toBe(true);
  const courseId = ((await created.json()) as { id: number }).id;
  const courseUrl = `/course/${courseId}`;

  await teacher.goto(`${courseUrl}/content`);
  await teacher.getByRole('button', { name: 'Add module' }).click();
  const moduleDialog = teacher.getByRole('dialog', { name: 'Add module' });
  await moduleDialog.getByLabel('Module title').fill(MODULE);
  await moduleDialog.getByRole('button', { name: 'Save' }).click();
  await expect(teacher.getByTestId('content-module').filter({ hasText: MODULE })).toBeVisible();

  // The activity: a questionnaire, anonymous.
  await teacher.getByTestId('content-module').filter({ hasText: MODULE }).getByRole('button', { name: 'Add activity' }).click();
  const dialog = teacher.getByRole('dialog', { name: 'Add activity' });
  await dialog.getByLabel('Activity type').click();
  await teacher.keyboard.type('Questionnaire');
  await teacher.keyboard.press('Enter');
  await dialog.getByLabel('Title', { exact: true }).fill(TITLE);
  const anonymous = dialog.getByRole('switch', { name: 'Anonymous' });
  await expect(anonymous).not.toBeChecked();
  await anonymous.click();
  await expect(anonymous).toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'Show results to learners' })).not.toBeChecked();
  // Completed when submitted (a new questionnaire's default since issue 15's follow-up; chosen again to show it on the form).
  await dialog.getByLabel('Completed when').click();
  await teacher.locator('.ant-select-item-option[title="Submitted"]').click();
  await expect(dialog.getByTitle('Submitted', { exact: true })).toBeVisible();
  await step(teacher, testInfo, 'instructor-questionnaire-activity-form');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const activityLink = teacher.getByTestId('content-activity').filter({ hasText: TITLE }).getByRole('link', { name: TITLE });
  const href = await activityLink.getAttribute('href');
  const activityId = Number(/#\/questionnaire\/(\d+)$/.exec(href ?? '')?.[1]);
  expect(activityId).toBeGreaterThan(0);
  const fullScreenUrl = `${courseUrl}/learning-activity/full-screen#/questionnaire/${activityId}`;
  const inlineUrl = `${courseUrl}/learning-activity#/questionnaire/${activityId}`;
  expect(href).toBe(fullScreenUrl);

  // Its questions, in the Questions tab of the questionnaire's page.
  await teacher.goto(inlineUrl);
  await expect(teacher.getByTestId('activity-title')).toHaveText(TITLE);
  const settings = teacher.getByTestId('questionnaire-settings');
  await expect(settings).toContainText('Anonymous');
  await expect(settings).toContainText('Results for the team only');
  await expect(teacher.getByRole('tab', { name: 'Questions (0)', selected: true })).toBeVisible();
  await expect(teacher.getByText('No questions yet. Add the first one.')).toBeVisible();

  let modal = await startQuestion(teacher, 'Single choice', CHOICE_QUESTION);
  await modal.getByRole('textbox', { name: 'Option 1' }).fill('Never');
  await modal.getByRole('textbox', { name: 'Option 2' }).fill('Weekly');
  await modal.getByRole('button', { name: 'Add an option' }).click();
  await modal.getByRole('textbox', { name: 'Option 3' }).fill('Daily');
  await step(teacher, testInfo, 'instructor-single-choice-question');
  await saveQuestion(teacher, modal, 1);

  modal = await startQuestion(teacher, 'Rating scale', RATING_QUESTION);
  await expect(modal.getByRole('spinbutton', { name: /Lowest$/ })).toHaveValue('1');
  await expect(modal.getByRole('spinbutton', { name: /Highest$/ })).toHaveValue('5');
  await modal.getByRole('textbox', { name: 'Label of the lowest' }).fill('Not at all');
  await modal.getByRole('textbox', { name: 'Label of the highest' }).fill('Very clear');
  await saveQuestion(teacher, modal, 2);

  modal = await startQuestion(teacher, 'Text', TEXT_QUESTION);
  await expect(modal.getByRole('switch', { name: 'Several lines' })).toBeChecked();
  await saveQuestion(teacher, modal, 3);

  const items = teacher.getByTestId('subject-item');
  await expect(items.nth(0)).toContainText('Single choice');
  await expect(items.nth(0)).toContainText(CHOICE_QUESTION);
  for (const option of ['Never', 'Weekly', 'Daily']) await expect(items.nth(0)).toContainText(option);
  await expect(items.nth(1)).toContainText('Rating scale');
  await expect(items.nth(1)).toContainText('From 1 (Not at all) to 5 (Very clear)');
  await expect(items.nth(2)).toContainText('Text answer, several lines');
  await step(teacher, testInfo, 'instructor-three-questions');

  // Published: module and activity.
  await teacher.goto(`${courseUrl}/content`);
  await teacher.getByRole('switch', { name: `Publish module ${MODULE}` }).click();
  await expect(teacher.getByRole('switch', { name: `Publish module ${MODULE}` })).toBeChecked();
  await teacher.getByRole('switch', { name: `Publish ${TITLE}` }).click();
  await expect(teacher.getByRole('switch', { name: `Publish ${TITLE}` })).toBeChecked();
  await step(teacher, testInfo, 'instructor-published');
  const accessCode = await readAccessCode(teacher);

  // Student 1 answers full screen (the route the activity link and the notification open).
  const first = await joinCourseByCode(browser, 'student1', accessCode, courseName);
  await first.goto(fullScreenUrl);
  await expect(first.getByRole('link', { name: 'Back to the course' })).toBeVisible();
  await expect(first.getByText(courseName)).toBeVisible();
  await expect(first.getByTestId('exit-full-screen')).toBeVisible();
  const firstBody = await answer(first, testInfo, 'student1-full-screen', 'Weekly', 4, 'More worked examples, please.');
  await cannotAnswerAgain(first, testInfo, 'student1', activityId, firstBody);
  await first.context().close();

  // Student 5 answers inline, beside the course outline.
  const second = await joinCourseByCode(browser, 'student5', accessCode, courseName);
  await second.goto(inlineUrl);
  await expect(second.getByTestId('full-screen-link')).toBeVisible();
  const secondBody = await answer(second, testInfo, 'student5-inline', 'Weekly', 5, 'Keep the Friday quizzes.');
  await cannotAnswerAgain(second, testInfo, 'student5', activityId, secondBody);
  await second.context().close();

  // The instructor's Results: both responses, counted in charts and tables, no names.
  await teacher.goto(inlineUrl);
  await teacher.getByRole('tab', { name: 'Results' }).click();
  const results = teacher.getByTestId('questionnaire-results');
  await expect(results.getByTestId('response-count')).toContainText('2');
  await expect(results.getByTestId('learner-count')).toContainText('2');
  await expect(results.getByText('2 of 2 learners answered')).toBeVisible();
  const cards = results.getByTestId('subject-result');
  await expect(cards).toHaveCount(3);
  for (let i = 0; i < 3; i++) await expect(cards.nth(i)).toContainText('2 answered');

  // 1. The single choice: Weekly twice, the others never.
  const choiceTable = cards.nth(0).getByRole('table', { name: 'Counts of the answers to question 1' });
  await expect(choiceTable.getByRole('row', { name: /^Never\s+0\s+0%$/ })).toBeVisible();
  await expect(choiceTable.getByRole('row', { name: /^Weekly\s+2\s+100%$/ })).toBeVisible();
  await expect(choiceTable.getByRole('row', { name: /^Daily\s+0\s+0%$/ })).toBeVisible();
  const choiceChart = cards.nth(0).getByRole('img', { name: 'Chart of the answers to question 1' });
  await expect(choiceChart.locator('svg')).toBeVisible();
  for (const option of ['Never', 'Weekly', 'Daily']) await expect(choiceChart).toContainText(option);
  await expect(choiceChart.locator('.recharts-label-list')).toContainText('2');

  // 2. The rating: a 4 and a 5, mean 4.50.
  await expect(cards.nth(1).getByTestId('rating-mean')).toContainText('4.50');
  await expect(cards.nth(1).getByText('Mean (1–5)')).toBeVisible();
  const ratingTable = cards.nth(1).getByRole('table', { name: 'Counts of the answers to question 2' });
  await expect(ratingTable.getByRole('row', { name: /^4\s+1\s+50%$/ })).toBeVisible();
  await expect(ratingTable.getByRole('row', { name: /^5\s+1\s+50%$/ })).toBeVisible();
  await expect(ratingTable.getByRole('row', { name: /^1\s+0\s+0%$/ })).toBeVisible();
  const ratingChart = cards.nth(1).getByRole('img', { name: 'Chart of the answers to question 2' });
  await expect(ratingChart).toContainText('mean 4.50');

  // 3. The text answers, without anyone's name.
  const texts = cards.nth(2).getByTestId('text-answer');
  await expect(texts).toHaveCount(2);
  await expect(cards.nth(2).getByRole('list', { name: '2 text answers' })).toBeVisible();
  await expect(cards.nth(2)).toContainText('More worked examples, please.');
  await expect(cards.nth(2)).toContainText('Keep the Friday quizzes.');
  await expect(texts.locator('.anticon-user')).toHaveCount(0);
  await expect(results).not.toContainText(/Student \d|student\d/);
  await expect(results.getByText('Anonymous', { exact: true })).toBeVisible();
  await step(teacher, testInfo, 'instructor-results');

  // The server's results carry no user either.
  const raw = (await (await teacher.request.get(`/api/questionnaires/${activityId}/results`)).json()) as {
    response_count: number;
    subjects: { texts?: { user: unknown }[] }[];
  };
  expect(raw.response_count).toBe(2);
  expect(raw.subjects[2]!.texts!.map((t) => t.user)).toEqual([null, null]);
  expect(JSON.stringify(raw)).not.toMatch(/Student \d|student\d/);
  await teacher.context().close();
});
