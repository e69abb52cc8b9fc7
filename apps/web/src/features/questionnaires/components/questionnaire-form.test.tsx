import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Questionnaire, QuestionnaireSubject } from '@atrium/contracts';
import { CompletedTag, studyCompletenessOf } from '../../../test/completion-probe';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { StudyPanel } from '../../courses/components/study-panel';
import { QuestionnairePanel } from './questionnaire-panel';

// Two shared cores run many suites at once: give answers from the mocked server time to land.
configure({ asyncUtilTimeout: 5_000 });

const fetchMock = vi.fn<typeof fetch>();

const subjects: QuestionnaireSubject[] = [
  {
    id: 1,
    type: 'single_selection',
    description: '<p>Favourite colour?</p>',
    is_required: true,
    sort: 1,
    options: [
      { id: 'a', content: 'Red' },
      { id: 'b', content: 'Blue' },
    ],
  },
  {
    id: 2,
    type: 'multiple_selection',
    description: '<p>Which tools?</p>',
    is_required: false,
    sort: 2,
    options: [
      { id: 'x', content: 'Git' },
      { id: 'y', content: 'Make' },
      { id: 'z', content: 'Docker' },
    ],
  },
  { id: 3, type: 'text', description: '<p>Comments</p>', is_required: false, sort: 3, multiline: true },
  { id: 4, type: 'text', description: '<p>Nickname</p>', is_required: false, sort: 4, multiline: false },
  {
    id: 5,
    type: 'rating',
    description: '<p>How useful?</p>',
    is_required: true,
    sort: 5,
    rating: { min: 1, max: 5, min_label: 'Useless', max_label: 'Essential' },
  },
  {
    id: 6,
    type: 'matrix',
    description: '<p>Rate the parts</p>',
    is_required: true,
    sort: 6,
    rows: [
      { id: 'r1', content: 'Lectures' },
      { id: 'r2', content: 'Labs' },
    ],
    columns: [
      { id: 'c1', content: 'Poor' },
      { id: 'c2', content: 'Good' },
    ],
  },
];

const questionnaire = (over: Partial<Questionnaire> = {}): Questionnaire => ({
  activity_id: 7,
  title: 'Course feedback',
  anonymous: false,
  show_results: false,
  subjects,
  my_response: null,
  ...over,
});

const posts = () => fetchMock.mock.calls.filter(([input, init]) => init?.method === 'POST' && String(input) === '/api/questionnaires/7/responses');
const bodyOf = (call: Parameters<typeof fetch>) => JSON.parse(String(call[1]?.body)) as unknown;

/** The fieldset of a subject, found by its text (role queries are slow on antd's large trees in jsdom). */
const subject = (text: string) => screen.getByText(text).closest('fieldset')!;

function renderLearner() {
  return renderWithApp(<QuestionnairePanel activityId={7} courseId={2} isTeam={false} />);
}

/** Answers the required subjects (1, 5, 6). */
function answerRequired() {
  fireEvent.click(within(subject('Favourite colour?')).getByLabelText('Blue'));
  fireEvent.click(within(subject('How useful?')).getByLabelText('4'));
  fireEvent.click(screen.getByLabelText('Lectures: Good'));
  fireEvent.click(screen.getByLabelText('Labs: Poor'));
}

/** The form's submit button. */
const submitButton = () => screen.getByTestId('questionnaire-submit');

/** The confirm dialog, once open. */
async function confirmDialog(): Promise<HTMLElement> {
  return (await screen.findByText('Submit your answers?', { selector: '.ant-modal-confirm-title' })).closest<HTMLElement>('.ant-modal')!;
}

async function submitAndConfirm() {
  fireEvent.click(submitButton());
  fireEvent.click(
    within(await confirmDialog())
      .getByText('Submit')
      .closest('button')!,
  );
}

describe('QuestionnaireForm (issue 15 §5)', { timeout: 30_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('renders each subject type as an accessible group with its inputs and required marks', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, questionnaire()));
    renderLearner();
    expect(await screen.findByText('Favourite colour?')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/questionnaires/7');
    // Each subject is a group named by its legend.
    expect(screen.getByRole('group', { name: /Favourite colour\?.*Required/ })).toHaveAttribute('data-type', 'single_selection');

    const single = subject('Favourite colour?');
    expect([...single.querySelectorAll('input[type=radio]')].map((r) => r.closest('label')?.textContent)).toEqual(['Red', 'Blue']);
    expect(within(subject('Which tools?')).getByLabelText('Docker')).toHaveAttribute('type', 'checkbox');
    expect(subject('Which tools?').querySelectorAll('input[type=checkbox]')).toHaveLength(3);
    expect(within(subject('Comments')).getByRole('textbox', { name: /Comments/ }).tagName).toBe('TEXTAREA');
    expect(within(subject('Nickname')).getByRole('textbox', { name: /Nickname/ }).tagName).toBe('INPUT');
    const rating = subject('How useful?');
    expect([...rating.querySelectorAll('input[type=radio]')].map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(within(rating).getByLabelText('1 (Useless)')).toBeInTheDocument();
    expect(within(rating).getByLabelText('5 (Essential)')).toBeInTheDocument();
    const matrix = subject('Rate the parts');
    expect([...matrix.querySelectorAll('thead th[scope=col]')].map((th) => th.textContent)).toEqual(['Poor', 'Good']);
    expect([...matrix.querySelectorAll('tbody th[scope=row]')].map((th) => th.textContent)).toEqual(['Lectures', 'Labs']);
    expect(within(matrix).getByLabelText('Labs: Good')).toHaveAttribute('name', 'q6-r2');
    expect(matrix.querySelectorAll('input[type=radio]')).toHaveLength(4);

    const required = screen.getAllByTestId('questionnaire-subject').filter((group) => within(group).queryByText('Required'));
    expect(required.map((group) => group.getAttribute('data-type'))).toEqual(['single_selection', 'rating', 'matrix']);
    expect(screen.queryByTestId('anonymous-notice')).not.toBeInTheDocument();
  });

  it('sends the answered subjects in order (text trimmed, blank ones left out) after a confirm, then thanks', async () => {
    let answered = false;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') {
        answered = true;
        return jsonResponse(201, { submitted_at: '2026-11-20T08:30:00.000Z' });
      }
      return jsonResponse(
        200,
        questionnaire(
          answered
            ? {
                my_response: {
                  submitted_at: '2026-11-20T08:30:00.000Z',
                  answers: [
                    { subject_id: 1, answer: 'b' },
                    { subject_id: 5, answer: 4 },
                  ],
                },
              }
            : {},
        ),
      );
    });
    renderLearner();
    await screen.findByText('Favourite colour?');
    answerRequired();
    fireEvent.click(screen.getByLabelText('Git'));
    fireEvent.click(screen.getByLabelText('Docker'));
    fireEvent.change(within(subject('Comments')).getByRole('textbox'), { target: { value: '  Loved the labs  ' } });
    fireEvent.change(within(subject('Nickname')).getByRole('textbox'), { target: { value: '   ' } });
    expect(await screen.findByText('5 of 6 answered')).toBeInTheDocument();
    fireEvent.click(submitButton());
    const dialog = await confirmDialog();
    expect(within(dialog).getByText(/You answered 5 of 6 questions/)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
    fireEvent.click(within(dialog).getByText('Submit').closest('button')!);

    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(bodyOf(posts()[0]!)).toEqual({
      answers: [
        { subject_id: 1, answer: 'b' },
        { subject_id: 2, answer: ['x', 'z'] },
        { subject_id: 3, answer: 'Loved the labs' },
        { subject_id: 5, answer: 4 },
        { subject_id: 6, answer: { r1: 'c2', r2: 'c1' } },
      ],
    });
    expect(await screen.findByText('Thank you for your answers')).toBeInTheDocument();
    expect(screen.getByText(/You answered on 2026\.11\.20/)).toBeInTheDocument();
    // Named: my answers, read-only.
    const mine = (await screen.findByText('Your answers')).closest('section')!;
    expect(within(mine).getByLabelText('Blue')).toBeChecked();
    expect(within(mine).getByLabelText('Blue')).toBeDisabled();
    expect(within(mine).getByLabelText('Red')).not.toBeChecked();
    expect(within(mine).getAllByText('Not answered')).toHaveLength(4);
  });

  it('checks the required subjects before anything is sent, a required matrix row by row', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, questionnaire()));
    renderLearner();
    await screen.findByText('Favourite colour?');
    fireEvent.click(screen.getByLabelText('Lectures: Good'));
    fireEvent.click(submitButton());

    expect(await within(subject('Favourite colour?')).findByText('Please answer this question.')).toBeInTheDocument();
    expect(await within(subject('How useful?')).findByText('Please answer this question.')).toBeInTheDocument();
    expect(await within(subject('Rate the parts')).findByText('Please choose an answer in every row.')).toBeInTheDocument();
    expect(within(subject('Which tools?')).queryByText('Please answer this question.')).not.toBeInTheDocument();
    expect(await screen.findByTestId('questionnaire-form-error')).toHaveTextContent('3 required questions are not answered yet.');
    expect(screen.queryByText('Submit your answers?', { selector: '.ant-modal-confirm-title' })).not.toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    answerRequired();
    // antd lets each message fade out on its own: wait for both kinds to be gone.
    await waitFor(() => {
      expect(screen.queryByText('Please answer this question.')).not.toBeInTheDocument();
      expect(screen.queryByText('Please choose an answer in every row.')).not.toBeInTheDocument();
    });
  });

  it('puts a 400 on the subject the server names (answers[i] of the body sent)', async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'POST'
        ? jsonResponse(400, {
            code: 'VALIDATION_FAILED',
            message: 'Invalid answers',
            errors: { 'answers[1].answer': ['Write a text of at most 20000 characters'] },
          })
        : jsonResponse(200, questionnaire()),
    );
    renderLearner();
    await screen.findByText('Favourite colour?');
    answerRequired();
    fireEvent.change(within(subject('Comments')).getByRole('textbox'), { target: { value: 'Too long' } });
    await submitAndConfirm();
    // Sent: 1, 3, 5, 6 — answers[1] is the Comments text.
    expect(await within(subject('Comments')).findByText('Write a text of at most 20000 characters')).toBeInTheDocument();
    expect(within(subject('Favourite colour?')).queryByText(/Write a text/)).not.toBeInTheDocument();
    expect(screen.queryByText('Thank you for your answers')).not.toBeInTheDocument();
  });

  it('shows a required subject the server misses ("answers") above the button', async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'POST'
        ? jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'Invalid', errors: { answers: ['Answer every required subject (1 left)'] } })
        : jsonResponse(200, questionnaire()),
    );
    renderLearner();
    await screen.findByText('Favourite colour?');
    answerRequired();
    await submitAndConfirm();
    expect(await screen.findByTestId('questionnaire-form-error')).toHaveTextContent('Answer every required subject (1 left)');
  });

  it('on 409 QUESTIONNAIRE_ANSWERED says so and shows the answered state read again', async () => {
    let posted = false;
    fetchMock.mockImplementation(async (_input, init) => {
      if (init?.method === 'POST') {
        posted = true;
        return jsonResponse(409, { code: 'QUESTIONNAIRE_ANSWERED', message: 'You have already answered this questionnaire' });
      }
      return jsonResponse(
        200,
        questionnaire(posted ? { anonymous: true, my_response: { submitted_at: '2026-11-19T10:00:00.000Z', answers: null } } : { anonymous: true }),
      );
    });
    renderLearner();
    expect(await screen.findByTestId('anonymous-notice')).toHaveTextContent('your answers are not linked to you');
    answerRequired();
    await submitAndConfirm();
    expect(await screen.findByText('You have already answered this questionnaire.')).toBeInTheDocument();
    expect(await screen.findByText('You have answered this questionnaire')).toBeInTheDocument();
    expect(screen.getByText(/not linked to you, so they cannot be shown here/)).toBeInTheDocument();
    expect(screen.queryByTestId('questionnaire-submit')).not.toBeInTheDocument();
  });

  it('a learner who answered a questionnaire that shows results sees them', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/results')
        ? jsonResponse(200, { activity_id: 7, anonymous: false, response_count: 4, learner_count: 9, subjects: [] })
        : jsonResponse(200, questionnaire({ show_results: true, my_response: { submitted_at: '2026-11-19T10:00:00.000Z', answers: [] } })),
    );
    renderLearner();
    expect(await screen.findByText('You have answered this questionnaire')).toBeInTheDocument();
    expect(await screen.findByText('4 of 9 learners answered')).toBeInTheDocument();
    expect(screen.queryByText('Export CSV')).not.toBeInTheDocument();
  });

  it('submitting completes the activity and the course on screen without a reload: the completed tag and the completion popup', async () => {
    let answered = false;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (init?.method === 'POST') {
        answered = true;
        return jsonResponse(201, { submitted_at: '2026-11-20T08:30:00.000Z' });
      }
      if (url === '/api/activities/7')
        return jsonResponse(200, { id: 7, course_id: 2, type: 'questionnaire', title: 'Course feedback', is_completed: answered });
      if (url === '/api/courses/2/study-completeness') return jsonResponse(200, studyCompletenessOf(answered ? 100 : 50, { id: 7, title: 'Course feedback' }));
      return jsonResponse(200, questionnaire(answered ? { my_response: { submitted_at: '2026-11-20T08:30:00.000Z', answers: [] } } : {}));
    });
    renderWithApp(
      <>
        <StudyPanel courseId={2} />
        <CompletedTag activityId={7} />
        <QuestionnairePanel activityId={7} courseId={2} isTeam={false} />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('study-panel')).toHaveTextContent('Study completeness: 50%'));
    await screen.findByText('Favourite colour?');
    answerRequired();
    await submitAndConfirm();
    expect(await screen.findByTestId('activity-completed-tag')).toBeInTheDocument();
    expect(await screen.findByText('Congratulations!')).toBeInTheDocument();
    expect(screen.getByTestId('study-panel')).toHaveTextContent('Study completeness: 100%');
  });
});
