import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InclassOverview, InclassPoll, InclassRollcall, InclassSession } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { userOf } from '../../../test/fixtures';
import { FakeEventSource } from '../../notifications/test/fixtures';
import { InclassPage } from './inclass-page';

const fetchMock = vi.fn<typeof fetch>();

const rollcall = (over: Partial<InclassRollcall> = {}): InclassRollcall => ({
  id: 3,
  method: 'code',
  code: '4821',
  started_at: '2026-12-04T01:00:00.000Z',
  late_after: null,
  closed_at: null,
  present_count: 0,
  late_count: 0,
  checkins: [],
  my_status: null,
  ...over,
});
const poll = (over: Partial<InclassPoll> = {}): InclassPoll => ({
  id: 8,
  kind: 'question',
  subject: {
    id: 8,
    type: 'single_selection',
    description: '<p>2 + 2?</p>',
    score: 1,
    options: [
      { id: 'a', content: '3' },
      { id: 'b', content: '4' },
    ],
  } as InclassPoll['subject'],
  options: [
    { id: 'a', content: '3', is_answer: false },
    { id: 'b', content: '4', is_answer: true },
  ],
  started_at: '2026-12-04T01:05:00.000Z',
  closed_at: null,
  answer_count: 0,
  correct_count: 0,
  tally: {},
  answers: [],
  ...over,
});
const session = (over: Partial<InclassSession> = {}): InclassSession => ({
  id: 5,
  course_id: 4,
  activity_id: 11,
  activity_title: 'Week 1 lecture',
  started_at: '2026-12-04T01:00:00.000Z',
  ended_at: null,
  tracks_actions: false,
  is_team: true,
  student_count: 30,
  rollcall: null,
  poll: null,
  pick: null,
  ...over,
});
const overview = (over: Partial<InclassOverview> = {}): InclassOverview => ({
  course_id: 4,
  course_name: 'Biology',
  can_run: true,
  classrooms: [{ id: 11, title: 'Week 1 lecture' }],
  session: null,
  ...over,
});

function serve(routes: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://atrium.test');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (url.pathname === '/api/user') return jsonResponse(200, userOf());
    const route = routes[key];
    return route ? route() : jsonResponse(404, { code: 'NOT_FOUND', message: `no ${key}` });
  });
}
const calls = (key: string) =>
  fetchMock.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://atrium.test').pathname}` === key);

describe('InclassPage (spec §2 /inclass/courses/{courseId}; decision 0155)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    FakeEventSource.install();
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    FakeEventSource.uninstall();
  });

  it('the team starts a class from a classroom activity', async () => {
    serve({
      'GET /api/courses/4/inclass': () => jsonResponse(200, overview()),
      'POST /api/activities/11/inclass-sessions': () => jsonResponse(200, session()),
    });
    renderWithApp(<InclassPage />, { route: '/inclass/courses/4', path: '/inclass/courses/:courseId' });
    expect(await screen.findByRole('heading', { level: 1, name: /In-class mode/ }, { timeout: 10_000 })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Start the class' }, { timeout: 10_000 }));
    await waitFor(() => expect(calls('POST /api/activities/11/inclass-sessions')).toHaveLength(1), { timeout: 10_000 });
  });

  it('shows the roll call code large, and check-ins and answers as the stream brings them', async () => {
    const running = session({ rollcall: rollcall(), poll: poll() });
    serve({
      'GET /api/courses/4/inclass': () => jsonResponse(200, overview({ session: running })),
      'GET /api/inclass-sessions/5': () => jsonResponse(200, running),
    });
    renderWithApp(<InclassPage />, { route: '/inclass/courses/4', path: '/inclass/courses/:courseId' });
    expect(await screen.findByTestId('rollcall-code', {}, { timeout: 10_000 })).toHaveTextContent('4821');
    const stream = await waitFor(() => FakeEventSource.open(), { timeout: 10_000 });
    expect(stream.url).toBe('/api/inclass-sessions/5/stream');
    act(() => stream.emit('ready', { session_id: 5 }));
    expect(await screen.findByText('Live', {}, { timeout: 10_000 })).toBeInTheDocument();
    act(() =>
      stream.emit('checkin', { rollcall_id: 3, user_id: 21, name: 'Ada Student', user_no: 'S21', checked_at: '2026-12-04T01:01:00.000Z', is_late: false }),
    );
    const checkins = screen.getByTestId('rollcall-checkins');
    expect(await within(checkins).findByText('Ada Student', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('rollcall-present')).toHaveTextContent('1');
    act(() =>
      stream.emit('answer', {
        poll_id: 8,
        user_id: 21,
        name: 'Ada Student',
        user_no: 'S21',
        answer: 'b',
        is_correct: true,
        answered_at: '2026-12-04T01:06:00.000Z',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('poll-counts')).toHaveTextContent('1 of 30 answered · 1 right'), { timeout: 10_000 });
    expect(screen.getByTestId('poll-bar-b')).toHaveTextContent('1');
    // The same learner answering again replaces the earlier answer.
    act(() =>
      stream.emit('answer', {
        poll_id: 8,
        user_id: 21,
        name: 'Ada Student',
        user_no: 'S21',
        answer: 'a',
        is_correct: false,
        answered_at: '2026-12-04T01:06:10.000Z',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('poll-counts')).toHaveTextContent('1 of 30 answered · 0 right'), { timeout: 10_000 });
    expect(screen.getByTestId('poll-bar-a')).toHaveTextContent('1');
    expect(screen.getByTestId('poll-bar-b')).toHaveTextContent('0');
  });

  it('a learner with no class running waits; once checked in with the code they see it', async () => {
    let current = session({ is_team: false, rollcall: rollcall({ code: null, my_status: 'absent' }) });
    serve({
      'GET /api/courses/4/inclass': () => jsonResponse(200, overview({ can_run: false, classrooms: [], session: current })),
      'GET /api/inclass-sessions/5': () => jsonResponse(200, current),
      'POST /api/inclass-sessions/5/checkin': () => {
        current = { ...current, rollcall: { ...current.rollcall!, my_status: 'present' } };
        return jsonResponse(200, { rollcall_id: 3, status: 'present', checked_at: '2026-12-04T01:02:00.000Z' });
      },
    });
    renderWithApp(<InclassPage />, { route: '/inclass/courses/4', path: '/inclass/courses/:courseId' });
    const input = await screen.findByLabelText('Enter the code shown in the room', {}, { timeout: 10_000 });
    const button = screen.getByRole('button', { name: 'Check in' });
    expect(button).toBeDisabled();
    await userEvent.type(input, '48a21');
    expect(input).toHaveValue('4821');
    await userEvent.click(button);
    expect(await screen.findByTestId('learner-checked-in', {}, { timeout: 10_000 })).toHaveTextContent('You are checked in.');
    expect(JSON.parse(String(calls('POST /api/inclass-sessions/5/checkin')[0]![1]!.body))).toEqual({ code: '4821' });
  });

  it('a scanned QR code checks the learner in at once; a learner answers the open question', async () => {
    let current = session({ is_team: false, rollcall: rollcall({ code: null, my_status: 'absent' }), poll: poll({ options: undefined }) });
    serve({
      'GET /api/courses/4/inclass': () => jsonResponse(200, overview({ can_run: false, classrooms: [], session: current })),
      'GET /api/inclass-sessions/5': () => jsonResponse(200, current),
      'POST /api/inclass-sessions/5/checkin': () => {
        current = { ...current, rollcall: { ...current.rollcall!, my_status: 'late' } };
        return jsonResponse(200, { rollcall_id: 3, status: 'late', checked_at: '2026-12-04T01:20:00.000Z' });
      },
      'POST /api/inclass-polls/8/answers': () => {
        current = { ...current, poll: { ...current.poll!, my_answer: 'b' } };
        return jsonResponse(200, { poll_id: 8, answered_at: '2026-12-04T01:21:00.000Z' });
      },
    });
    renderWithApp(<InclassPage />, { route: '/inclass/courses/4?code=4821', path: '/inclass/courses/:courseId' });
    expect(await screen.findByTestId('learner-checked-in', {}, { timeout: 10_000 })).toHaveTextContent('late');
    expect(JSON.parse(String(calls('POST /api/inclass-sessions/5/checkin')[0]![1]!.body))).toEqual({ code: '4821' });
    const pollCard = screen.getByTestId('learner-poll');
    await userEvent.click(within(pollCard).getByRole('radio', { name: '4' }));
    await userEvent.click(within(pollCard).getByRole('button', { name: 'Send my answer' }));
    expect(await within(pollCard).findByTestId('learner-answer-sent', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(JSON.parse(String(calls('POST /api/inclass-polls/8/answers')[0]![1]!.body))).toEqual({ answer: 'b' });
  });

  it('a learner with no class running is told to wait', async () => {
    serve({ 'GET /api/courses/4/inclass': () => jsonResponse(200, overview({ can_run: false, classrooms: [], session: null })) });
    renderWithApp(<InclassPage />, { route: '/inclass/courses/4', path: '/inclass/courses/:courseId' });
    expect(await screen.findByText('No class in progress', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
