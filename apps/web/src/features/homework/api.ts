import { useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { HomeworkSubmission, MyHomework, ScoreSubmissionBody, SubmissionList, SubmitHomeworkBody, GradeItem, Upload } from '@atrium/contracts';
import { api } from '../../lib/api-client';
import { useRefreshCompletion } from '../activities/api';

/** The team list's filters and page (`SubmissionListQuerySchema`): `late` as the query's 'true' / 'false'. */
export interface SubmissionListQuery {
  page: number;
  page_size: number;
  state: 'all' | 'graded' | 'ungraded';
  late?: 'true' | 'false';
  keyword?: string;
}

/** Query keys of the homework feature (issue 16). */
export const homeworkKeys = {
  mine: (activityId: number) => ['homework', 'mine', activityId] as const,
  lists: (activityId: number) => ['homework', 'submissions', activityId] as const,
  list: (activityId: number, query: SubmissionListQuery) => ['homework', 'submissions', activityId, query] as const,
  submission: (submissionId: number) => ['homework', 'submission', submissionId] as const,
  upload: (uploadId: number) => ['homework', 'upload', uploadId] as const,
};

/** `GET /api/homework/{activityId}/my-submission` (a learner): their submission or null, whether they may hand in, why not, the dates and whether scores are published. */
export function useMyHomework(activityId: number) {
  return useQuery({
    queryKey: homeworkKeys.mine(activityId),
    queryFn: ({ signal }) => api.get<MyHomework>(`/api/homework/${activityId}/my-submission`, undefined, signal),
  });
}

/**
 * `POST /api/homework/{activityId}/submissions` `{ upload_ids, content, draft }`: keeps a draft or
 * hands in. Errors: 400 naming `upload_ids` / `content` / `draft`, HOMEWORK_EMPTY (400),
 * HOMEWORK_CLOSED, HOMEWORK_GRADED, HOMEWORK_NO_GROUP (409). Afterwards the learner's submission
 * is read again (also after a refusal: the reason may be new), and a hand-in refreshes completion.
 */
export function useSubmitHomework(courseId: number, activityId: number) {
  const queryClient = useQueryClient();
  const refreshCompletion = useRefreshCompletion(courseId);
  return useMutation({
    mutationFn: (body: SubmitHomeworkBody) => api.post<HomeworkSubmission>(`/api/homework/${activityId}/submissions`, body),
    onSuccess: (_submission, body) => {
      if (!body.draft) refreshCompletion(activityId);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: homeworkKeys.mine(activityId) }),
  });
}

/** `GET /api/homework/{activityId}/submissions?page&page_size&state&late&keyword` (course team): a page of handed-in submissions with counts. */
export function useSubmissionList(activityId: number, query: SubmissionListQuery) {
  return useQuery({
    queryKey: homeworkKeys.list(activityId, query),
    queryFn: ({ signal }) => api.get<SubmissionList>(`/api/homework/${activityId}/submissions`, { ...query }, signal),
    placeholderData: (previous) => previous,
  });
}

/** `GET /api/homework-submissions/{id}` (course team or its learner): one submission with its text and files; disabled for null. */
/** `GET /api/homework-submissions/{id}` once, through the query cache (the team's Grade button reads the files before opening the editor). */
export function fetchSubmission(queryClient: QueryClient, submissionId: number): Promise<HomeworkSubmission> {
  return queryClient.fetchQuery({
    queryKey: homeworkKeys.submission(submissionId),
    queryFn: ({ signal }) => api.get<HomeworkSubmission>(`/api/homework-submissions/${submissionId}`, undefined, signal),
  });
}

export function useSubmission(submissionId: number | null) {
  return useQuery({
    queryKey: homeworkKeys.submission(submissionId ?? 0),
    queryFn: ({ signal }) => api.get<HomeworkSubmission>(`/api/homework-submissions/${submissionId}`, undefined, signal),
    enabled: submissionId !== null && submissionId > 0,
  });
}

/**
 * `PUT /api/homework-submissions/{id}/score` `{ score, feedback }` (course team): score 0–100; above
 * 100 the server answers 400 with `errors.score: ['homework.scoreError']` and saves nothing
 * (spec §5, §8). Stores the answer and reads the list again.
 */
export function useScoreSubmission(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ submissionId, body }: { submissionId: number; body: ScoreSubmissionBody }) =>
      api.put<HomeworkSubmission>(`/api/homework-submissions/${submissionId}/score`, body),
    onSuccess: (submission) => {
      queryClient.setQueryData(homeworkKeys.submission(submission.id), submission);
      void queryClient.invalidateQueries({ queryKey: homeworkKeys.lists(activityId) });
    },
  });
}

/**
 * `POST /api/courses/{courseId}/grade-items/{activityId}/publish` or `/unpublish` (course team): lets
 * learners see this homework's scores and feedback, or takes them back. Reads the list and the gradebook again.
 */
export function usePublishHomeworkScores(courseId: number, activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isPublished: boolean) => api.post<GradeItem>(`/api/courses/${courseId}/grade-items/${activityId}/${isPublished ? 'publish' : 'unpublish'}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: homeworkKeys.lists(activityId) });
      void queryClient.invalidateQueries({ queryKey: ['gradebook', courseId] });
    },
  });
}

/** `GET /api/uploads/{id}` for each id (the homework's attached files, kept as ids in its data): name, type and size of each, in order; ones that fail are left out. */
export function useUploadsByIds(ids: readonly number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: homeworkKeys.upload(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Upload>(`/api/uploads/${id}`, undefined, signal),
      staleTime: 60_000,
    })),
    combine: (results) => ({
      uploads: results.flatMap((r) => (r.data ? [r.data] : [])),
      isPending: results.some((r) => r.isPending),
      isError: results.some((r) => r.isError),
    }),
  });
}
