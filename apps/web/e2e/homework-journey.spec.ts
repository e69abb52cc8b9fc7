import path from 'node:path';
import ExcelJS from 'exceljs';
import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, fixturePath, joinCourseByCode, readAccessCode, signIn, step, test } from './helpers.js';

const HOMEWORK = 'Essay on trace trees';
const PDF = fixturePath('pdf', 'pdfjs__rotation.pdf');
const DOCX = fixturePath('office', 'pythondocx__test.docx');
const PDF_NAME = path.basename(PDF);
const DOCX_NAME = path.basename(DOCX);
const COMMENT = 'Cite your sources here';

/** Counts clearly red pixels of a canvas (the editor's default annotation colour, #e53935): proof that the annotation was flattened into the page. */
async function redPixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((element: HTMLCanvasElement) => {
    const ctx = element.getContext('2d');
    if (!ctx || element.width === 0) return 0;
    const { data } = ctx.getImageData(0, 0, element.width, element.height);
    let red = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! > 170 && data[i + 1]! < 110 && data[i + 2]! < 110) red++;
    return red;
  });
}

/** The course's 100 % popup (the homework is its only activity): waits for it to settle, closes it and waits for the server to record that it was seen. */
async function acknowledgeCompletion(page: Page, courseId: number) {
  const completed = page.getByRole('dialog').filter({ hasText: 'You have completed all the learning in this course.' });
  await expect(completed).toBeVisible();
  // A click during the popup's zoom-in is lost: wait for it to settle.
  await expect(completed).not.toHaveClass(/ant-zoom-appear/);
  const acknowledged = page.waitForResponse((r) => r.url().endsWith(`/api/courses/${courseId}/study-completeness/completion-popup`));
  await completed.getByRole('button', { name: 'OK' }).click();
  expect((await acknowledged).ok()).toBe(true);
  await expect(completed).toBeHidden();
}

/** Statuses of a submission's files as the course team reads them (`GET /api/homework-submissions/{id}`). */
async function fileStatuses(request: APIRequestContext, submissionId: number): Promise<Record<string, string>> {
  const answer = await request.get(`/api/homework-submissions/${submissionId}`);
  expect(answer.ok()).toBe(true);
  const submission = (await answer.json()) as { uploads: { name: string; status: string }[] };
  return Object.fromEntries(submission.uploads.map((u) => [u.name, u.status]));
}

/** A cell's text as exceljs read it (numbers, rich text, formula results). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'result' in value) return cellText(value.result as ExcelJS.CellValue);
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((r) => r.text).join('');
  return String(value).trim();
}

/**
 * Issue 16 journey: a student hands in a PDF and a docx through the resumable uploader; the
 * instructor grades the PDF in the PDF editor — draws with the pen, writes a comment with the text
 * tool, tries 101 and sees homework.scoreError (nothing saved), saves 87 — checks the docx opens
 * on its LibreOffice-converted PDF, and publishes; the student sees 87 and the annotated copy
 * (a flattened PDF with the red ink in it); the gradebook's Excel export, read with exceljs,
 * matches the gradebook on screen.
 */
test('a student hands in a PDF and a docx; the instructor annotates and grades the PDF in the editor, publishes; the student sees 87 and the annotated PDF; the Excel export matches the gradebook', async ({
  browser,
}, testInfo) => {
  test.setTimeout(480_000);
  const courseName = `Homework ${Date.now().toString(36)}`;
  const teacher = await (await browser.newContext()).newPage();
  await teacher.goto('/login');
  await signIn(teacher, 'instructor');
  await expect(teacher).toHaveURL(/\/user\/index$/);
  const created = await teacher.request.post('/api/course', {
    data: { name: courseName, course_code: 'HW101', academic_year: '2026-2027', semester: 'Autumn' },
  });
  expect(created.ok()).toBe(true);
  const courseId = ((await created.json()) as { id: number }).id;
  const courseUrl = `/course/${courseId}`;

  try {
    // ------------------------------------------------------------ the homework, built in the activity form
    await teacher.goto(`${courseUrl}/content`);
    await teacher.getByRole('button', { name: 'Add module' }).click();
    const moduleDialog = teacher.getByRole('dialog', { name: 'Add module' });
    await moduleDialog.getByLabel('Module title').fill('Week 1');
    await moduleDialog.getByRole('button', { name: 'Save' }).click();
    await expect(teacher.getByTestId('content-module').filter({ hasText: 'Week 1' })).toBeVisible();

    await teacher.getByTestId('content-module').filter({ hasText: 'Week 1' }).getByRole('button', { name: 'Add activity' }).click();
    const activityDialog = teacher.getByRole('dialog', { name: 'Add activity' });
    await activityDialog.getByLabel('Activity type').click();
    await teacher.keyboard.type('Homework');
    await teacher.keyboard.press('Enter');
    await activityDialog.getByLabel('Title', { exact: true }).fill(HOMEWORK);
    const settings = activityDialog.getByTestId('homework-settings');
    await expect(settings).toBeVisible();
    await settings.getByLabel('Most files').fill('3');
    await step(teacher, testInfo, 'instructor-homework-settings');
    await activityDialog.getByRole('button', { name: 'Save' }).click();
    await expect(activityDialog).toBeHidden();
    await expect(teacher.getByTestId('content-activity').filter({ hasText: HOMEWORK })).toBeVisible();
    await teacher.getByRole('switch', { name: 'Publish module Week 1' }).click();
    await expect(teacher.getByRole('switch', { name: 'Publish module Week 1' })).toBeChecked();
    await teacher.getByRole('switch', { name: `Publish ${HOMEWORK}` }).click();
    await expect(teacher.getByRole('switch', { name: `Publish ${HOMEWORK}` })).toBeChecked();
    const accessCode = await readAccessCode(teacher);
    await teacher.keyboard.press('Escape');
    await expect(teacher.getByTestId('access-code')).toBeHidden();

    // ------------------------------------------------------------ the student hands in a PDF and a docx
    const student = await joinCourseByCode(browser, 'student1', accessCode, courseName);
    await student.goto(`${courseUrl}/content`);
    await student.getByTestId('content-activity').filter({ hasText: HOMEWORK }).getByRole('button', { name: HOMEWORK, exact: true }).click();
    await expect(student.getByTestId('activity-title')).toHaveText(HOMEWORK);
    const homeworkUrl = student.url();
    const activityId = Number(/#\/(\d+)/.exec(homeworkUrl)?.[1]);
    expect(activityId).toBeGreaterThan(0);
    await expect(student.getByTestId('homework-state')).toHaveText('Not handed in');
    await expect(student.getByTestId('homework-facts')).toContainText('At most 3 files');

    const form = student.getByTestId('homework-form');
    const handedFile = (name: string) => form.getByTestId('homework-file').filter({ hasText: name });
    // One after the other, so the submission keeps them in this order and "Grade" opens the PDF.
    await form.getByTestId('upload-input').setInputFiles(PDF);
    await expect(handedFile(PDF_NAME)).toBeVisible();
    await form.getByTestId('upload-input').setInputFiles(DOCX);
    await expect(handedFile(DOCX_NAME)).toBeVisible();
    await expect(form.getByTestId('homework-file')).toHaveCount(2);
    await step(student, testInfo, 'student-files-uploaded');

    await form.getByRole('button', { name: 'Hand in' }).click();
    const confirmHandIn = student.getByRole('dialog').filter({ hasText: 'Hand in your homework?' });
    await confirmHandIn.getByRole('button', { name: 'Hand in' }).click();
    await expect(confirmHandIn).toBeHidden();
    await expect(student.getByTestId('homework-state')).toContainText('Handed in');

    // The hand-in is the server's: a reload finds it (and the course, whose only activity this is, completed).
    await student.reload();
    await acknowledgeCompletion(student, courseId);
    await expect(student.getByTestId('homework-state')).toContainText('Handed in');
    await expect(student.getByTestId('homework-awaiting')).toHaveText('Your work was handed in. The score will appear here once the course team publishes it.');
    // Handed in, the learner sees what they handed in (the form opens again only with "Change my answer").
    const handedIn = student.getByTestId('homework-submitted-work');
    await expect(handedIn.getByTestId('homework-file').filter({ hasText: PDF_NAME })).toBeVisible();
    await expect(handedIn.getByTestId('homework-file').filter({ hasText: DOCX_NAME })).toBeVisible();
    await expect(form).toBeHidden();
    await step(student, testInfo, 'student-handed-in');

    // ------------------------------------------------------------ the instructor grades the PDF in the editor
    await teacher.goto(`${courseUrl}/learning-activity#/${activityId}?view=scores`);
    const submissions = teacher.getByTestId('homework-submission-list');
    await expect(submissions.getByTestId('homework-summary')).toContainText('1 of 1 handed in · 0 graded · 0 late');
    const submissionRow = submissions.getByRole('row', { name: /Student 1/ });
    await expect(submissionRow).toContainText('To grade');
    const submissionsUrl = teacher.url();
    await step(teacher, testInfo, 'instructor-submissions');
    await submissionRow.getByRole('button', { name: 'Grade Student 1' }).click();

    await expect(teacher).toHaveURL(/\/pdf\/editor\?/);
    const submissionId = Number(new URL(teacher.url()).searchParams.get('submissionId'));
    expect(submissionId).toBeGreaterThan(0);
    const editor = teacher.getByTestId('pdf-editor');
    await expect(editor).toBeVisible({ timeout: 30_000 });
    await expect(editor.getByRole('banner')).toContainText(PDF_NAME);
    const grading = teacher.getByRole('complementary', { name: 'Grading' });
    await expect(grading).toContainText('Student 1');
    await expect(grading.getByRole('navigation', { name: 'Files' }).getByRole('button', { name: PDF_NAME })).toHaveAttribute('aria-current', 'page');
    const page1 = teacher.getByTestId('editor-page-1');
    await expect(page1).toHaveAttribute('data-rendered', 'true');
    await expect(editor).toHaveAttribute('data-changed', 'false');

    // Draw with the pen: a zigzag by mouse on page 1's annotation layer.
    const layer = teacher.getByTestId('annotation-layer-1');
    await teacher.getByTestId('tool-pen').click();
    const box = (await layer.boundingBox())!;
    await teacher.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.25);
    await teacher.mouse.down();
    for (let i = 1; i <= 12; i++) await teacher.mouse.move(box.x + box.width * (0.2 + i * 0.04), box.y + box.height * (i % 2 === 0 ? 0.25 : 0.3), { steps: 3 });
    await teacher.mouse.up();
    await expect(layer.locator('polyline')).toHaveCount(1);
    await expect(editor).toHaveAttribute('data-changed', 'true');
    await expect(teacher.getByTestId('unsaved')).toHaveText('Unsaved changes');

    // Write a comment with the text tool: click where it goes, type, Enter places it.
    await teacher.getByTestId('tool-text').click();
    await layer.click({ position: { x: box.width * 0.2, y: box.height * 0.4 } });
    const commentBox = teacher.getByRole('textbox', { name: 'Comment text' });
    await expect(commentBox).toBeFocused();
    await commentBox.fill(COMMENT);
    await commentBox.press('Enter');
    await expect(commentBox).toBeHidden();
    await expect(layer).toContainText(COMMENT);
    await step(teacher, testInfo, 'instructor-annotated');

    // 101: the server refuses it with homework.scoreError; nothing is saved and the changes stay.
    const score = grading.getByRole('spinbutton', { name: 'Score' });
    await score.fill('101');
    await grading.getByLabel('Feedback').fill('Clear argument; see the comment on page 1.');
    const refused = teacher.waitForResponse((r) => r.url().endsWith(`/api/homework-submissions/${submissionId}/score`) && r.request().method() === 'PUT');
    await grading.getByRole('button', { name: 'Save' }).click();
    expect((await refused).status()).toBe(400);
    await expect(grading.getByText('The score must be between 0 and 100.')).toBeVisible();
    await expect(editor).toHaveAttribute('data-changed', 'true');
    await expect(teacher.getByTestId('unsaved')).toBeVisible();
    await expect(grading.getByRole('navigation', { name: 'Files' })).not.toContainText('Annotated');
    await step(teacher, testInfo, 'instructor-score-101-refused');
    const afterRefusal = (await (await teacher.request.get(`/api/homework-submissions/${submissionId}`)).json()) as { score: number | null };
    expect(afterRefusal.score).toBeNull();

    // 87: score, feedback and annotations saved (the annotated copy is flattened beside the original).
    await score.fill('87');
    await expect(grading.getByText('The score must be between 0 and 100.')).toBeHidden();
    const annotationsSaved = teacher.waitForResponse(
      (r) => r.url().endsWith(`/api/homework-submissions/${submissionId}/annotations`) && r.request().method() === 'PUT',
    );
    await grading.getByRole('button', { name: 'Save' }).click();
    expect((await annotationsSaved).ok()).toBe(true);
    await expect(teacher.getByText('Saved', { exact: true })).toBeVisible();
    await expect(editor).toHaveAttribute('data-changed', 'false');
    await expect(teacher.getByTestId('unsaved')).toBeHidden();
    await expect(grading.getByRole('spinbutton', { name: 'Score' })).toHaveValue('87');
    await expect(grading.getByRole('navigation', { name: 'Files' }).getByRole('listitem').filter({ hasText: PDF_NAME })).toContainText('Annotated');
    await step(teacher, testInfo, 'instructor-saved-87');

    // The docx opens in the editor on its converted PDF once LibreOffice is done with it.
    await expect.poll(async () => (await fileStatuses(teacher.request, submissionId))[DOCX_NAME], { timeout: 90_000, intervals: [1000] }).toBe('ready');
    await grading.getByRole('navigation', { name: 'Files' }).getByRole('button', { name: DOCX_NAME }).click();
    await expect(grading.getByRole('navigation', { name: 'Files' }).getByRole('button', { name: DOCX_NAME })).toHaveAttribute('aria-current', 'page', {
      timeout: 30_000,
    });
    await expect(teacher.getByTestId('editor-page-1')).toHaveAttribute('data-rendered', 'true', { timeout: 30_000 });
    await expect(grading.getByRole('spinbutton', { name: 'Score' })).toHaveValue('87');
    await step(teacher, testInfo, 'instructor-docx-converted');

    // Publish from the submissions tab.
    await teacher.goto(submissionsUrl);
    await expect(submissionRow).toContainText('87');
    await expect(submissionRow).toContainText('Ivan Instructor');
    await expect(submissions.getByTestId('homework-summary')).toContainText('1 of 1 handed in · 1 graded · 0 late');
    await submissions.getByTestId('homework-publish').click();
    const publish = teacher.getByRole('dialog').filter({ hasText: 'Publish the scores?' });
    await publish.getByRole('button', { name: 'Publish scores' }).click();
    await expect(publish).toBeHidden();
    await expect(submissions.getByText('Scores published', { exact: true })).toBeVisible();
    await expect(submissions.getByTestId('homework-publish')).toHaveText('Unpublish scores');
    await step(teacher, testInfo, 'instructor-published');

    // ------------------------------------------------------------ the student sees 87 and the annotated PDF (signed in again)
    await student.context().close();
    const studentAgain = await (await browser.newContext()).newPage();
    await studentAgain.goto('/login');
    await signIn(studentAgain, 'student1');
    await expect(studentAgain).toHaveURL(/\/user\/index$/);
    await studentAgain.goto(`${courseUrl}/content`);
    await studentAgain.getByTestId('content-activity').filter({ hasText: HOMEWORK }).getByRole('button', { name: HOMEWORK, exact: true }).click();
    await expect(studentAgain.getByTestId('activity-title')).toHaveText(HOMEWORK);
    const result = studentAgain.getByTestId('homework-result');
    await expect(result.getByTestId('homework-score')).toHaveText('87 / 100');
    await expect(result.getByTestId('homework-feedback')).toHaveText('Clear argument; see the comment on page 1.');
    await expect(result).toContainText('Graded by Ivan Instructor');
    await expect(studentAgain.getByTestId('homework-closed')).toHaveText('Your work has been graded and can no longer be changed.');
    const work = studentAgain.getByTestId('homework-submitted-work');
    const pdfRow = work.getByTestId('homework-file').filter({ hasText: PDF_NAME });
    const docxRow = work.getByTestId('homework-file').filter({ hasText: DOCX_NAME });
    await expect(docxRow).toBeVisible();
    await expect(docxRow.getByTestId('annotated-copy')).toHaveCount(0);
    await step(studentAgain, testInfo, 'student-sees-87');

    const mine = (await (await studentAgain.request.get(`/api/homework/${activityId}/my-submission`)).json()) as {
      submission: { uploads: { id: number; name: string; annotated_upload_id: number | null }[] };
    };
    const handedPdf = mine.submission.uploads.find((u) => u.name === PDF_NAME)!;
    expect(handedPdf.annotated_upload_id).toEqual(expect.any(Number));
    const annotatedId = handedPdf.annotated_upload_id!;
    const blobAsked = studentAgain.waitForResponse((r) => new URL(r.url()).pathname === `/api/uploads/${annotatedId}/blob`);
    await pdfRow.getByTestId('annotated-copy').click();
    expect((await blobAsked).status()).toBeLessThan(300);
    await expect(studentAgain.getByTestId('previewer-file-name')).toHaveText(/^pdfjs__rotation\b.*\(annotated\)/);
    const previewPage1 = studentAgain.getByTestId('pdf-page-1');
    await expect(previewPage1).toHaveAttribute('data-rendered', 'true');
    // The pen's red ink and the comment are part of the copy's page 1 now.
    await expect.poll(() => redPixels(previewPage1.locator('canvas').first())).toBeGreaterThan(200);
    await expect(previewPage1).toContainText(COMMENT);
    await step(studentAgain, testInfo, 'student-annotated-copy');
    const blob = await studentAgain.request.get(`/api/uploads/${annotatedId}/blob?preview=true`);
    expect(blob.status()).toBe(200);
    expect((await blob.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The learner's original stays theirs, untouched: it is not the annotated copy.
    expect(handedPdf.id).not.toBe(annotatedId);
    await studentAgain.context().close();

    // ------------------------------------------------------------ the gradebook on screen and its Excel export
    await teacher.goto(`${courseUrl}/score`);
    const gradebook = teacher.getByTestId('gradebook-team');
    const table = gradebook.getByRole('table');
    await expect(table.getByRole('columnheader', { name: new RegExp(HOMEWORK) })).toContainText('out of 100');
    await expect(table.getByRole('columnheader', { name: new RegExp(HOMEWORK) })).toContainText('Published');
    const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
    const homeworkColumn = headers.findIndex((h) => h.includes(HOMEWORK));
    const totalColumn = headers.findIndex((h) => h === 'Total');
    expect(homeworkColumn).toBeGreaterThan(0);
    expect(totalColumn).toBeGreaterThan(homeworkColumn);
    const learnerRow = table.getByRole('row').filter({ hasText: 'Student 1' });
    await expect(learnerRow).toHaveCount(1);
    const cells = (await learnerRow.getByRole('cell').allInnerTexts()).map((c) => c.trim());
    // The learner's cell: name, then user number.
    const [shownLearner = '', shownNumber = ''] = cells[0]!.split('\n').map((line) => line.trim());
    expect(shownLearner).toBe('Student 1');
    const shownScore = cells[homeworkColumn]!;
    const shownTotal = cells[totalColumn]!;
    expect(shownScore).toBe('87');
    expect(shownTotal).toBe('87%');
    await step(teacher, testInfo, 'instructor-gradebook');

    const downloading = teacher.waitForEvent('download');
    await gradebook.getByRole('link', { name: 'Export Excel' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).map(cellText);
    const learnerCol = header.indexOf('Learner');
    const numberCol = header.indexOf('User number');
    expect(header).toContain(`${HOMEWORK} (100)`);
    const homeworkCol = header.indexOf(`${HOMEWORK} (100)`);
    const totalCol = header.indexOf('Total (%)');
    expect(learnerCol).toBeGreaterThan(0);
    expect(numberCol).toBeGreaterThan(0);
    expect(homeworkCol).toBeGreaterThan(0);
    expect(totalCol).toBeGreaterThan(0);
    const sheetRows: ExcelJS.Row[] = [];
    sheet.eachRow((row, number) => number > 1 && sheetRows.push(row));
    expect(sheetRows.map((row) => cellText(row.getCell(learnerCol).value))).toEqual([shownLearner]);
    const sheetRow = sheetRows[0]!;
    expect(cellText(sheetRow.getCell(numberCol).value)).toBe(shownNumber);
    expect(sheetRow.getCell(homeworkCol).value).toBe(87);
    expect(cellText(sheetRow.getCell(homeworkCol).value)).toBe(shownScore);
    expect(`${cellText(sheetRow.getCell(totalCol).value)}%`).toBe(shownTotal);
  } finally {
    // The demo instructor's home lists a first page of courses that later journeys read (CS101 on it): leave it as found.
    // Soft: a failure of the journey above stays the one reported.
    expect.soft((await teacher.request.delete(`/api/courses/${courseId}`)).ok()).toBe(true);
  }
});
