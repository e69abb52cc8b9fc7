import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { homeworkActivityOf, listItemOf, listOf, myHomeworkOf, submissionOf } from '../test/fixtures';
import { HomeworkPage } from './homework-page';

configure({ asyncUtilTimeout: 5_000 });

// The rich-text editor (Tiptap) is its own tested component; here a textarea stands in for it.
vi.mock('../../../components/rich-text-editor/lazy-rich-text-editor', () => ({
  LazyRichTextEditor: ({ value, onChange, 'aria-label': label }: { value?: string; onChange?: (html: string) => void; 'aria-label'?: string }) => (
    <textarea aria-label={label} value={value ?? ''} onChange={(event) => onChange?.(event.target.value)} />
  ),
}));

const fetchMock = vi.fn<typeof fetch>();
const calls = (method: string, prefix: string) =>
  fetchMock.mock.calls.filter(([input, init]) => String(input).startsWith(prefix) && (init?.method ?? 'GET') === method);
const bodyOf = (call: Parameters<typeof fetch> | undefined) => JSON.parse(String(call?.[1]?.body)) as unknown;

describe('homework on its learning-activity page (issue 16)', { timeout: 120_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('a learner writes a text answer, hands it in after confirming, and sees it handed in', async () => {
    let handedIn = false;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/homework/9/my-submission')
        return jsonResponse(200, myHomeworkOf({ submission: handedIn ? submissionOf({ content: '<p>Photosynthesis</p>' }) : null }));
      if (url === '/api/homework/9/submissions' && init?.method === 'POST') {
        handedIn = true;
        return jsonResponse(201, submissionOf({ content: '<p>Photosynthesis</p>' }));
      }
      return jsonResponse(200, {});
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<HomeworkPage activity={homeworkActivityOf()} isTeam={false} isScoresView={false} />);
    expect(await screen.findByTestId('homework-state')).toHaveTextContent('Not handed in');
    expect(screen.getByTestId('homework-facts')).toHaveTextContent('Online text');
    expect(screen.getByTestId('due-tag')).toHaveTextContent(/Due in \d+ days/);
    // Text only: no file picker.
    expect(screen.queryByRole('button', { name: /Upload file/ })).toBeNull();

    fireEvent.change(await screen.findByRole('textbox', { name: 'Online text' }), { target: { value: '<p>Photosynthesis</p>' } });
    await user.click(screen.getByRole('button', { name: /^Hand in$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Hand in your homework?');
    await user.click(within(dialog).getByRole('button', { name: /Hand in/ }));

    await waitFor(() => expect(calls('POST', '/api/homework/9/submissions')).toHaveLength(1));
    expect(bodyOf(calls('POST', '/api/homework/9/submissions')[0])).toEqual({ upload_ids: [], content: '<p>Photosynthesis</p>', draft: false });
    await waitFor(() => expect(screen.getByTestId('homework-state')).toHaveTextContent('Handed in 2099.01.05'));
    expect(screen.getByTestId('homework-awaiting')).toHaveTextContent('once the course team publishes it');
    expect(within(screen.getByTestId('homework-submitted-work')).getByTestId('homework-submitted-text')).toHaveTextContent('Photosynthesis');
    // Until the due date it can be changed and handed in again; once handed in there is no draft any more (the server refuses one).
    await user.click(screen.getByRole('button', { name: /Change my answer/ }));
    expect(await screen.findByRole('button', { name: /Hand in again/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save draft/ })).toBeNull();
  });

  it('a refused hand-in after the cut-off shows the HOMEWORK_CLOSED message, and the reloaded state closes the form', async () => {
    let closed = false;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/homework/9/my-submission')
        return jsonResponse(
          200,
          closed
            ? myHomeworkOf({
                can_submit: false,
                closed_reason: 'cut_off',
                submission: submissionOf({ status: 'draft', submitted_at: null, submission_count: 0 }),
              })
            : myHomeworkOf({ submission: submissionOf({ status: 'draft', submitted_at: null, submission_count: 0, content: '<p>Draft</p>' }) }),
        );
      if (url === '/api/homework/9/submissions' && init?.method === 'POST') {
        closed = true;
        return jsonResponse(409, { code: 'HOMEWORK_CLOSED', message: 'The cut-off date has passed: no more submissions are accepted' });
      }
      return jsonResponse(200, {});
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<HomeworkPage activity={homeworkActivityOf()} isTeam={false} isScoresView={false} />);
    expect(await screen.findByTestId('homework-state')).toHaveTextContent('Draft saved, not handed in');
    expect(screen.getByRole('textbox', { name: 'Online text' })).toHaveValue('<p>Draft</p>');
    await user.click(screen.getByRole('button', { name: /^Hand in$/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Hand in/ }));
    expect(await screen.findByText('This homework is closed: the due date or the cut-off date has passed.')).toBeInTheDocument();
    expect(await screen.findByTestId('homework-closed')).toHaveTextContent('The cut-off date has passed: no more work is accepted.');
    expect(screen.queryByRole('button', { name: /^Hand in$/ })).toBeNull();
  });

  it('after publication a learner sees the score, the feedback and the annotated copy of their file', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/homework/9/my-submission')
        return jsonResponse(
          200,
          myHomeworkOf({
            can_submit: false,
            closed_reason: 'graded',
            scores_published: true,
            submission: submissionOf({
              score: 87,
              feedback: 'Well argued.',
              graded_by_name: 'Ada Instructor',
              graded_at: '2099-01-06T10:00:00.000Z',
              uploads: [{ id: 71, name: 'essay.pdf', type: 'document', status: 'ready', size: 2048, annotated_upload_id: 72 }],
            }),
          }),
        );
      return jsonResponse(200, {});
    });
    renderWithApp(<HomeworkPage activity={homeworkActivityOf({ data: { submission_type: 'both' } })} isTeam={false} isScoresView={false} />);
    expect(await screen.findByTestId('homework-score')).toHaveTextContent('87 / 100');
    expect(screen.getByTestId('homework-feedback')).toHaveTextContent('Well argued.');
    expect(screen.getByTestId('homework-closed')).toHaveTextContent('has been graded');
    expect(within(screen.getByTestId('homework-submitted-work')).getByText('essay.pdf')).toBeInTheDocument();
    expect(screen.getByTestId('annotated-copy')).toHaveTextContent('Annotated copy');
  });

  it('the team’s list shows the counts and rows, and each filter asks the server with its query', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/homework/9/submissions'))
        return jsonResponse(
          200,
          listOf([
            listItemOf(),
            listItemOf({
              id: 41,
              user_id: 6,
              user_name: 'Student Three',
              user_no: 'S003',
              is_late: true,
              file_count: 2,
              score: 92,
              graded_by_name: 'Ada Instructor',
            }),
          ]),
        );
      return jsonResponse(200, {});
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<HomeworkPage activity={homeworkActivityOf()} isTeam isScoresView />);
    const list = await screen.findByTestId('homework-submission-list');
    expect(await within(list).findByText('Student Three')).toBeInTheDocument();
    expect(screen.getByTestId('homework-summary')).toHaveTextContent('12 of 30 handed in · 5 graded · 2 late');
    const rows = within(list).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Student Two');
    expect(rows[1]).toHaveTextContent('To grade');
    expect(rows[2]).toHaveTextContent('Late');
    expect(rows[2]).toHaveTextContent('92');
    expect(rows[2]).toHaveTextContent('Ada Instructor');
    expect(calls('GET', '/api/homework/9/submissions').map(([input]) => String(input))).toContain('/api/homework/9/submissions?page=1&page_size=20&state=all');

    await user.click(screen.getByRole('combobox', { name: 'Grading' }));
    await user.click(await screen.findByTitle('To grade'));
    await waitFor(() => expect(calls('GET', '/api/homework/9/submissions?page=1&page_size=20&state=ungraded')).toHaveLength(1));

    await user.click(screen.getByRole('combobox', { name: 'Late or on time' }));
    await user.click(await screen.findByTitle('Late only'));
    await waitFor(() => expect(calls('GET', '/api/homework/9/submissions?page=1&page_size=20&state=ungraded&late=true')).toHaveLength(1));

    const search = screen.getByRole('searchbox', { name: 'Search learners' });
    fireEvent.change(search, { target: { value: 'S003' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls('GET', '/api/homework/9/submissions?page=1&page_size=20&state=ungraded&late=true&keyword=S003')).toHaveLength(1));
  });

  it('grading a text-only submission: a score above 100 is refused by the server and shows homework.scoreError; nothing closes', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/homework/9/submissions')) return jsonResponse(200, listOf([listItemOf()]));
      if (url === '/api/homework-submissions/40' && (init?.method ?? 'GET') === 'GET')
        return jsonResponse(200, submissionOf({ content: '<p>Mitochondria</p>' }));
      if (url === '/api/homework-submissions/40/score')
        return jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'The score must be between 0 and 100', errors: { score: ['homework.scoreError'] } });
      return jsonResponse(200, {});
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<HomeworkPage activity={homeworkActivityOf()} isTeam isScoresView />);
    await user.click(await screen.findByRole('button', { name: 'Grade Student Two' }));
    const drawer = await screen.findByTestId('homework-grade-drawer');
    expect(await within(drawer).findByTestId('grade-text')).toHaveTextContent('Mitochondria');
    fireEvent.change(within(drawer).getByRole('spinbutton', { name: 'Score' }), { target: { value: '101' } });
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Feedback' }), { target: { value: 'Good' } });
    await user.click(within(drawer).getByRole('button', { name: 'Save grade' }));
    await waitFor(() => expect(calls('PUT', '/api/homework-submissions/40/score')).toHaveLength(1));
    expect(bodyOf(calls('PUT', '/api/homework-submissions/40/score')[0])).toEqual({ score: 101, feedback: 'Good', feedback_upload_ids: [] });
    expect((await within(drawer).findAllByText('The score must be between 0 and 100.')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('homework-grade-drawer')).toBeVisible();
  });

  it('the grader keeps or removes feedback files; the save sends what is left, and a refusal of the files is shown', async () => {
    const feedback = [
      { id: 90, name: 'rubric.pdf', type: 'document', status: 'ready' as const, size: 10, annotated_upload_id: null },
      { id: 91, name: 'notes.txt', type: 'document', status: 'ready' as const, size: 10, annotated_upload_id: null },
    ];
    let refuse = true;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/homework/9/submissions')) return jsonResponse(200, listOf([listItemOf()]));
      if (url === '/api/homework-submissions/40' && (init?.method ?? 'GET') === 'GET')
        return jsonResponse(200, submissionOf({ content: '<p>Essay</p>', score: 60, feedback_uploads: feedback }));
      if (url === '/api/homework-submissions/40/score') {
        if (refuse)
          return jsonResponse(400, {
            code: 'VALIDATION_FAILED',
            message: 'Invalid',
            errors: { feedback_upload_ids: ['File 91 is not one of your uploaded files'] },
          });
        return jsonResponse(200, submissionOf({ score: 60, feedback_uploads: [feedback[0]!] }));
      }
      return jsonResponse(200, {});
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<HomeworkPage activity={homeworkActivityOf()} isTeam isScoresView />);
    await user.click(await screen.findByRole('button', { name: 'Grade Student Two' }));
    const drawer = await screen.findByTestId('homework-grade-drawer');
    const files = within(drawer).getByRole('region', { name: 'Feedback files' });
    expect(within(files).getByText('rubric.pdf')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Save grade' }));
    await waitFor(() => expect(calls('PUT', '/api/homework-submissions/40/score')).toHaveLength(1));
    expect(bodyOf(calls('PUT', '/api/homework-submissions/40/score')[0])).toMatchObject({ score: 60, feedback_upload_ids: [90, 91] });
    expect(await within(drawer).findByRole('alert')).toHaveTextContent('The feedback files could not be attached. File 91 is not one of your uploaded files');

    refuse = false;
    await user.click(within(files).getByRole('button', { name: 'Remove notes.txt' }));
    expect(within(files).queryByText('notes.txt')).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Save grade' }));
    await waitFor(() => expect(calls('PUT', '/api/homework-submissions/40/score')).toHaveLength(2));
    expect(bodyOf(calls('PUT', '/api/homework-submissions/40/score')[1])).toMatchObject({ score: 60, feedback_upload_ids: [90] });
  });

  it('Grade on a submission with files opens the PDF editor on its first editable file', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/homework/9/submissions')) return jsonResponse(200, listOf([listItemOf({ file_count: 2 })]));
      if (url === '/api/homework-submissions/40')
        return jsonResponse(
          200,
          submissionOf({
            uploads: [
              { id: 80, name: 'data.zip', type: 'archive', status: 'ready', size: 10, annotated_upload_id: null },
              { id: 81, name: 'report final.pdf', type: 'document', status: 'ready', size: 10, annotated_upload_id: null },
            ],
          }),
        );
      return jsonResponse(200, {});
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<HomeworkPage activity={homeworkActivityOf()} isTeam isScoresView />);
    await user.click(await screen.findByRole('button', { name: 'Grade Student Two' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/pdf/editor?submissionId=40&uploadId=81&fileName=report+final.pdf'));
  });
});
