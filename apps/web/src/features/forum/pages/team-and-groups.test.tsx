import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, Route, Routes } from 'react-router';
import { jsonResponse, renderWithApp } from '../../../test/render';
import type { Activity } from '@atrium/contracts';
import { ActivityView } from '../../activities/components/views/activity-view';
import { ForumActivityView } from '../components/forum-activity-view';
import { courseOf, detailOf, pageOf, teacher, topicOf } from '../test/fixtures';
import { GroupSetPage } from './group-set-page';
import { TeachingTeamPage } from './teaching-team-page';

configure({ asyncUtilTimeout: 5_000 });

vi.mock('../../../components/rich-text-editor/lazy-rich-text-editor', () => ({
  LazyRichTextEditor: ({ value, onChange, 'aria-label': label }: { value?: string; onChange?: (html: string) => void; 'aria-label'?: string }) => (
    <textarea aria-label={label} value={value ?? ''} onChange={(event) => onChange?.(event.target.value)} />
  ),
}));

const fetchMock = vi.fn<typeof fetch>();
const urls = (prefix: string) =>
  fetchMock.mock.calls.filter(([input, init]) => String(input).startsWith(prefix) && (init?.method ?? 'GET') === 'GET').map(([input]) => String(input));

const soon = new Date(Date.now() + 2 * 86_400_000).toISOString();
const later = new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString();
const meeting = (id: number, title: string, courseId: number | null) => ({
  id,
  title,
  kind: 'meeting',
  start_time: soon,
  end_time: later,
  data: {
    description: 'Plan the midterm',
    live_config: { live_addr: null },
    join_url: 'https://meet.example.org/abc',
    replay_address: [],
    audit_status: 'approved',
    host_user: { id: 2, name: 'Iris Instructor', user_no: 'T2', mobile_phone: null },
  },
  scope_org_ids: '',
  participant_ids: [3],
  participants: [{ id: 3, name: 'Ana Assistant', user_no: 'T3' }],
  course_id: courseId,
  teaching_unit: null,
  room: 'B204',
  editable: true,
  form_editable: true,
  is_started: false,
  is_ended: false,
});

function serve() {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/user') return jsonResponse(200, { id: 2, name: 'Iris Instructor', role: 0, time_zone: 'UTC' });
    if (url === '/api/org') return jsonResponse(200, { id: 1, name: 'Demo', time_zone: 'UTC' });
    if (url === '/api/courses/7/forum')
      return jsonResponse(200, {
        course_id: 7,
        general: { id: null, title: 'General', topic_count: 0, unread_count: 0, subscribed: false },
        forums: [{ id: 31, title: 'Week 1 discussion', topic_count: 1, unread_count: 0, subscribed: true }],
        groups: [
          { id: 4, name: 'Lab group A' },
          { id: 6, name: 'Lab group B' },
        ],
        can_moderate: false,
      });
    if (url.startsWith('/api/courses/7/teaching-team/topics'))
      return jsonResponse(200, pageOf([topicOf({ id: 40, space: 'team', title: 'Midterm marking plan', author: teacher })]));
    if (url.startsWith('/api/courses/7/forum/topics'))
      return jsonResponse(200, pageOf([topicOf({ id: 50, title: 'Group A: lab data', group_id: 4, group_name: 'Lab group A' })]));
    if (url.startsWith('/api/forum/31/topics')) return jsonResponse(200, pageOf([topicOf({ id: 60, title: 'Week 1: questions', activity_id: 31 })]));
    if (url === '/api/topics/40')
      return jsonResponse(200, detailOf({ id: 40, space: 'team', title: 'Midterm marking plan', content: '<p>Split by question.</p>' }));
    if (url === '/api/topics/50') return jsonResponse(200, detailOf({ id: 50, title: 'Group A: lab data', group_id: 4, group_name: 'Lab group A' }));
    if (url === '/api/topics/60') return jsonResponse(200, detailOf({ id: 60, title: 'Week 1: questions' }));
    if (url.startsWith('/api/calendar-meeting?')) return jsonResponse(200, { meetings: [meeting(70, 'Team sync', 7), meeting(71, 'Other course', 8)] });
    if (url.startsWith('/api/instruction-team/meeting?')) return jsonResponse(200, { meetings: [meeting(72, 'Teaching review', 7)] });
    return jsonResponse(200, {});
  });
}

function renderIn(path: string, element: React.ReactNode, route: string, roles: string[]) {
  return renderWithApp(
    <Routes>
      <Route path="/course/:id" element={<Outlet context={courseOf(roles)} />}>
        <Route path={path} element={element} />
      </Route>
    </Routes>,
    { route },
  );
}

describe('teaching team, group topics and the forum activity (issue 18 §1–3; spec §2)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    serve();
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('the teaching-team page is for the team only', async () => {
    renderIn('teaching-team', <TeachingTeamPage />, '/course/7/teaching-team', ['student']);
    expect(await screen.findByText("Only the course's teaching team can open this space.")).toBeInTheDocument();
    expect(urls('/api/courses/7/teaching-team/topics')).toEqual([]);
  });

  it('the team’s forum lists its topics and #/forum/{id} opens one', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderIn('teaching-team', <TeachingTeamPage />, '/course/7/teaching-team', ['instructor']);
    await user.click(await screen.findByRole('button', { name: 'Midterm marking plan' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/course/7/teaching-team#/forum/40'));
    expect(await screen.findByText('Split by question.')).toBeInTheDocument();
    expect(urls('/api/courses/7/teaching-team/topics')).toEqual(['/api/courses/7/teaching-team/topics?page=1&page_size=20']);
  });

  it('#/meeting/{id} lists the course’s team meetings from the calendar and shows the chosen one', async () => {
    renderIn('teaching-team', <TeachingTeamPage />, '/course/7/teaching-team#/meeting/70', ['instructor_assistant']);
    const list = await screen.findByTestId('team-meetings');
    expect(within(list).getByText('Team sync')).toBeInTheDocument();
    expect(within(list).getByText('Teaching review')).toBeInTheDocument();
    expect(within(list).queryByText('Other course')).toBeNull();
    const detail = screen.getByTestId('team-meeting-detail');
    expect(detail).toHaveTextContent('Team sync');
    expect(detail).toHaveTextContent('B204');
    expect(detail).toHaveTextContent('Ana Assistant');
    expect(within(detail).getByRole('link', { name: /Join meeting/ })).toHaveAttribute('href', 'https://meet.example.org/abc');
    const [calendarCall] = urls('/api/calendar-meeting?');
    const query = new URL(calendarCall!, 'http://x').searchParams;
    expect(Date.parse(query.get('end')!) - Date.parse(query.get('start')!)).toBeLessThanOrEqual(62 * 86_400_000);
  });

  it('group topics: #/topics?groupId={g} lists that group’s topics; #/topics/{id}?groupId={g} opens one', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderIn('group-set', <GroupSetPage />, '/course/7/group-set#/topics?groupId=4', ['student']);
    expect(await screen.findByRole('heading', { name: 'Group topics · Lab group A' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Group A: lab data' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/course/7/group-set#/topics/50?groupId=4'));
    expect(await screen.findByTestId('topic-view')).toBeInTheDocument();
    expect(urls('/api/courses/7/forum/topics')).toEqual(['/api/courses/7/forum/topics?page=1&page_size=20&group_id=4']);
  });

  it('the forum activity shows its topics in the learning-activity page and opens one with ?topic=', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<ForumActivityView activity={{ id: 31, course_id: 7 }} />, { route: '/course/7/learning-activity#/31' });
    await user.click(await screen.findByRole('button', { name: 'Week 1: questions' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/course/7/learning-activity?topic=60#/31'));
    expect(await screen.findByTestId('topic-view')).toBeInTheDocument();
    expect(urls('/api/forum/31/topics')).toEqual(['/api/forum/31/topics?page=1&page_size=20']);
  });

  it('the learning-activity page’s view of a forum activity is its topic list (no longer "not available yet")', async () => {
    const forum = { id: 31, course_id: 7, type: 'forum', title: 'Week 1 discussion', data: {}, uploads: [] } as unknown as Activity;
    renderWithApp(<ActivityView activity={forum} onOpenFile={() => {}} />, { route: '/course/7/learning-activity#/31' });
    expect(await screen.findByRole('button', { name: 'Week 1: questions' })).toBeInTheDocument();
    expect(screen.queryByText(/later release|not available/i)).toBeNull();
  });
});
