import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Dashboard } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { UserIndexPage } from './user-index-page';

const fetchMock = vi.fn<typeof fetch>();
const me = {
  id: 7,
  userNo: 'S007',
  user_name: 'sam',
  name: 'Sam',
  role: 1,
  org: { id: 1, name: 'Demo' },
  department: null,
  email: null,
  mobilePhone: null,
  time_zone: 'Asia/Taipei',
};

const dashboard: Dashboard = {
  today: {
    start: '2027-03-09T16:00:00.000Z',
    end: '2027-03-10T16:00:00.000Z',
    lessons: [
      {
        kind: 'event',
        id: 4,
        title: 'Sports day',
        course_id: null,
        start_time: '2027-03-09T16:00:00.000Z',
        end_time: '2027-03-10T16:00:00.000Z',
        all_day: true,
        location: null,
        color: null,
      },
      {
        kind: 'timetable',
        id: 9,
        title: 'Physics',
        course_id: 3,
        start_time: '2027-03-10T01:00:00.000Z',
        end_time: '2027-03-10T02:40:00.000Z',
        all_day: false,
        location: 'Room 7',
        color: '#f5a623',
      },
    ],
  },
  deadlines: {
    from: '2027-03-10T00:00:00.000Z',
    to: '2027-03-17T00:00:00.000Z',
    items: [
      {
        activity_id: 21,
        type: 'exam',
        title: 'Midterm',
        course_id: 3,
        course_name: 'Physics',
        start_time: null,
        end_time: '2027-03-11T09:30:00.000Z',
        url: '/course/3/learning-activity#/exam/21',
      },
    ],
  },
  recent_courses: [
    {
      id: 3,
      name: 'Physics',
      course_code: 'PHY1',
      course_type: 0,
      my_roles: ['student'],
      study_completeness: 40,
      last_activity: { id: 20, title: 'Waves' },
      last_update_completeness_time: '2027-03-09T10:00:00.000Z',
    },
    {
      id: 5,
      name: 'Design studio',
      course_code: 'ST1',
      course_type: 7,
      my_roles: ['instructor'],
      study_completeness: null,
      last_activity: null,
      last_update_completeness_time: null,
    },
  ],
  notifications: {
    unread_count: 3,
    latest: [
      {
        id: 99,
        type: 'exam',
        kind: 'exam.opened',
        payload: { title: 'Midterm', course_name: 'Physics' },
        is_locked: false,
        sender: null,
        url: '/course/3/learning-activity#/exam/21',
        course_id: 3,
        activity_id: 21,
        bulletin_id: null,
        topic_id: null,
        resource_id: null,
        read_at: null,
        created_at: '2027-03-09T10:00:00.000Z',
      },
    ],
  },
  bulletins: [
    {
      id: 8,
      type: 'org',
      title: 'Library hours',
      course_id: null,
      course_name: null,
      publish_at: '2027-03-08T02:00:00.000Z',
      is_read: false,
      url: '/bulletin-list/?type=org&bulletin_id=8',
    },
  ],
};

const empty: Dashboard = {
  today: { start: dashboard.today.start, end: dashboard.today.end, lessons: [] },
  deadlines: { from: dashboard.deadlines.from, to: dashboard.deadlines.to, items: [] },
  recent_courses: [],
  notifications: { unread_count: 0, latest: [] },
  bulletins: [],
};

function serve(answer: () => Response) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/user/dashboard')) return answer();
    if (url === '/api/user') return jsonResponse(200, me);
    if (url.startsWith('/api/org')) return jsonResponse(200, { id: 1, name: 'Demo', time_zone: 'Asia/Shanghai', toggles: {} });
    if (url.startsWith('/api/notifications/read')) return jsonResponse(200, { updated: 1, unread_count: 2 });
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'no' });
  });
}

describe('UserIndexPage', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers({ toFake: ['Date'] });
    // 2027-03-10 08:00 in Taipei.
    vi.setSystemTime(new Date('2027-03-10T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('asks once for my today in my time zone and shows the timetable, deadlines, courses, notifications and bulletins', async () => {
    serve(() => jsonResponse(200, dashboard));
    renderWithApp(<UserIndexPage />);

    const today = await screen.findByTestId('home-today');
    expect(await within(today).findByRole('link', { name: 'Physics' })).toHaveAttribute('href', '/course/3');
    // Times in Asia/Taipei (UTC+8), whatever the machine's zone.
    expect(within(today).getByText('09:00–10:40')).toBeInTheDocument();
    expect(within(today).getByText('All day')).toBeInTheDocument();
    expect(within(today).getByText('Room 7')).toBeInTheDocument();

    const calls = fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/user/dashboard'));
    expect(calls).toHaveLength(1);
    const asked = new URL(calls[0]!, 'http://x').searchParams;
    expect([asked.get('start'), asked.get('end')]).toEqual(['2027-03-09T16:00:00.000Z', '2027-03-10T16:00:00.000Z']);

    const deadlines = screen.getByTestId('home-deadlines');
    expect(within(deadlines).getByRole('link', { name: 'Midterm' })).toHaveAttribute('href', '/course/3/learning-activity#/exam/21');
    expect(within(deadlines).getByText('Physics · Due 2027.03.11 17:30')).toBeInTheDocument();

    const courses = screen.getByTestId('home-courses');
    expect(within(courses).getByRole('progressbar', { name: 'Study completeness of Physics' })).toHaveAttribute('aria-valuenow', '40');
    expect(within(courses).getByText('Last studied: Waves')).toBeInTheDocument();
    expect(within(courses).getByText('Teaching')).toBeInTheDocument();

    const notifications = screen.getByTestId('home-notifications');
    expect(within(notifications).getByText('3 unread notifications')).toBeInTheDocument();
    expect(within(notifications).getByRole('link', { name: 'All notifications' })).toHaveAttribute('href', '/user/notifications');

    const bulletins = screen.getByTestId('home-bulletins');
    expect(within(bulletins).getByRole('link', { name: 'Library hours' })).toHaveAttribute('href', '/bulletin-list/?type=org&bulletin_id=8');
  });

  it('opens a notification: marks it read and goes to its page', async () => {
    serve(() => jsonResponse(200, dashboard));
    renderWithApp(<UserIndexPage />);
    const item = await within(await screen.findByTestId('home-notifications')).findByTestId('notification-item');
    await userEvent.setup().click(item);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/course/3/learning-activity#/exam/21'));
    const read = fetchMock.mock.calls.find(([u, i]) => String(u) === '/api/notifications/read' && i?.method === 'PUT');
    expect(JSON.parse(String(read?.[1]?.body))).toEqual({ ids: [99] });
  });

  it('says so when there is nothing today, nothing due and nothing unread', async () => {
    serve(() => jsonResponse(200, empty));
    renderWithApp(<UserIndexPage />);
    expect(await screen.findByText('Nothing on your timetable today.')).toBeInTheDocument();
    expect(screen.getByText('Nothing due in the next 7 days.')).toBeInTheDocument();
    expect(screen.getByText('No unread notifications.')).toBeInTheDocument();
    expect(screen.getByText('No bulletins yet.')).toBeInTheDocument();
  });

  it('shows a failed load with a retry that asks again', async () => {
    let calls = 0;
    serve(() => {
      calls += 1;
      return calls === 1 ? jsonResponse(500, { code: 'INTERNAL', message: 'Something broke' }) : jsonResponse(200, dashboard);
    });
    renderWithApp(<UserIndexPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Midterm' })).toBeInTheDocument();
  });
});
