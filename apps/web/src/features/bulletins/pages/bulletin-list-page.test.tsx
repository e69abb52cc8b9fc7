import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { bulletinListOf, bulletinOf, userOf } from '../test/fixtures';
import { BulletinListPage } from './bulletin-list-page';

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

const pinned = bulletinOf({ id: 4, title: 'Exam week timetable', is_pinned: true, is_read: true, show_on_popup: false });
const closed = bulletinOf({
  id: 5,
  attachments: [{ id: 71, name: 'closure-notice.pdf', type: 'document', size: 2048 }],
});
const courseBulletin = bulletinOf({ id: 8, type: 'course', course_id: 7, course_name: 'Biology 101', title: 'Lab moved to room 204', is_read: true });
const biology = { id: 7, name: 'Biology 101', display_name: '', course_code: 'BIO101', my_roles: ['instructor'] };

/** The server: the user of `role`, org and course lists, one bulletin by id; `onWrite` answers POST/PUT /api/bulletins. */
function serve(role: 0 | 1 | 2 | 3, onWrite?: (body: unknown) => Response) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/user') return jsonResponse(200, userOf(role));
    if (url === '/api/org') return jsonResponse(200, { id: 1, name: 'Demo', time_zone: 'UTC' });
    if (url === '/api/courses/7') return jsonResponse(200, biology);
    if (url === '/api/bulletins' && method === 'POST') return onWrite ? onWrite(bodyOf([input, init])) : jsonResponse(201, closed);
    if (url === '/api/bulletins/read' && method === 'PUT') return jsonResponse(200, { updated: 1 });
    if (url === '/api/bulletins/5/read' && method === 'PUT') return new Response(null, { status: 204 });
    if (url === '/api/bulletins/5') return jsonResponse(200, closed);
    if (url.startsWith('/api/bulletins?type=org')) return jsonResponse(200, bulletinListOf([pinned, closed]));
    if (url.startsWith('/api/bulletins?type=course')) return jsonResponse(200, bulletinListOf([courseBulletin]));
    return jsonResponse(200, {});
  });
}

describe('the bulletin list /bulletin-list (issue 17 §3; spec §2)', { timeout: 60_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('a student sees the organisation’s bulletins pinned first with unread marks, switches to their courses’ bulletins and searches; no New bulletin', async () => {
    serve(1);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<BulletinListPage />, { route: '/bulletin-list/?type=org' });
    const list = await screen.findByTestId('bulletin-list');
    const rows = within(list).getAllByTestId('bulletin-row');
    expect(rows[0]).toHaveTextContent('Pinned');
    expect(rows[0]).toHaveTextContent('Exam week timetable');
    expect(rows[0]).toHaveAttribute('data-unread', 'false');
    expect(rows[1]).toHaveTextContent('Unread');
    expect(rows[1]).toHaveTextContent('Olga Admin · 2099-01-05 01:00 · 1 attachment');
    expect(urls('/api/bulletins?')).toEqual(['/api/bulletins?type=org&page=1&page_size=10']);
    await waitFor(() => expect(urls('/api/user')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /New bulletin/ })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'My courses' }));
    expect(await screen.findByText('Lab moved to room 204')).toBeInTheDocument();
    expect(within(screen.getByTestId('bulletin-list')).getByTestId('bulletin-row')).toHaveTextContent('Biology 101');
    expect(urls('/api/bulletins?')).toContain('/api/bulletins?type=course&page=1&page_size=10');
    expect(screen.getByTestId('location')).toHaveTextContent('/bulletin-list/?type=course');

    const search = screen.getByRole('searchbox', { name: 'Search bulletins' });
    fireEvent.change(search, { target: { value: 'lab' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(urls('/api/bulletins?')).toContain('/api/bulletins?type=course&keyword=lab&page=1&page_size=10'));
  });

  it('opens the bulletin named by bulletin_id: sanitised content, attachments to download, marked read once', async () => {
    serve(1);
    renderWithApp(<BulletinListPage />, { route: '/bulletin-list/?type=org&bulletin_id=5' });
    const drawer = await screen.findByTestId('bulletin-drawer');
    expect(await within(drawer).findByText('closed')).toBeInTheDocument();
    expect(within(drawer).getByText('closed').tagName).toBe('STRONG');
    const link = within(drawer).getByRole('link', { name: 'Download closure-notice.pdf' });
    expect(link).toHaveAttribute('href', '/api/uploads/71/blob');
    await waitFor(() => expect(calls('PUT', '/api/bulletins/5/read')).toHaveLength(1));
    // The list shows it read at once.
    const row = (await screen.findAllByTestId('bulletin-row')).find((el) => el.id === 'bulletin-5');
    await waitFor(() => expect(row).toHaveAttribute('data-unread', 'false'));
    expect(calls('PUT', '/api/bulletins/5/read')).toHaveLength(1);
    // Closing drops bulletin_id from the address.
    await userEvent.click(within(document.body).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/bulletin-list/?type=org'));
  });

  it('"Mark all as read" marks the tab’s bulletins read', async () => {
    serve(1);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<BulletinListPage />, { route: '/bulletin-list/?type=org' });
    await screen.findByTestId('bulletin-list');
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls('PUT', '/api/bulletins/read')).toHaveLength(1));
    expect(bodyOf(calls('PUT', '/api/bulletins/read')[0])).toEqual({ type: 'org' });
  });

  it('an org admin writes a bulletin: a missing title is caught, the server’s 400 lands on its fields, then it is published', async () => {
    const bodies: unknown[] = [];
    serve(2, (body) => {
      bodies.push(body);
      if (bodies.length === 1)
        return jsonResponse(400, {
          code: 'VALIDATION_FAILED',
          message: 'Invalid body',
          errors: { title: ['A bulletin with this title already exists'], upload_ids: ['Upload 3 is not one of yours'] },
        });
      return jsonResponse(201, bulletinOf({ id: 12, title: 'Library hours' }));
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<BulletinListPage />, { route: '/bulletin-list/?type=org' });
    await user.click(await screen.findByRole('button', { name: /New bulletin/ }));
    const drawer = await screen.findByTestId('bulletin-compose');
    expect(within(drawer).getByText('New organization bulletin')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Publish' }));
    expect(await within(drawer).findByText('Give the bulletin a title.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Title' }), { target: { value: 'Library hours' } });
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Content' }), { target: { value: '<p>Open until 22:00</p>' } });
    await user.click(within(drawer).getByRole('switch', { name: 'Show as a popup' }));
    await user.click(within(drawer).getByRole('switch', { name: 'Pin to the top' }));
    await user.click(within(drawer).getByRole('button', { name: 'Publish' }));
    expect(await within(drawer).findByText('A bulletin with this title already exists')).toBeInTheDocument();
    expect(within(drawer).getByText('Upload 3 is not one of yours')).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      type: 'org',
      course_id: null,
      title: 'Library hours',
      content: '<p>Open until 22:00</p>',
      show_on_popup: true,
      is_pinned: true,
      publish_at: null,
      upload_ids: [],
    });
    expect(screen.getByTestId('bulletin-compose')).toBeVisible();

    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Title' }), { target: { value: 'Library opening hours' } });
    await user.click(within(drawer).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Bulletin published')).toBeInTheDocument();
    expect(bodies).toHaveLength(2);
    expect((bodies[1] as { title: string }).title).toBe('Library opening hours');
  });

  it('the course team writes a course’s bulletin from its list (course_id), which names the course', async () => {
    const bodies: unknown[] = [];
    serve(0, (body) => {
      bodies.push(body);
      return jsonResponse(201, bulletinOf({ id: 13, type: 'course', course_id: 7, course_name: 'Biology 101' }));
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<BulletinListPage />, { route: '/bulletin-list/?type=course&course_id=7' });
    await waitFor(() => expect(screen.getByTestId('bulletin-course-filter')).toHaveTextContent('Biology 101'));
    expect(urls('/api/bulletins?')).toEqual(['/api/bulletins?type=course&course_id=7&page=1&page_size=10']);
    await user.click(await screen.findByRole('button', { name: /New bulletin/ }));
    const drawer = await screen.findByTestId('bulletin-compose');
    expect(within(drawer).getByText('New bulletin for Biology 101')).toBeInTheDocument();
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Title' }), { target: { value: 'Quiz on Monday' } });
    await user.click(within(drawer).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ type: 'course', course_id: 7, title: 'Quiz on Monday', show_on_popup: false });
    // Back to the bulletins of every course of mine.
    await user.click(screen.getByRole('button', { name: 'Show every course' }));
    await waitFor(() => expect(urls('/api/bulletins?')).toContain('/api/bulletins?type=course&page=1&page_size=10'));
    expect(screen.queryByTestId('bulletin-course-filter')).toBeNull();
  });
});
