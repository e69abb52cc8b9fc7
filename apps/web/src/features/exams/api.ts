import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AnswerValue,
  Attempt,
  AttemptStatus,
  CreateSubjectBody,
  GradeAttemptBody,
  MyAttempts,
  ScoreList,
  Subject,
  SubjectCategory,
  SubjectType,
  SubmitResult,
} from '@atrium/contracts';
import { api } from '../../lib/api-client';

/** `GET /api/exams/{id}/subjects` answer: the subjects with their keys and the points of all. */
export interface SubjectList {
  subjects: Subject[];
  total_score: number;
}

/** The score list's filters and page (`ScoreListQuerySchema`). */
export interface ScoreListQuery {
  page: number;
  page_size: number;
  status?: AttemptStatus;
  keyword?: string;
}

/** `PUT /api/exam-attempts/{id}/answers` answer: how many answers were stored, and when (server time). */
export interface SaveAnswersResult {
  saved: number;
  saved_at: string;
}

/** `POST /api/exams/{id}/scores/publish` answer. */
export interface PublishScoresResult {
  scores_published_at: string;
  attempts: number;
}

/** A page of the course's subject bank (`BankPageSchema`). */
export interface BankPage {
  items: Subject[];
  page: number;
  page_size: number;
  pages: number;
  total: number;
}

/** The bank's filters and page (`BankQuerySchema`). */
export interface BankQuery {
  page: number;
  page_size: number;
  category_id?: number;
  type?: SubjectType;
  keyword?: string;
}

/** Query keys of the exams feature (issue 15). */
export const examKeys = {
  subjects: (activityId: number) => ['exams', 'subjects', activityId] as const,
  myAttempts: (activityId: number) => ['exams', 'my-attempts', activityId] as const,
  attempt: (attemptId: number) => ['exams', 'attempt', attemptId] as const,
  categories: (courseId: number) => ['exams', 'categories', courseId] as const,
  banks: (courseId: number) => ['exams', 'bank', courseId] as const,
  bank: (courseId: number, query: BankQuery) => ['exams', 'bank', courseId, query] as const,
  scoreLists: (activityId: number) => ['exams', 'score-list', activityId] as const,
  scoreList: (activityId: number, query: ScoreListQuery) => ['exams', 'score-list', activityId, query] as const,
  review: (attemptId: number) => ['exams', 'review', attemptId] as const,
};

// ---------------------------------------------------------------- the course team's subjects

/** `GET /api/exams/{activityId}/subjects` (course team): every subject with its answer key, and the total points. */
export function useExamSubjects(activityId: number) {
  return useQuery({
    queryKey: examKeys.subjects(activityId),
    queryFn: ({ signal }) => api.get<SubjectList>(`/api/exams/${activityId}/subjects`, undefined, signal),
  });
}

/**
 * `POST /api/exams/{activityId}/subjects`, `PUT /api/exam-subjects/{id}`, `DELETE /api/exam-subjects/{id}`
 * (course team); a 400 names the field that does not fit the type (`options`, `answers`, `pairs.0.answer` …).
 * Each reads the subjects and the score list again (a key change regrades submitted attempts).
 */
export function useSubjectMutations(activityId: number) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: examKeys.subjects(activityId) });
    void queryClient.invalidateQueries({ queryKey: examKeys.scoreLists(activityId) });
  };
  return {
    create: useMutation({ mutationFn: (body: CreateSubjectBody) => api.post<Subject>(`/api/exams/${activityId}/subjects`, body), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: CreateSubjectBody }) => api.put<Subject>(`/api/exam-subjects/${id}`, body),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: number) => api.delete<void>(`/api/exam-subjects/${id}`), onSuccess: refresh }),
  };
}

// ---------------------------------------------------------------- the course's subject bank

/** `GET /api/courses/{courseId}/subject-categories` (course team): the bank's categories with how many subjects each holds. */
export function useSubjectCategories(courseId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: examKeys.categories(courseId),
    queryFn: ({ signal }) => api.get<{ categories: SubjectCategory[] }>(`/api/courses/${courseId}/subject-categories`, undefined, signal),
    select: (answer) => answer.categories,
    enabled,
  });
}

/** `POST /api/courses/{courseId}/subject-categories` (course team): a new category (400 naming `name`). */
export function useCreateCategory(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<SubjectCategory>(`/api/courses/${courseId}/subject-categories`, { name }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: examKeys.categories(courseId) }),
  });
}

/**
 * A bank category's writes (course team): `PUT /api/subject-categories/{id} {name}` renames it (400
 * naming `name`), `DELETE` removes it (204; its subjects stay in the bank, uncategorised). Each reads
 * the categories and the bank (which shows category names) again.
 */
export function useCategoryMutations(courseId: number) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: examKeys.categories(courseId) });
    void queryClient.invalidateQueries({ queryKey: examKeys.banks(courseId) });
  };
  return {
    rename: useMutation({
      mutationFn: ({ id, name }: { id: number; name: string }) => api.put<SubjectCategory>(`/api/subject-categories/${id}`, { name }),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: number) => api.delete<void>(`/api/subject-categories/${id}`), onSuccess: refresh }),
  };
}

/** `GET /api/courses/{courseId}/subjects?page&page_size&category_id&type&keyword` (course team): a page of the bank, keys included. */
export function useBank(courseId: number, query: BankQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: examKeys.bank(courseId, query),
    queryFn: ({ signal }) => api.get<BankPage>(`/api/courses/${courseId}/subjects`, { ...query }, signal),
    placeholderData: (previous) => previous,
    enabled,
  });
}

/**
 * The bank's writes (course team): `POST /api/courses/{courseId}/subjects` adds a bank subject,
 * `PUT` / `DELETE /api/exam-subjects/{id}` edit and delete one (400s name the field as for an
 * exam's subjects); each reads the bank and its category counts again.
 */
export function useBankMutations(courseId: number) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: examKeys.banks(courseId) });
    void queryClient.invalidateQueries({ queryKey: examKeys.categories(courseId) });
  };
  return {
    create: useMutation({ mutationFn: (body: CreateSubjectBody) => api.post<Subject>(`/api/courses/${courseId}/subjects`, body), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: CreateSubjectBody }) => api.put<Subject>(`/api/exam-subjects/${id}`, body),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: number) => api.delete<void>(`/api/exam-subjects/${id}`), onSuccess: refresh }),
  };
}

/** `POST /api/exams/{activityId}/subjects/from-bank` (course team): copies bank subjects into the exam, in this order; reads the exam's subjects again. */
export function useAddFromBank(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subjectIds: number[]) => api.post<{ subjects: Subject[] }>(`/api/exams/${activityId}/subjects/from-bank`, { subject_ids: subjectIds }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: examKeys.subjects(activityId) });
      void queryClient.invalidateQueries({ queryKey: examKeys.scoreLists(activityId) });
    },
  });
}

// ---------------------------------------------------------------- taking

/**
 * `GET /api/exams/{activityId}/my-attempts` (the requester): their attempts oldest first with
 * scores as the exam shows them, attempts allowed (0: no limit) and used, the one in progress
 * and the exam's score by its grade method: the start card's facts on any device.
 */
export function useMyAttempts(activityId: number) {
  return useQuery({
    queryKey: examKeys.myAttempts(activityId),
    queryFn: ({ signal }) => api.get<MyAttempts>(`/api/exams/${activityId}/my-attempts`, undefined, signal),
    refetchOnWindowFocus: false,
  });
}

/** `GET /api/exam-attempts/{attemptId}` (its learner): the attempt, its saved answers and, when shown, results. Disabled for null. */
export function useAttempt(attemptId: number | null) {
  return useQuery({
    queryKey: examKeys.attempt(attemptId ?? 0),
    queryFn: ({ signal }) => api.get<Attempt>(`/api/exam-attempts/${attemptId}`, undefined, signal),
    enabled: attemptId !== null && attemptId > 0,
    retry: false,
    // The countdown runs against the server's `now` of the answer it holds: never refetch behind its back.
    refetchOnWindowFocus: false,
  });
}

/**
 * `POST /api/exams/{activityId}/attempts`: starts an attempt (201) or resumes the one in progress (200);
 * the answer goes into the attempt's cache entry. 409 EXAM_NO_ATTEMPTS_LEFT, NOT_AN_EXAM.
 */
export function useStartAttempt(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Attempt>(`/api/exams/${activityId}/attempts`),
    onSuccess: (attempt) => {
      queryClient.setQueryData(examKeys.attempt(attempt.id), attempt);
      void queryClient.invalidateQueries({ queryKey: examKeys.myAttempts(activityId) });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: examKeys.myAttempts(activityId) }),
  });
}

/**
 * `PUT /api/exam-attempts/{attemptId}/answers`: stores answers as given (null clears one). 400 naming
 * `answers[i].answer`; 409 ATTEMPT_SUBMITTED, EXAM_DEADLINE_PASSED (the server submitted the attempt).
 * A plain call: the autosave hook owns its debounce and retries.
 */
export function saveAnswers(attemptId: number, answers: { subject_id: number; answer: AnswerValue }[]): Promise<SaveAnswersResult> {
  return api.put<SaveAnswersResult>(`/api/exam-attempts/${attemptId}/answers`, { answers });
}

/** `POST /api/exam-attempts/{attemptId}/submit`: grades the objective answers and closes the attempt; reads the attempt and the learner's attempts again. */
export function useSubmitAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attemptId: number) => api.post<SubmitResult>(`/api/exam-attempts/${attemptId}/submit`),
    onSettled: (_result, _error, attemptId) => {
      void queryClient.invalidateQueries({ queryKey: examKeys.attempt(attemptId) });
      void queryClient.invalidateQueries({ queryKey: ['exams', 'my-attempts'] });
    },
  });
}

// ---------------------------------------------------------------- the course team's score list and grading

/** `GET /api/exams/{activityId}/score-list?page&page_size&status&keyword` (course team): a page of attempts with scores (points). */
export function useScoreList(activityId: number, query: ScoreListQuery) {
  return useQuery({
    queryKey: examKeys.scoreList(activityId, query),
    queryFn: ({ signal }) => api.get<ScoreList>(`/api/exams/${activityId}/score-list`, { ...query }, signal),
    placeholderData: (previous) => previous,
  });
}

/** `GET /api/exam-attempts/{attemptId}/review` (course team): every answer with its score, feedback and the right answer. Disabled for null. */
export function useAttemptReview(attemptId: number | null) {
  return useQuery({
    queryKey: examKeys.review(attemptId ?? 0),
    queryFn: ({ signal }) => api.get<Attempt>(`/api/exam-attempts/${attemptId}/review`, undefined, signal),
    enabled: attemptId !== null && attemptId > 0,
  });
}

/**
 * `PUT /api/exam-attempts/{attemptId}/grades` (course team): scores (points, at most the subject's) and
 * feedback; 400 naming `grades[i].score`. Updates the review and reads the score list again.
 */
export function useGradeAttempt(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ attemptId, body }: { attemptId: number; body: GradeAttemptBody }) => api.put<Attempt>(`/api/exam-attempts/${attemptId}/grades`, body),
    onSuccess: (attempt) => {
      queryClient.setQueryData(examKeys.review(attempt.id), attempt);
      void queryClient.invalidateQueries({ queryKey: examKeys.scoreLists(activityId) });
    },
  });
}

/** `POST /api/exams/{activityId}/scores/publish` (course team): learners see their scores from now on. */
export function usePublishScores(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PublishScoresResult>(`/api/exams/${activityId}/scores/publish`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: examKeys.scoreLists(activityId) }),
  });
}
