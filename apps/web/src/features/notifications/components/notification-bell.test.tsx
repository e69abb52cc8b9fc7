import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { FakeEventSource, notificationListOf, notificationOf } from '../test/fixtures';
import { NotificationBell } from './notification-bell';
import { NotificationsLayer } from './notifications-layer';

configure({ asyncUtilTimeout: 5_000 });

const student = {
  id: 5,
  userNo: 'S001',
  user_name: 'sam',
  name: 'Sam Student',
  role: 1,
  org: { id: 1, name: 'Demo' },
  department: null,
  email: null,
  mobilePhone: null,
  time_zone: null,
};
const fetchMock = vi.fn<typeof fetch>();
const calls = (method: string, url: string) => fetchMock.mock.calls.filter(([input, init]) => String(input) === url && (init?.method ?? 'GET') === method);
const bodyOf = (call: Parameters<typeof fetch> | undefined) => JSON.parse(String(call?.[1]?.body)) as unknown;

/** The server of these tests: `unread` unread notifications, `latest` as the bell's page; a read answers the count left. */
function serve({ unread, latest }: { unread: number; latest: Notification[] }) {
  const state = { unread, latest };
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/user') return jsonResponse(200, student);
    if (url === '/api/notifications/unread-count') return jsonResponse(200, { unread_count: state.unread });
    if (url === '/api/notifications?page=1&page_size=10') return jsonResponse(200, notificationListOf(state.latest, { unread_count: state.unread }));
    if (url === '/api/notifications/read' && method === 'PUT') {
      const body = JSON.parse(String(init?.body)) as { ids?: number[]; all?: true };
      const updated = body.all ? state.unread : (body.ids?.length ?? 0);
      state.unread = body.all ? 0 : Math.max(0, state.unread - updated);
      return jsonResponse(200, { updated, unread_count: state.unread });
    }
    if (url.startsWith('/api/bulletins')) return jsonResponse(200, { items: [], page: 1, page_size: 100, pages: 0, total: 0, unread_count: 0 });
    return jsonResponse(200, {});
  });
  return state;
}

function renderBell(route = '/user/courses') {
  return renderWithApp(
    <>
      <NotificationBell />
      <NotificationsLayer />
    </>,
    { route },
  );
}

const badge = () => screen.getByTestId('notification-bell');

describe('the header bell and the notification stream (issue 17 §1–2)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    FakeEventSource.install();
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    FakeEventSource.uninstall();
    sessionStorage.clear();
  });

  it('shows the unread count, raises it when a notification arrives on the stream without a reload, and sets it from an unread event', async () => {
    const server = serve({ unread: 3, latest: [] });
    const view = renderBell();
    await waitFor(() => expect(badge()).toHaveAccessibleName('Notifications, 3 unread'));
    // One stream for the tab, opened once the user is known, on the endpoint of the contract.
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const stream = FakeEventSource.open();
    expect(stream.url).toBe('/api/notifications/stream');

    // The server made one (it is listed from now on) and pushed it.
    server.latest = [notificationOf({ id: 201 })];
    server.unread = 4;
    act(() => stream.emit('notification', notificationOf({ id: 201 }), '201'));
    await waitFor(() => expect(badge()).toHaveAccessibleName('Notifications, 4 unread'));
    expect(within(badge()).getByText('4')).toBeInTheDocument();
    // The same notification again (a reconnect's replay) is not counted twice once it is listed.
    await userEvent.click(badge());
    const panel = await screen.findByTestId('notification-panel');
    expect(await within(panel).findByText('Homework graded: Essay 1 — 87')).toBeInTheDocument();
    act(() => stream.emit('notification', notificationOf({ id: 201 }), '201'));
    // A new one arriving while the panel is open goes on top.
    act(() =>
      stream.emit(
        'notification',
        notificationOf({ id: 202, type: 'exam', kind: 'exam.opened', payload: { title: 'Midterm', course_name: 'Biology 101' } }),
        '202',
      ),
    );
    await waitFor(() => expect(badge()).toHaveAccessibleName('Notifications, 5 unread'));
    const items = within(panel).getAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Exam open: Midterm');
    expect(items[0]).toHaveTextContent('Biology 101');
    expect(items[0]).toHaveTextContent('minutes ago');
    // Read on another tab: the server says how many are left.
    act(() => stream.emit('unread', { unread_count: 1 }));
    await waitFor(() => expect(badge()).toHaveAccessibleName('Notifications, 1 unread'));

    // Signing out unmounts the shell: the stream is closed and no other is opened.
    view.unmount();
    expect(stream.readyState).toBe(2);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it.each([
    ['homework', notificationOf({ id: 11 }), '/course/7/learning-activity#/9'],
    [
      'exam (no url from the server: worked out from the type)',
      notificationOf({ id: 12, type: 'exam', kind: 'exam.opened', url: '', activity_id: 31, payload: { title: 'Midterm' } }),
      '/course/7/learning-activity#/exam/31',
    ],
    [
      'score publish',
      notificationOf({ id: 13, type: 'score_publish', kind: 'scores.published', url: '/course/7/score', activity_id: null, payload: { title: 'Biology 101' } }),
      '/course/7/score',
    ],
    [
      'bulletin',
      notificationOf({
        id: 14,
        type: 'bulletin',
        kind: 'bulletin.published',
        url: '',
        course_id: null,
        activity_id: null,
        bulletin_id: 55,
        payload: { title: 'Campus closed Friday', bulletin_type: 'org' },
      }),
      '/bulletin-list/?type=org&bulletin_id=55',
    ],
    [
      'other',
      notificationOf({ id: 15, type: 'other', kind: 'course.invited', url: '', course_id: 7, activity_id: null, payload: { course_name: 'Biology 101' } }),
      '/user/index',
    ],
  ])('a click on a %s notification marks it read and opens its destination', async (_label, notification, destination) => {
    serve({ unread: 2, latest: [notification] });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderBell();
    await waitFor(() => expect(badge()).toHaveAccessibleName('Notifications, 2 unread'));
    await user.click(badge());
    const item = await screen.findByTestId('notification-item');
    await user.click(item);
    await waitFor(() => expect(calls('PUT', '/api/notifications/read')).toHaveLength(1));
    expect(bodyOf(calls('PUT', '/api/notifications/read')[0])).toEqual({ ids: [notification.id] });
    expect(screen.getByTestId('location')).toHaveTextContent(destination);
    expect(screen.getByTestId('location').textContent).toBe(destination);
    await waitFor(() => expect(badge()).toHaveAccessibleName('Notifications, 1 unread'));
    expect(screen.queryByTestId('notification-panel')).toBeNull();
  });

  it('a locked notification opens its destination without being marked read (spec §3 is_locked)', async () => {
    serve({
      unread: 1,
      latest: [notificationOf({ id: 16, type: 'plan_expiry', kind: 'plan.expiring', url: '/management/plan', is_locked: true, payload: {} })],
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderBell();
    await user.click(badge());
    const item = await screen.findByTestId('notification-item');
    expect(item).toHaveTextContent("Your organization's plan is about to expire");
    await user.click(item);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/management/plan'));
    expect(calls('PUT', '/api/notifications/read')).toHaveLength(0);
  });

  it('"Mark all as read" sends { all: true }, shows every item read and empties the badge; "View all" opens the centre', async () => {
    serve({ unread: 2, latest: [notificationOf({ id: 21 }), notificationOf({ id: 22, payload: { title: 'Essay 2' } })] });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderBell();
    await user.click(badge());
    const panel = await screen.findByTestId('notification-panel');
    expect(
      within(panel)
        .getAllByTestId('notification-item')
        .map((el) => el.dataset.unread),
    ).toEqual(['true', 'true']);
    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls('PUT', '/api/notifications/read')).toHaveLength(1));
    expect(bodyOf(calls('PUT', '/api/notifications/read')[0])).toEqual({ all: true });
    await waitFor(() => expect(badge()).toHaveAccessibleName('Notifications, 0 unread'));
    expect(
      within(panel)
        .getAllByTestId('notification-item')
        .map((el) => el.dataset.unread),
    ).toEqual(['false', 'false']);
    await user.click(within(panel).getByRole('link', { name: 'View all' }));
    expect(screen.getByTestId('location').textContent).toBe('/user/notifications');
  });

  it('shows an empty panel with nothing to mark read', async () => {
    serve({ unread: 0, latest: [] });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderBell();
    await user.click(badge());
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});
