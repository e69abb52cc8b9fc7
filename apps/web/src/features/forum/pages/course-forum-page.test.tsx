import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, Route, Routes } from 'react-router';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { dispatchTopicEvent } from '../../notifications/hooks/use-topic-live';
import { courseOf, detailOf, pageOf, replyOf, student, teacher, threadOf, topicOf } from '../test/fixtures';
import { CourseForumPage } from './course-forum-page';

configure({ asyncUtilTimeout: 5_000 });

// The rich-text editor (Tiptap) is its own tested component; here a textarea stands in for it.
vi.mock('../../../components/rich-text-editor/lazy-rich-text-editor', () => ({
  LazyRichTextEditor: ({ value, onChange, 'aria-label': label }: { value?: string; onChange?: (html: string) => void; 'aria-label'?: string }) => (
    <textarea aria-label={label} value={value ?? ''} onChange={(event) => onChange?.(event.target.value)} />
  ),
}));

const fetchMock = vi.fn<typeof fetch>();
const urls = (prefix: string, method = 'GET') =>
  fetchMock.mock.calls.filter(([input, init]) => String(input).startsWith(prefix) && (init?.method ?? 'GET') === method).map(([input]) => String(input));
const calls = (method: string, url: string) => fetchMock.mock.calls.filter(([input, init]) => String(input) === url && (init?.method ?? 'GET') === method);
const bodyOf = (call: Parameters<typeof fetch> | undefined) => JSON.parse(String(call?.[1]?.body)) as unknown;

const pinned = topicOf({ id: 4, title: 'Read me first: forum rules', is_pinned: true, unread: false, author: teacher, reply_count: 0, like_count: 5 });
const open = topicOf({ id: 5, is_locked: true, group_name: 'Lab group A' });
const summary = (canModerate: boolean) => ({
  forums: [{ id: 31, title: 'Week 1 discussion', topic_count: 3, unread_count: 2 }],
  general: { topic_count: 2, unread_count: 1 },
  groups: [{ id: 4, name: 'Lab group A' }],
  can_moderate: canModerate,
});
const threaded = detailOf({
  replies: [
    threadOf({ id: 100, author: teacher }, [replyOf({ id: 102, parent_id: 100, author: student, content: '<p>That helps, thanks!</p>' })]),
    threadOf({ id: 101, author: student, content: '<p>Is the active site the lock?</p>', can_edit: true }),
  ],
  reply_count: 3,
});

/** The server: course forum summary, lists, topic 5 as `detail`, writes answered 200/201. */
function serve({ canModerate = false, detail = threaded }: { canModerate?: boolean; detail?: ReturnType<typeof detailOf> } = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/courses/7/forum') return jsonResponse(200, summary(canModerate));
    // A search for a common word answers a lower-bound total (total_exact false).
    if (url.startsWith('/api/courses/7/forum/topics?page=1&page_size=20&q=enzyme') && method === 'GET')
      return jsonResponse(200, pageOf([open], { total: 120, pages: 6, total_exact: false }));
    if (url.startsWith('/api/courses/7/forum/topics') && method === 'GET') return jsonResponse(200, pageOf([pinned, open], { total: 45, pages: 3 }));
    if (url.startsWith('/api/forum/31/topics')) return jsonResponse(200, pageOf([topicOf({ id: 8, title: 'Week 1: questions' })]));
    if (url === '/api/topics/5' && method === 'GET') return jsonResponse(200, detail);
    if (url === '/api/topics/5/replies' && method === 'POST') {
      const body = bodyOf([input, init]) as { content: string; parent_id: number | null };
      return jsonResponse(201, replyOf({ id: 150, author: student, content: body.content, parent_id: body.parent_id }));
    }
    if (url === '/api/replies/101/like' && method === 'PUT') return jsonResponse(200, { liked: true, like_count: 4 });
    if (method === 'PUT' || method === 'DELETE') return jsonResponse(200, {});
    return jsonResponse(200, {});
  });
}

function renderForum(route: string, roles: string[] = ['student']) {
  return renderWithApp(
    <Routes>
      <Route path="/course/:id" element={<Outlet context={courseOf(roles)} />}>
        <Route path="forum" element={<CourseForumPage />} />
      </Route>
    </Routes>,
    { route },
  );
}

describe('the course forum /course/{id}/forum (issue 18 §1; spec §2)', { timeout: 60_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('lists the topics pinned first with their tags, author, team badge, counts and unread dot; pages, searches, filters; switches forum', async () => {
    serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderForum('/course/7/forum');
    const list = await screen.findByTestId('topic-list');
    const rows = within(list).getAllByTestId('topic-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Pinned');
    expect(rows[0]).toHaveTextContent('Read me first: forum rules');
    expect(rows[0]).toHaveTextContent('Teaching team');
    expect(rows[0]).toHaveAttribute('data-unread', 'false');
    expect(rows[1]).toHaveTextContent('Locked');
    expect(rows[1]).toHaveTextContent('Lab group A');
    expect(rows[1]).toHaveTextContent('I do not get the lock and key model.');
    expect(rows[1]).toHaveAttribute('data-unread', 'true');
    expect(within(rows[1]!).getByLabelText('2 replies')).toHaveTextContent('2');
    expect(urls('/api/courses/7/forum/topics')).toEqual(['/api/courses/7/forum/topics?page=1&page_size=20']);
    // Unread counts in the side menu: 1 general + 2 in the forum activity.
    const categories = screen.getByTestId('forum-categories');
    expect(within(categories).getByText('All topics').closest('li')).toHaveTextContent('3');
    expect(screen.getByText('45 topics')).toBeInTheDocument();

    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(urls('/api/courses/7/forum/topics')).toContain('/api/courses/7/forum/topics?page=2&page_size=20'));
    expect(screen.getByTestId('location')).toHaveTextContent('/course/7/forum?page=2');

    const search = screen.getByRole('searchbox', { name: 'Search topics' });
    fireEvent.change(search, { target: { value: 'enzyme' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(urls('/api/courses/7/forum/topics')).toContain('/api/courses/7/forum/topics?page=1&page_size=20&q=enzyme'));
    expect(await screen.findByText('120+ topics')).toBeInTheDocument();

    await user.click(screen.getByText('Unread', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(urls('/api/courses/7/forum/topics')).toContain('/api/courses/7/forum/topics?page=1&page_size=20&q=enzyme&filter=unread'));

    await user.click(within(categories).getByText('Week 1 discussion'));
    expect(await screen.findByText('Week 1: questions')).toBeInTheDocument();
    expect(urls('/api/forum/31/topics')).toEqual(['/api/forum/31/topics?page=1&page_size=20']);
    expect(screen.getByRole('switch', { name: 'Follow this forum' })).toBeInTheDocument();
  });

  it('opens a topic at #/topics/{id}: content and replies threaded two levels; a reply joins the thread; Back returns to the list', async () => {
    serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderForum('/course/7/forum');
    await user.click(await screen.findByRole('button', { name: 'How do enzymes work?' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/course/7/forum#/topics/5'));
    const view = await screen.findByTestId('topic-view');
    expect(within(view).getByTestId('topic-content').querySelector('strong')).toHaveTextContent('lock and key');
    const replies = within(view).getByTestId('replies');
    const first = replies.querySelector('[data-reply-id="100"]') as HTMLElement;
    // The answer to reply 100 sits inside it; reply 101 is a first-level reply of its own.
    expect(first.querySelector('[data-reply-id="102"]')).toHaveTextContent('That helps, thanks!');
    expect(replies.querySelector(':scope > [data-reply-id="101"]')).toHaveTextContent('Is the active site the lock?');
    expect(within(first).getAllByText('Teaching team')[0]).toBeInTheDocument();

    // Answer the first-level reply: the inline box posts with parent_id.
    await user.click(within(first).getAllByRole('button', { name: 'Reply' })[0]!);
    const inline = await screen.findByTestId('inline-reply-composer');
    fireEvent.change(within(inline).getByRole('textbox', { name: 'Reply to Iris Instructor' }), { target: { value: '<p>Me too</p>' } });
    await user.click(within(inline).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(calls('POST', '/api/topics/5/replies')).toHaveLength(1));
    expect(bodyOf(calls('POST', '/api/topics/5/replies')[0])).toEqual({ upload_ids: [], content: '<p>Me too</p>', parent_id: 100 });
    await waitFor(() => expect(first.querySelector('[data-reply-id="150"]')).toHaveTextContent('Me too'));

    // "Write a reply" puts the focus in the reply box.
    await user.click(screen.getByRole('button', { name: /Write a reply/ }));
    expect(within(screen.getByTestId('reply-composer')).getByRole('textbox', { name: 'Your reply' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Back to the forum' }));
    expect(await screen.findByTestId('topic-list')).toBeInTheDocument();
  });

  it('?reply= scrolls to that reply and highlights it', async () => {
    serve();
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      renderForum('/course/7/forum#/topics/5?reply=102');
      const reply = await screen.findByText('That helps, thanks!');
      const item = reply.closest('[data-testid="reply"]');
      expect(item).toHaveAttribute('data-highlighted', 'true');
      expect(document.querySelector('[data-reply-id="100"]')).toHaveAttribute('data-highlighted', 'false');
      await waitFor(() => expect(scrolled).toContain(item));
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('a locked topic shows a student no reply box but says why, and no moderation', async () => {
    serve({ detail: { ...threaded, is_locked: true, can_reply: false } });
    renderForum('/course/7/forum#/topics/5');
    expect(await screen.findByTestId('reply-disabled')).toHaveTextContent('This topic is locked: no new replies can be posted.');
    expect(screen.queryByTestId('reply-composer')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Moderate/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hide' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Reports' })).toBeNull();
  });

  it('the team moderates: the menu pins, locks, closes, hides; a reply is hidden', async () => {
    serve({ canModerate: true, detail: { ...threaded, can_moderate: true } });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderForum('/course/7/forum#/topics/5', ['instructor']);
    await user.click(await screen.findByRole('button', { name: /Moderate/ }));
    for (const name of ['Pin to top', 'Lock (no more replies)', 'Close topic', 'Hide from learners', 'Delete topic'])
      expect(await screen.findByRole('menuitem', { name: new RegExp(name.replace(/[()]/g, '\\$&')) })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: /Lock/ }));
    await waitFor(() => expect(calls('PUT', '/api/topics/5/moderation')).toHaveLength(1));
    expect(bodyOf(calls('PUT', '/api/topics/5/moderation')[0])).toEqual({ is_locked: true });

    const reply = document.querySelector('[data-reply-id="101"]') as HTMLElement;
    await user.click(within(reply).getAllByRole('button', { name: 'Hide' }).at(-1)!);
    await waitFor(() => expect(calls('PUT', '/api/replies/101/moderation')).toHaveLength(1));
    expect(bodyOf(calls('PUT', '/api/replies/101/moderation')[0])).toEqual({ is_hidden: true });
  });

  it('a reply announced on the notification stream is read in without a reload', async () => {
    serve();
    renderForum('/course/7/forum#/topics/5');
    await screen.findByTestId('topic-view');
    expect(calls('GET', '/api/topics/5')).toHaveLength(1);
    const live = detailOf({ ...threaded, replies: [...threaded.replies, threadOf({ id: 160, author: student, content: '<p>Live answer</p>' })] });
    serve({ detail: live });
    act(() => dispatchTopicEvent({ topic_id: 5, reply_id: 160, course_id: 7 }));
    expect(await screen.findByText('Live answer')).toBeInTheDocument();
    // Another topic's reply does not read this one again.
    act(() => dispatchTopicEvent({ topic_id: 6, reply_id: 161, course_id: 7 }));
    expect(calls('GET', '/api/topics/5')).toHaveLength(2);
  });

  it('writes a group topic: the drawer posts title, content and group to the general category', async () => {
    serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderForum('/course/7/forum');
    await user.click(await screen.findByRole('button', { name: /New topic/ }));
    const drawer = await screen.findByTestId('topic-compose');
    await user.click(within(drawer).getByRole('button', { name: 'Post' }));
    expect(await within(drawer).findByText('Give the topic a title.')).toBeInTheDocument();
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Title' }), { target: { value: 'Lab report help' } });
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Content' }), { target: { value: '<p>Who has the data?</p>' } });
    await user.click(within(drawer).getByRole('combobox', { name: 'Group' }));
    await user.click((await screen.findAllByTitle('Lab group A')).find((el) => el.classList.contains('ant-select-item-option'))!);
    fetchMock.mockImplementationOnce(async () => jsonResponse(201, topicOf({ id: 5 })));
    await user.click(within(drawer).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('#/topics/5'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toBe('/api/courses/7/forum/topics');
    expect(bodyOf(post)).toEqual({ title: 'Lab report help', content: '<p>Who has the data?</p>', group_id: 4, upload_ids: [] });
  });

  it('likes a reply: the count moves at once and then shows the server’s count', async () => {
    serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderForum('/course/7/forum#/topics/5');
    await screen.findByTestId('topic-view');
    const reply = document.querySelector('[data-reply-id="101"]') as HTMLElement;
    const like = within(reply).getByRole('button', { name: 'Like (0 likes)' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await user.click(like);
    await waitFor(() => expect(calls('PUT', '/api/replies/101/like')).toHaveLength(1));
    await waitFor(() => expect(within(reply).getByRole('button', { name: 'Like (4 likes)' })).toHaveAttribute('aria-pressed', 'true'));
  });

  it('a topic of 500 replies draws its first threads at once and the rest right after; ?reply= to the last one shows it at once', async () => {
    const big = detailOf({
      reply_count: 500,
      replies: Array.from({ length: 250 }, (_, i) =>
        threadOf({ id: 1000 + i, author: student, content: `<p>Reply ${i}</p>` }, [
          replyOf({ id: 5000 + i, parent_id: 1000 + i, content: `<p>Answer ${i}</p>` }),
        ]),
      ),
    });
    serve({ detail: big });
    renderForum('/course/7/forum#/topics/5?reply=5249');
    const last = await screen.findByText('Answer 249');
    expect(last.closest('[data-testid="reply"]')).toHaveAttribute('data-highlighted', 'true');
    await waitFor(() => expect(document.querySelectorAll('[data-testid="reply"]')).toHaveLength(500));
  });

  it('under a long topic the reply box stands in for the editor until the page is idle or the reader focuses it', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (work: () => void) => idle.push(work));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const long = detailOf({ reply_count: 60, replies: Array.from({ length: 60 }, (_, i) => threadOf({ id: 1000 + i, content: `<p>Reply ${i}</p>` })) });
    serve({ detail: long });
    renderForum('/course/7/forum#/topics/5');
    const composer = await screen.findByTestId('reply-composer');
    const standIn = within(composer).getByTestId('editor-stand-in');
    expect(within(composer).queryByRole('textbox', { name: 'Your reply' })).toBe(standIn);
    // Focusing it brings the editor, focused.
    act(() => standIn.focus());
    const editor = await within(composer).findByRole('textbox', { name: 'Your reply' });
    expect(editor.tagName).toBe('TEXTAREA');
    await waitFor(() => expect(editor).toHaveFocus());
    expect(idle.length).toBeGreaterThan(0);
  });

  it('a short topic shows the editor at once; a long one gets it when the page falls idle', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (work: () => void) => idle.push(work));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    serve();
    const short = renderForum('/course/7/forum#/topics/5');
    expect(within(await screen.findByTestId('reply-composer')).queryByTestId('editor-stand-in')).toBeNull();
    short.unmount();
    serve({ detail: detailOf({ reply_count: 60, replies: Array.from({ length: 60 }, (_, i) => threadOf({ id: 1000 + i })) }) });
    renderForum('/course/7/forum#/topics/5');
    const composer = await screen.findByTestId('reply-composer');
    expect(within(composer).getByTestId('editor-stand-in')).toBeInTheDocument();
    act(() => idle.splice(0).forEach((work) => work()));
    expect(await within(composer).findByRole('textbox', { name: 'Your reply' })).toHaveProperty('tagName', 'TEXTAREA');
    expect(within(composer).queryByTestId('editor-stand-in')).toBeNull();
  });
});
