import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CheckinResponse,
  InclassAnswer,
  InclassCheckin,
  InclassOverview,
  InclassPick,
  InclassPoll,
  InclassRollcall,
  InclassSession,
  InclassSessionList,
  InclassSubjectList,
  StartPollBody,
  StartRollcallBody,
} from '@atrium/contracts';
import { api, postForFile } from '../../lib/api-client';

/** Query keys of in-class mode (issue 24 item 2; decision 0155). */
export const inclassKeys = {
  overview: (courseId: number) => ['inclass', 'overview', courseId] as const,
  session: (sessionId: number) => ['inclass', 'session', sessionId] as const,
  subjects: (courseId: number, keyword: string) => ['inclass', 'subjects', courseId, keyword] as const,
  sessions: (courseId: number, activityId: number, page: number) => ['inclass', 'sessions', courseId, activityId, page] as const,
};

/** `GET /api/courses/{id}/inclass`: the classrooms (team) and the running session. Learners without a session look again every 5 s (no stream to hear a start on). */
export function useInclassOverview(courseId: number, poll: boolean) {
  return useQuery({
    queryKey: inclassKeys.overview(courseId),
    queryFn: ({ signal }) => api.get<InclassOverview>(`/api/courses/${courseId}/inclass`, undefined, signal),
    refetchInterval: (query) => (poll && !query.state.data?.session ? 5_000 : false),
  });
}

/** `GET /api/inclass-sessions/{id}`: the session as the caller may see it. */
export function useInclassSession(sessionId: number | null, initial?: InclassSession) {
  return useQuery({
    queryKey: inclassKeys.session(sessionId ?? 0),
    queryFn: ({ signal }) => api.get<InclassSession>(`/api/inclass-sessions/${sessionId}`, undefined, signal),
    enabled: sessionId !== null,
    initialData: initial && initial.id === sessionId ? initial : undefined,
  });
}

/** `GET /api/courses/{id}/inclass-subjects`: the course's exam subjects a quick question may copy. */
export function useInclassSubjects(courseId: number, keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: inclassKeys.subjects(courseId, keyword),
    queryFn: ({ signal }) => api.get<InclassSubjectList>(`/api/courses/${courseId}/inclass-subjects`, { keyword, page_size: '50' }, signal),
    enabled,
  });
}

/** `GET /api/courses/{id}/inclass-sessions?activity_id=`: one page (10) of a classroom's sessions, newest first (course team). */
export function useInclassSessions(courseId: number, activityId: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: inclassKeys.sessions(courseId, activityId, page),
    queryFn: ({ signal }) =>
      api.get<InclassSessionList>(
        `/api/courses/${courseId}/inclass-sessions`,
        { activity_id: String(activityId), page: String(page), page_size: '10' },
        signal,
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Writes a new session state into the cache (the answer of a run action). */
function putSession(queryClient: QueryClient, session: InclassSession) {
  queryClient.setQueryData(inclassKeys.session(session.id), session);
}

/** Changes the cached session (stream events, run actions' answers). */
export function patchSession(queryClient: QueryClient, sessionId: number, change: (s: InclassSession) => InclassSession) {
  queryClient.setQueryData<InclassSession>(inclassKeys.session(sessionId), (s) => (s ? change(s) : s));
}

/** A check-in heard on the stream, added to the cached roll call once. */
export function addCheckin(s: InclassSession, c: InclassCheckin): InclassSession {
  if (!s.rollcall || s.rollcall.id !== c.rollcall_id || s.rollcall.checkins.some((x) => x.user_id === c.user_id)) return s;
  return {
    ...s,
    rollcall: {
      ...s.rollcall,
      checkins: [...s.rollcall.checkins, c],
      present_count: s.rollcall.present_count + (c.is_late ? 0 : 1),
      late_count: s.rollcall.late_count + (c.is_late ? 1 : 0),
    },
  };
}

const keysOf = (answer: unknown): string[] =>
  typeof answer === 'string'
    ? [answer]
    : typeof answer === 'boolean'
      ? [String(answer)]
      : Array.isArray(answer)
        ? answer.filter((a): a is string => typeof a === 'string')
        : [];

/** An answer heard on the stream: replaces the learner's earlier one in the cached poll, the tally and counts following. */
export function addAnswer(s: InclassSession, a: InclassAnswer): InclassSession {
  const poll = s.poll;
  if (!poll || poll.id !== a.poll_id) return s;
  const earlier = poll.answers.find((x) => x.user_id === a.user_id);
  const tally = { ...poll.tally };
  const counted = ['single_selection', 'multiple_selection', 'true_or_false'].includes(poll.subject.type);
  if (counted) {
    for (const k of earlier ? keysOf(earlier.answer) : []) tally[k] = Math.max(0, (tally[k] ?? 0) - 1);
    for (const k of keysOf(a.answer)) tally[k] = (tally[k] ?? 0) + 1;
  }
  const answers = [...poll.answers.filter((x) => x.user_id !== a.user_id), a];
  return {
    ...s,
    poll: { ...poll, tally, answers, answer_count: answers.length, correct_count: answers.filter((x) => x.is_correct === true).length },
  };
}

function useRun<B, R>(call: (body: B) => Promise<R>, onDone?: (queryClient: QueryClient, answer: R) => void) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (answer) => onDone?.(queryClient, answer) });
}

/** `POST /api/activities/{id}/inclass-sessions`: starts a session of the classroom. */
export function useStartSession(courseId: number) {
  return useRun(
    (activityId: number) => api.post<InclassSession>(`/api/activities/${activityId}/inclass-sessions`),
    (queryClient, session) => {
      putSession(queryClient, session);
      void queryClient.invalidateQueries({ queryKey: inclassKeys.overview(courseId) });
    },
  );
}

/** `POST /api/inclass-sessions/{id}/end`. */
export function useEndSession(courseId: number) {
  return useRun(
    (sessionId: number) => api.post<InclassSession>(`/api/inclass-sessions/${sessionId}/end`),
    (queryClient, session) => {
      putSession(queryClient, session);
      void queryClient.invalidateQueries({ queryKey: inclassKeys.overview(courseId) });
    },
  );
}

/** `POST /api/inclass-sessions/{id}/rollcalls`. */
export function useStartRollcall(sessionId: number) {
  return useRun(
    (body: StartRollcallBody) => api.post<InclassRollcall>(`/api/inclass-sessions/${sessionId}/rollcalls`, body),
    (queryClient, rollcall) => patchSession(queryClient, sessionId, (s) => ({ ...s, rollcall })),
  );
}

/** `POST /api/inclass-rollcalls/{id}/close`. */
export function useCloseRollcall(sessionId: number) {
  return useRun(
    (rollcallId: number) => api.post<InclassRollcall>(`/api/inclass-rollcalls/${rollcallId}/close`),
    (queryClient, rollcall) => patchSession(queryClient, sessionId, (s) => ({ ...s, rollcall })),
  );
}

/** `POST /api/inclass-sessions/{id}/polls`. */
export function useStartPoll(sessionId: number) {
  return useRun(
    (body: StartPollBody) => api.post<InclassPoll>(`/api/inclass-sessions/${sessionId}/polls`, body),
    (queryClient, poll) => patchSession(queryClient, sessionId, (s) => ({ ...s, poll })),
  );
}

/** `POST /api/inclass-polls/{id}/close`. */
export function useClosePoll(sessionId: number) {
  return useRun(
    (pollId: number) => api.post<InclassPoll>(`/api/inclass-polls/${pollId}/close`),
    (queryClient, poll) => patchSession(queryClient, sessionId, (s) => ({ ...s, poll })),
  );
}

/** `POST /api/inclass-sessions/{id}/picks`. */
export function usePick(sessionId: number) {
  return useRun(
    (among: 'present' | 'all') => api.post<InclassPick>(`/api/inclass-sessions/${sessionId}/picks`, { among }),
    (queryClient, pick) => patchSession(queryClient, sessionId, (s) => ({ ...s, pick })),
  );
}

/** `POST /api/inclass-sessions/{id}/checkin` (students). */
export function useCheckIn(sessionId: number) {
  return useRun(
    (code: string) => api.post<CheckinResponse>(`/api/inclass-sessions/${sessionId}/checkin`, { code }),
    (queryClient, answer) =>
      patchSession(queryClient, sessionId, (s) =>
        s.rollcall && s.rollcall.id === answer.rollcall_id ? { ...s, rollcall: { ...s.rollcall, my_status: answer.status } } : s,
      ),
  );
}

/** `POST /api/inclass-polls/{id}/answers` (students). */
export function useAnswerPoll(sessionId: number) {
  return useRun(
    ({ pollId, answer }: { pollId: number; answer: unknown }) => api.post<{ poll_id: number }>(`/api/inclass-polls/${pollId}/answers`, { answer }),
    (queryClient) => void queryClient.invalidateQueries({ queryKey: inclassKeys.session(sessionId) }),
  );
}

/** `POST /api/inclass-sessions/{id}/actions` (students, with `inclass.user_action_track`); failures are ignored (tracking must not disturb the lesson). */
export function postAction(sessionId: number, action: 'focus' | 'blur'): void {
  void api.post(`/api/inclass-sessions/${sessionId}/actions`, { action }).catch(() => undefined);
}

/** `POST /api/course/{id}/inclass-report` as a CSV or XLSX file. */
export function downloadInclassReport(courseId: number, sessionId: number, format: 'csv' | 'xlsx'): Promise<Blob> {
  return postForFile(`/api/course/${courseId}/inclass-report`, { session_id: sessionId, format });
}
