import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Question, TopicDetail } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { dispatchTopicEvent } from '../../notifications/hooks/use-topic-live';
import { QuestionPanel } from './question-panel';

const fetchMock = vi.fn<typeof fetch>();

const author = { id: 4, name: 'Sam Student', avatar_url: null, is_team: false };
const teacher = { id: 2, name: 'Ivy Instructor', avatar_url: null, is_team: true };
function question(over: Partial<Question> = {}): Question {
  return {
    id: 7,
    course_id: 1,
    space: 'question',
    activity_id: 9,
    group_id: null,
    group_name: null,
    upload_id: 5,
    anchor_page: 3,
    anchor_second: null,
    title: 'What is figure 2?',
    excerpt: 'The trace tree',
    author,
    is_pinned: false,
    is_locked: false,
    is_closed: false,
    is_hidden: false,
    reply_count: 1,
    like_count: 0,
    liked: false,
    subscribed: true,
    unread: false,
    answered: true,
    last_activity_at: '2026-11-20T10:00:00.000Z',
    created_at: '2026-11-20T09:00:00.000Z',
    edited_at: null,
    ...over,
  };
}
function detail(replies: TopicDetail['replies']): TopicDetail {
  const { answered: _answered, ...topic } = question({ reply_count: replies.length });
  return { ...topic, content: '<p>The <b>trace</b> tree</p>', attachments: [], replies, can_reply: true, can_edit: false, can_moderate: false };
}
const reply = (id: number, by = teacher, content = '<p>A loop trace</p>') => ({
  id,
  topic_id: 7,
  parent_id: null,
  content,
  author: by,
  attachments: [],
  like_count: 0,
  liked: false,
  is_hidden: false,
  created_at: '2026-11-20T11:00:00.000Z',
  edited_at: null,
  can_edit: false,
  replies: [],
});
const page = (items: Question[]) => ({ items, page: 1, page_size: 10, pages: 1, total: items.length });

/** The server as the panel meets it: a list per anchor page, the count, one question's detail, posting. */
function server(state: { questions: Question[]; replies: TopicDetail['replies']; askError?: unknown; listFails?: boolean }) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/uploads/5/questions') {
      if (state.listFails) return jsonResponse(500, { code: 'INTERNAL', message: 'boom' });
      const p = url.searchParams.get('anchor_page');
      return jsonResponse(200, page(state.questions.filter((q) => p === null || q.anchor_page === Number(p))));
    }
    if (method === 'GET' && url.pathname === '/api/activities/9/comment/count') return jsonResponse(200, { count: state.questions.length });
    if (method === 'POST' && url.pathname === '/api/uploads/5/questions') {
      if (state.askError) return jsonResponse(400, state.askError);
      const body = JSON.parse(String(init?.body)) as { title: string };
      const made = question({ id: 8, title: body.title, answered: false, reply_count: 0, anchor_page: 3 });
      state.questions = [made, ...state.questions];
      return jsonResponse(201, made);
    }
    if (method === 'GET' && url.pathname === '/api/topics/7') return jsonResponse(200, detail(state.replies));
    if (method === 'POST' && url.pathname === '/api/topics/7/replies') {
      const body = JSON.parse(String(init?.body)) as { content: string };
      const made = reply(100 + state.replies.length, teacher, body.content);
      state.replies = [...state.replies, made];
      return jsonResponse(201, made);
    }
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'no' });
  });
}
const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => new URL(String(input), 'http://x').pathname === path && (init?.method ?? 'GET') === method);

function renderPanel(over: Partial<Parameters<typeof QuestionPanel>[0]> = {}) {
  return renderWithApp(<QuestionPanel activityId={9} uploadId={5} anchorKind="page" currentPage={3} canAnswer={false} onClose={() => {}} {...over} />);
}

describe('QuestionPanel (issue 18 §4; spec §2 the previewer question panel)', { timeout: 30_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("lists the file's questions with their state and count; filters this page / all pages; says when a page has none", async () => {
    server({ questions: [question(), question({ id: 6, title: 'Page one?', anchor_page: 1, answered: false, reply_count: 0 })], replies: [] });
    const user = userEvent.setup();
    renderPanel({ currentPage: 2 });
    const items = await screen.findAllByTestId('question-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Answered')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Page 3')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Not answered yet')).toBeInTheDocument();
    expect(await screen.findByTestId('question-panel-title')).toHaveTextContent('Questions (2)');
    const [listCall] = calls('GET', '/api/uploads/5/questions');
    expect(new URL(String(listCall![0]), 'http://x').search).toBe('?activity_id=9&page=1&page_size=10');
    const conditions = new URL(String(calls('GET', '/api/activities/9/comment/count')[0]![0]), 'http://x').searchParams.get('conditions');
    expect(JSON.parse(conditions!)).toEqual({ referrer_id: 5, referrer_type: 'upload_reference', type: 'question' });

    await user.click(screen.getByText('This page (2)'));
    expect(await screen.findByText('No questions on this page yet.')).toBeInTheDocument();
    expect(new URL(String(calls('GET', '/api/uploads/5/questions').at(-1)![0]), 'http://x').searchParams.get('anchor_page')).toBe('2');
  });

  it('asks a question anchored at the page on screen; the list and the count follow', async () => {
    server({ questions: [question()], replies: [] });
    const user = userEvent.setup();
    renderPanel();
    await screen.findAllByTestId('question-item');
    await user.click(screen.getByRole('button', { name: /Ask a question/ }));
    const form = screen.getByTestId('question-form');
    expect(within(form).getByText('About Page 3')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Your question'), 'Why <b>this</b>?');
    await user.type(within(form).getByLabelText('Details (optional)'), 'First line{enter}Second & last');
    await user.click(within(form).getByRole('button', { name: 'Post question' }));
    await waitFor(() => expect(calls('POST', '/api/uploads/5/questions')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST', '/api/uploads/5/questions')[0]![1]!.body))).toEqual({
      activity_id: 9,
      title: 'Why <b>this</b>?',
      content: '<p>First line</p><p>Second &amp; last</p>',
      anchor_page: 3,
    });
    await waitFor(() => expect(screen.getAllByTestId('question-item')).toHaveLength(2));
    expect(screen.getByTestId('question-panel-title')).toHaveTextContent('Questions (2)');
    expect(screen.queryByTestId('question-form')).not.toBeInTheDocument();
  });

  it("puts the server's field error on the form and keeps what was typed", async () => {
    server({
      questions: [],
      replies: [],
      askError: { code: 'VALIDATION_FAILED', message: 'anchor_page: The page must be between 1 and 2', errors: { title: ['Too long'] } },
    });
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText('No questions on this file yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Ask a question/ }));
    await user.type(screen.getByLabelText('Your question'), 'Hmm');
    await user.click(screen.getByRole('button', { name: 'Post question' }));
    expect(await screen.findByText('Too long')).toBeInTheDocument();
    expect(screen.getByLabelText('Your question')).toHaveValue('Hmm');
  });

  it('a failed list shows an error with a retry that loads it', async () => {
    const state = { questions: [question()], replies: [], listFails: true };
    server(state);
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText('The questions could not be loaded.')).toBeInTheDocument();
    state.listFails = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('question-item')).toHaveLength(1);
  });

  it('opens a question with its answers; the team posts an answer; a reply announced on the stream is read at once', async () => {
    const state = { questions: [question()], replies: [reply(50)] };
    server(state);
    const user = userEvent.setup();
    const onGoTo = vi.fn();
    renderPanel({ canAnswer: true, onGoTo });
    await user.click(await screen.findByRole('button', { name: 'What is figure 2?' }));
    const thread = await screen.findByTestId('question-thread');
    expect(within(thread).getByTestId('question-content')).toHaveTextContent('The trace tree');
    expect(within(thread).getAllByTestId('question-reply')).toHaveLength(1);
    expect(within(thread).getByText('Teaching team')).toBeInTheDocument();
    await user.click(within(thread).getByRole('button', { name: 'Page 3' }));
    expect(onGoTo).toHaveBeenCalledWith(3);

    await user.type(within(thread).getByLabelText('Write an answer'), 'Look at <the> loop');
    await user.click(within(thread).getByRole('button', { name: 'Post answer' }));
    await waitFor(() => expect(calls('POST', '/api/topics/7/replies')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST', '/api/topics/7/replies')[0]![1]!.body))).toEqual({ content: '<p>Look at &lt;the&gt; loop</p>' });
    await waitFor(() => expect(screen.getAllByTestId('question-reply')).toHaveLength(2));

    // Someone else replies: the stream says so and the question is read again.
    state.replies = [...state.replies, reply(60, author, '<p>Thanks!</p>')];
    const before = calls('GET', '/api/topics/7').length;
    act(() => dispatchTopicEvent({ topic_id: 7, reply_id: 60, course_id: 1 }));
    await waitFor(() => expect(calls('GET', '/api/topics/7').length).toBeGreaterThan(before));
    expect(await screen.findByText('Thanks!')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to the questions' }));
    expect(await screen.findAllByTestId('question-item')).toHaveLength(1);
  });

  it('a learner replies (not answers), and an initial question opens at once', async () => {
    server({ questions: [question()], replies: [] });
    renderPanel({ initialQuestionId: 7 });
    const thread = await screen.findByTestId('question-thread');
    expect(within(thread).getByText('No answers yet.')).toBeInTheDocument();
    expect(within(thread).getByRole('button', { name: 'Reply' })).toBeDisabled();
    expect(within(thread).queryByRole('button', { name: 'Post answer' })).not.toBeInTheDocument();
  });
});
