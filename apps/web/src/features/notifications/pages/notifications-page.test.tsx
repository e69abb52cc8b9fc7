import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_KIND_NAMES, NOTIFICATION_TYPES, type NotificationPreference } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { GROUP_TYPES, NOTIFICATION_GROUPS } from '../lib/groups';
import { notificationListOf, notificationOf } from '../test/fixtures';
import { NotificationsPage } from './notifications-page';

configure({ asyncUtilTimeout: 5_000 });

const fetchMock = vi.fn<typeof fetch>();
const listUrls = () => fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/notifications?'));
const calls = (method: string, url: string) => fetchMock.mock.calls.filter(([input, init]) => String(input) === url && (init?.method ?? 'GET') === method);
const bodyOf = (call: Parameters<typeof fetch> | undefined) => JSON.parse(String(call?.[1]?.body)) as unknown;

describe('the notification centre /user/notifications (issue 17 §1)', { timeout: 60_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('every notification type is in exactly one filter group', () => {
    const grouped = NOTIFICATION_GROUPS.flatMap((group) => GROUP_TYPES[group]);
    expect([...grouped].sort()).toEqual([...NOTIFICATION_TYPES].sort());
    expect(GROUP_TYPES.homework).toEqual(['homework']);
    expect(GROUP_TYPES.courses).toContain('material');
    expect(GROUP_TYPES.courses).not.toContain('homework');
  });

  it('asks the server with the type group, unread-only and paging of the filters; marks one and all read', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/notifications?')) {
        const query = new URL(url, 'http://x').searchParams;
        const page = Number(query.get('page'));
        const pageSize = Number(query.get('page_size'));
        const items = [notificationOf({ id: page * 100 + 1, payload: { title: `Essay on page ${page}`, score: 87, course_name: 'Biology 101' } })];
        return jsonResponse(200, notificationListOf(items, { page, page_size: pageSize, total: 45, pages: Math.ceil(45 / pageSize), unread_count: 7 }));
      }
      if (url === '/api/notifications/read' && init?.method === 'PUT') return jsonResponse(200, { updated: 1, unread_count: 6 });
      return jsonResponse(200, {});
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<NotificationsPage />, { route: '/user/notifications' });
    expect(await screen.findByText('Homework graded: Essay on page 1 — 87')).toBeInTheDocument();
    expect(screen.getByTestId('notification-summary')).toHaveTextContent('45 notifications · 7 unread');
    expect(listUrls()).toEqual(['/api/notifications?page=1&page_size=10']);

    await user.click(screen.getByRole('radio', { name: 'Exams' }));
    await waitFor(() => expect(listUrls()).toContain('/api/notifications?page=1&page_size=10&type=exam%2Cquestionnaire'));
    expect(screen.getByTestId('location')).toHaveTextContent('/user/notifications?group=exams');

    await user.click(screen.getByRole('switch'));
    await waitFor(() => expect(listUrls()).toContain('/api/notifications?page=1&page_size=10&type=exam%2Cquestionnaire&unread=true'));

    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(listUrls()).toContain('/api/notifications?page=2&page_size=10&type=exam%2Cquestionnaire&unread=true'));
    expect(await screen.findByText('Homework graded: Essay on page 2 — 87')).toBeInTheDocument();

    // Page size (spec §9 options): back to page 1 with 50 a page.
    await user.click(screen.getByRole('combobox'));
    const sizes = await screen.findAllByRole('option');
    expect(sizes.map((option) => option.textContent)).toEqual(['10 / page', '20 / page', '30 / page', '50 / page', '100 / page']);
    await user.click(screen.getByTitle('50 / page'));
    await waitFor(() => expect(listUrls()).toContain('/api/notifications?page=1&page_size=50&type=exam%2Cquestionnaire&unread=true'));

    await user.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(listUrls()).toContain('/api/notifications?page=1&page_size=50&unread=true'));

    await user.click(await screen.findByRole('button', { name: 'Mark “Homework graded: Essay on page 1 — 87” as read' }));
    await waitFor(() => expect(calls('PUT', '/api/notifications/read')).toHaveLength(1));
    expect(bodyOf(calls('PUT', '/api/notifications/read')[0])).toEqual({ ids: [101] });

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls('PUT', '/api/notifications/read')).toHaveLength(2));
    expect(bodyOf(calls('PUT', '/api/notifications/read')[1])).toEqual({ all: true });
  });

  it('shows the empty state of a filter and the error state with a retry', async () => {
    let fail = true;
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/notifications?')) {
        if (fail) return jsonResponse(500, { code: 'INTERNAL', message: 'Database unavailable' });
        return jsonResponse(200, notificationListOf([]));
      }
      return jsonResponse(200, {});
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<NotificationsPage />, { route: '/user/notifications?group=scores&unread=true' });
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have read every notification.')).toBeInTheDocument();
    expect(listUrls()).toContain('/api/notifications?page=1&page_size=10&type=score_publish&unread=true');
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('preferences: a table of kinds × channels; Save sends every kind with the changes', async () => {
    const saved: NotificationPreference[][] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/notifications/preferences' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { items: NotificationPreference[] };
        saved.push(body.items);
        return jsonResponse(200, body);
      }
      if (url === '/api/notifications/preferences')
        return jsonResponse(200, {
          items: [
            { kind: 'homework.graded', in_app: true, email: 'instant' },
            { kind: 'bulletin.published', in_app: true, email: 'daily' },
          ],
        });
      return jsonResponse(200, {});
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<NotificationsPage />, { route: '/user/notifications?tab=preferences' });
    const table = await screen.findByTestId('notification-preferences');
    expect(await within(table).findByText('Homework graded')).toBeInTheDocument();
    expect(within(table).getAllByRole('switch')).toHaveLength(NOTIFICATION_KIND_NAMES.length);
    const save = within(table).getByRole('button', { name: 'Save preferences' });
    expect(save).toBeDisabled();

    await user.click(within(table).getByRole('switch', { name: 'In app: Bulletins' }));
    await user.click(within(table).getByRole('combobox', { name: 'E-mail: Homework graded' }));
    const daily = (await screen.findAllByTitle('Daily digest')).find((el) => el.classList.contains('ant-select-item-option'));
    await user.click(daily!);
    await user.click(save);
    await waitFor(() => expect(saved).toHaveLength(1));
    const sent = saved[0]!;
    expect(sent).toHaveLength(NOTIFICATION_KIND_NAMES.length);
    expect(sent.find((p) => p.kind === 'homework.graded')).toEqual({ kind: 'homework.graded', in_app: true, email: 'daily' });
    expect(sent.find((p) => p.kind === 'bulletin.published')).toEqual({ kind: 'bulletin.published', in_app: false, email: 'daily' });
    // Kinds the server did not list go with their defaults.
    expect(sent.find((p) => p.kind === 'course.invited')).toEqual({ kind: 'course.invited', in_app: true, email: 'instant' });
    expect(await screen.findByText('Preferences saved')).toBeInTheDocument();
  });

  it('preferences: a refused save shows the server message', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/notifications/preferences' && init?.method === 'PUT')
        return jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'Invalid body', errors: { items: ['items must list known kinds'] } });
      if (url === '/api/notifications/preferences') return jsonResponse(200, { items: [] });
      return jsonResponse(200, {});
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<NotificationsPage />, { route: '/user/notifications?tab=preferences' });
    await user.click(await screen.findByRole('switch', { name: 'In app: Meeting reminders' }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('items must list known kinds');
  });
});
