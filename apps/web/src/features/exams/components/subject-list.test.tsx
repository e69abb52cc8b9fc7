import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { subjectOf } from '../test/fixtures';
import { SubjectList } from './subject-list';

const fetchMock = vi.fn<typeof fetch>();
const calls = (method: string, path: string) => fetchMock.mock.calls.filter(([input, init]) => String(input) === path && (init?.method ?? 'GET') === method);
const single = subjectOf();
const blanks = subjectOf({
  id: 42,
  type: 'fill_in_blank',
  description: '<p>[[1]] and [[2]]</p>',
  score: 3,
  options: undefined,
  answers: [['Paris'], ['Rome', 'Roma']],
  case_sensitive: false,
});

const draw = subjectOf({ id: 43, type: 'random', description: '', score: 1, options: undefined, count: 3, category_id: 5 });
const imported = subjectOf({
  id: 44,
  options: [
    { id: 'x', content: '<p>H<sub>2</sub>O</p>', is_answer: true },
    { id: 'y', content: 'CO2', is_answer: false },
  ],
});
const CATEGORIES = { categories: [{ id: 5, name: 'Algebra', sort: 1, subject_count: 4 }] };
const UPLOADS = {
  uploads: [
    { id: 9, name: 'listening.mp3', type: 'audio', status: 'ready', deleted: false, size: 10, created_at: '2030-01-01T10:00:00.000Z' },
    { id: 10, name: 'notes.pdf', type: 'document', status: 'ready', deleted: false, size: 10, created_at: '2030-01-01T10:00:00.000Z' },
  ],
};

function serve(put: () => Response, subjects = [single, blanks, draw]) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/exams/7/subjects' && (init?.method ?? 'GET') === 'GET') return jsonResponse(200, { subjects, total_score: 8 });
    if (url === '/api/courses/2/subject-categories') return jsonResponse(200, CATEGORIES);
    if (url === '/api/courses/2/uploads') return jsonResponse(200, UPLOADS);
    if (url === '/api/uploads/settings')
      return jsonResponse(200, { maxUploadBytes: 1e9, checkUploadExtension: true, maxLevelInUploadFolder: 5, maxFileCountInUploadFolder: 500 });
    if (init?.method === 'PUT') return put();
    if (init?.method === 'DELETE') return new Response(null, { status: 204 });
    return jsonResponse(404, { code: 'NOT_FOUND', message: url });
  });
}

// The rich-text editor (Tiptap, its own lazy chunk, tested in components/rich-text-editor) as a plain
// textarea here: loading it costs seconds per test and the form treats it as any value/onChange field.
vi.mock('../../../components/rich-text-editor/lazy-rich-text-editor', () => ({
  LazyRichTextEditor: (props: { value?: string; onChange?: (html: string) => void; 'aria-label'?: string; id?: string }) => (
    <textarea
      id={props.id}
      className="rte-content"
      aria-label={props['aria-label']}
      value={props.value ?? ''}
      onChange={(e) => props.onChange?.(e.target.value)}
    />
  ),
}));

// Role queries walk antd's whole accessibility tree: label and text queries keep these tests fast.
async function openEdit(user: ReturnType<typeof userEvent.setup>, question: number) {
  await user.click(await screen.findByLabelText(`Edit question ${question}`));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByLabelText('Question', { selector: 'textarea' })).toHaveValue(question === 1 ? single.description : blanks.description);
  return dialog;
}
const saveButton = (dialog: HTMLElement) => within(dialog).getByText('Save').closest('button')!;

describe('the team’s subject list and form (issue 15)', { timeout: 30_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('lists the subjects with their keys and the total points; says so when there are none', async () => {
    serve(() => jsonResponse(200, single));
    const { unmount } = renderWithApp(<SubjectList courseId={2} activityId={7} />);
    const items = await screen.findAllByTestId('exam-subject');
    expect(items).toHaveLength(3);
    expect(screen.getByTestId('exam-total')).toHaveTextContent('5 questions, 8 points in all');
    // A bank draw is listed with what it draws and from which category.
    expect(await within(items[2]!).findByText('Each attempt draws 3 questions from “Algebra”.')).toBeInTheDocument();
    expect(within(items[2]!).getByLabelText('Edit question 3')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Single choice')).toBeInTheDocument();
    expect(within(items[0]!).getByLabelText('Right answer')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Roma')).toBeInTheDocument();
    unmount();
    fetchMock.mockResolvedValue(jsonResponse(200, { subjects: [], total_score: 0 }));
    renderWithApp(<SubjectList courseId={2} activityId={7} />);
    expect(await screen.findByText('This exam has no questions yet.')).toBeInTheDocument();
    expect(screen.getByText('Add a question')).toBeInTheDocument();
  });

  it('refuses a single choice without exactly one right option before asking the server', async () => {
    serve(() => jsonResponse(200, single));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<SubjectList courseId={2} activityId={7} />);
    const dialog = await openEdit(user, 1);
    await user.click(within(dialog).getByLabelText('Option A is right'));
    await user.click(saveButton(dialog));
    expect(await within(dialog).findByText('Check exactly one right option.')).toBeInTheDocument();
    expect(calls('PUT', '/api/exam-subjects/41')).toHaveLength(0);
  });

  it('puts the server’s field errors on their fields (options.1.content, score) and the rest above the form', async () => {
    serve(() =>
      jsonResponse(400, {
        code: 'VALIDATION_FAILED',
        message: 'options.1.content: Too long',
        errors: {
          'options.1.content': ['Option text is too long'],
          score: ['At most 1000 points'],
          explanation: ['Explanation too long'],
          answers: ['Not for this type'],
        },
      }),
    );
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<SubjectList courseId={2} activityId={7} />);
    const dialog = await openEdit(user, 1);
    await user.click(saveButton(dialog));
    expect(await within(dialog).findByText('Option text is too long')).toBeInTheDocument();
    // Each message sits in the form item of its field.
    const optionB = within(dialog).getByLabelText('Option B').closest('.ant-form-item')!;
    expect(optionB).toHaveTextContent('Option text is too long');
    expect(within(dialog).getByText('At most 1000 points').closest('.ant-form-item')).toHaveTextContent('Points');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Not for this type');
    const body = JSON.parse(String(calls('PUT', '/api/exam-subjects/41')[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      type: 'single_selection',
      score: 2,
      options: [
        { content: 'Paris', is_answer: true },
        { content: 'Lyon', is_answer: false },
      ],
    });
    expect(body).not.toHaveProperty('answers');
  });

  it('shows an error about a blank’s accepted answers on that blank', async () => {
    serve(() => jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'answers.1.0: Too long', errors: { 'answers.1.0': ['Accepted answer too long'] } }));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<SubjectList courseId={2} activityId={7} />);
    const dialog = await openEdit(user, 2);
    await user.click(saveButton(dialog));
    const message = await within(dialog).findByText('Accepted answer too long');
    expect(message.closest('.ant-form-item')).toHaveTextContent('Accepted answers for blank 2');
    expect(JSON.parse(String(calls('PUT', '/api/exam-subjects/42')[0]?.[1]?.body))).toMatchObject({
      type: 'fill_in_blank',
      answers: [['Paris'], ['Rome', 'Roma']],
    });
  });

  it('deletes a subject after confirmation', async () => {
    serve(() => jsonResponse(200, single));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<SubjectList courseId={2} activityId={7} />);
    await user.click(await screen.findByLabelText('Delete question 2'));
    const confirm = (await screen.findByText('Delete this question?')).closest('.ant-popover')!;
    await user.click(
      within(confirm as HTMLElement)
        .getByText('Delete')
        .closest('button')!,
    );
    await waitFor(() => expect(calls('DELETE', '/api/exam-subjects/42')).toHaveLength(1));
  });
});

describe('the subject form’s bank, media and imported HTML (issue 15)', { timeout: 30_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });
  const putBody = (id: number) => JSON.parse(String(calls('PUT', `/api/exam-subjects/${id}`)[0]?.[1]?.body)) as Record<string, unknown>;

  it('edits a random subject: its category, how many it draws and the points of each', async () => {
    serve(() => jsonResponse(200, draw));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<SubjectList courseId={2} activityId={7} />);
    await user.click(await screen.findByLabelText('Edit question 3'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Question', { selector: 'textarea' })).toBeNull();
    expect(await within(dialog).findByTitle('Algebra (4 questions)')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Questions drawn per attempt')).toHaveValue('3');
    await user.clear(within(dialog).getByLabelText('Questions drawn per attempt'));
    await user.type(within(dialog).getByLabelText('Questions drawn per attempt'), '5');
    await user.clear(within(dialog).getByLabelText('Points per question'));
    await user.type(within(dialog).getByLabelText('Points per question'), '2');
    await user.click(saveButton(dialog));
    await waitFor(() => expect(calls('PUT', '/api/exam-subjects/43')).toHaveLength(1));
    expect(putBody(43)).toEqual({ type: 'random', description: '', score: 2, case_sensitive: false, category_id: 5, count: 5 });
  });

  it('a new random subject asks for its category before asking the server', async () => {
    serve(() => jsonResponse(200, draw));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<SubjectList courseId={2} activityId={7} />);
    await user.click(await screen.findByText('Add a question'));
    const menu = (await screen.findByRole('menu')) as HTMLElement;
    await user.click(within(menu).getByText('Random questions from the bank'));
    const dialog = await screen.findByRole('dialog');
    await user.click(saveButton(dialog));
    expect(await within(dialog).findByText('Choose a bank category.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('opens the course’s question bank from the add menu', async () => {
    serve(() => jsonResponse(200, single));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<SubjectList courseId={2} activityId={7} />);
    await user.click(await screen.findByText('Add a question'));
    await user.click(within((await screen.findByRole('menu')) as HTMLElement).getByText('From the question bank…'));
    expect(await screen.findByTestId('subject-bank')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/courses/2/subjects?'))).toBe(true));
  });

  it('an imported option holding HTML is edited in the rich-text editor, a plain one as text', async () => {
    serve(() => jsonResponse(200, imported), [imported]);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<SubjectList courseId={2} activityId={7} />);
    // The team's list shows the option formatted, not as tags.
    const item = await screen.findByTestId('exam-subject');
    expect(item.querySelector('sub')).toHaveTextContent('2');
    expect(item).not.toHaveTextContent('<sub>');
    await user.click(screen.getByLabelText('Edit question 1'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Option A')).toHaveClass('rte-content');
    expect(within(dialog).getByLabelText('Option B')).not.toHaveClass('rte-content');
    await user.click(within(dialog).getByLabelText('Format option B'));
    expect(within(dialog).getByLabelText('Option B')).toHaveClass('rte-content');
    await user.click(saveButton(dialog));
    await waitFor(() => expect(calls('PUT', '/api/exam-subjects/44')).toHaveLength(1));
    expect(putBody(44).options).toEqual([
      { content: '<p>H<sub>2</sub>O</p>', is_answer: true },
      { content: 'CO2', is_answer: false },
    ]);
  });

  it('picks the course’s audio for a subject with a play limit', async () => {
    serve(() => jsonResponse(200, single), [single]);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<SubjectList courseId={2} activityId={7} />);
    await user.click(await screen.findByLabelText('Edit question 1'));
    const dialog = await screen.findByRole('dialog');
    const media = within(dialog).getByTestId('subject-media');
    await user.click(within(media).getByLabelText('Video and audio files'));
    // Only video and audio files of the course are offered.
    expect(await screen.findByTitle('listening.mp3')).toBeInTheDocument();
    expect(screen.queryByTitle('notes.pdf')).toBeNull();
    await user.click(screen.getByTitle('listening.mp3'));
    await user.click(await within(media).findByRole('switch', { name: 'Limit plays' }));
    await user.clear(within(media).getByLabelText('Plays allowed per file'));
    await user.type(within(media).getByLabelText('Plays allowed per file'), '2');
    await user.click(saveButton(dialog));
    await waitFor(() => expect(calls('PUT', '/api/exam-subjects/41')).toHaveLength(1));
    expect(putBody(41)).toMatchObject({ upload_ids: [9], play_limit: true, play_limit_times: 2 });
    expect(putBody(41)).not.toHaveProperty('category_id');
  });
});
