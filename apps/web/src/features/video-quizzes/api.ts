import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AnswerValue,
  CreateVideoQuizBody,
  CreateVideoQuizSubjectBody,
  VideoQuiz,
  VideoQuizAnswerResult,
  VideoQuizList,
  VideoQuizResults,
  VideoQuizGradedAnswer,
  VideoQuizSubject,
  VideoQuizSubjectAnswers,
  VideoQuizSubjects,
} from '@atrium/contracts';
import { api } from '../../lib/api-client';

/** Query keys of the video quizzes feature. */
export const videoQuizKeys = {
  all: ['video-quizzes'] as const,
  ofUpload: (courseId: number, uploadId: number) => ['video-quizzes', 'of-upload', courseId, uploadId] as const,
  subjects: (quizId: number) => ['video-quizzes', 'subjects', quizId] as const,
  results: (quizId: number) => ['video-quizzes', 'results', quizId] as const,
  answers: (subjectId: number) => ['video-quizzes', 'answers', subjectId] as const,
};

/** `GET /api/courses/{id}/video-quizzes?upload_id=`: the quiz of the video being played (if any), and whether the viewer may edit it. */
export function useVideoQuizOfUpload(courseId: number | null, uploadId: number) {
  return useQuery({
    queryKey: videoQuizKeys.ofUpload(courseId ?? 0, uploadId),
    queryFn: ({ signal }) => api.get<VideoQuizList>(`/api/courses/${courseId}/video-quizzes`, { upload_id: uploadId }, signal),
    enabled: courseId !== null && uploadId > 0,
  });
}

/** `GET /api/video-quizzes/{id}/subjects` (spec §7): keys for the team, the learner's own answers for a learner; by second. */
export function useVideoQuizSubjects(quizId: number | null) {
  return useQuery({
    queryKey: videoQuizKeys.subjects(quizId ?? 0),
    queryFn: ({ signal }) => api.get<VideoQuizSubjects>(`/api/video-quizzes/${quizId}/subjects`, undefined, signal),
    enabled: quizId !== null,
  });
}

/** `PUT /api/video-quiz-subjects/{subjectId}/answer` (a learner): the graded answer; the subjects in the cache get it as the learner's answer. A 400 names `answer`. */
export function useAnswerSubject(quizId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subjectId, answer }: { subjectId: number; answer: AnswerValue }) =>
      api.put<VideoQuizAnswerResult>(`/api/video-quiz-subjects/${subjectId}/answer`, { answer }),
    onSuccess: (result, { subjectId, answer }) => {
      queryClient.setQueryData<VideoQuizSubjects>(videoQuizKeys.subjects(quizId), (old) => {
        if (!old || old.view !== 'learner') return old;
        const previous = old.subjects.find((s) => s.id === subjectId)?.my_answer?.score ?? 0;
        return {
          ...old,
          score: Math.round((old.score - previous + (result.score ?? 0)) * 100) / 100,
          subjects: old.subjects.map((s) =>
            s.id === subjectId ? { ...s, my_answer: { answer, score: result.score, correct: result.correct, answered_at: result.answered_at } } : s,
          ),
        };
      });
    },
  });
}

/** The team's writes on the quiz of one video: create (`POST /api/courses/{id}/video-quizzes`), rename, delete. */
export function useVideoQuizMutations(courseId: number, uploadId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: videoQuizKeys.ofUpload(courseId, uploadId) });
  const create = useMutation({
    mutationFn: (body: CreateVideoQuizBody) => api.post<VideoQuiz>(`/api/courses/${courseId}/video-quizzes`, body),
    onSuccess: refresh,
  });
  const rename = useMutation({
    mutationFn: ({ quizId, title }: { quizId: number; title: string }) => api.put<VideoQuiz>(`/api/video-quizzes/${quizId}`, { title }),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (quizId: number) => api.delete<void>(`/api/video-quizzes/${quizId}`), onSuccess: refresh });
  return { create, rename, remove };
}

/** The team's writes on a quiz's subjects (`POST /api/video-quizzes/{id}/subjects`, `PUT`/`DELETE /api/video-quiz-subjects/{id}`); a 400 names the field. */
export function useSubjectMutations(quizId: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: videoQuizKeys.subjects(quizId) }),
      queryClient.invalidateQueries({ queryKey: videoQuizKeys.results(quizId) }),
    ]);
  const create = useMutation({
    mutationFn: (body: CreateVideoQuizSubjectBody) => api.post<VideoQuizSubject>(`/api/video-quizzes/${quizId}/subjects`, body),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: CreateVideoQuizSubjectBody }) => api.put<VideoQuizSubject>(`/api/video-quiz-subjects/${id}`, body),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: number) => api.delete<void>(`/api/video-quiz-subjects/${id}`), onSuccess: refresh });
  return { create, update, remove };
}

/** `GET /api/video-quizzes/{id}/results` (course team): answered and right per subject, totals per learner. */
export function useVideoQuizResults(quizId: number, enabled: boolean) {
  return useQuery({
    queryKey: videoQuizKeys.results(quizId),
    queryFn: ({ signal }) => api.get<VideoQuizResults>(`/api/video-quizzes/${quizId}/results`, undefined, signal),
    enabled,
  });
}

/** `GET /api/video-quiz-subjects/{subjectId}/answers` (course team): every learner's answer to one subject, with points (null while ungraded). */
export function useSubjectAnswers(subjectId: number) {
  return useQuery({
    queryKey: videoQuizKeys.answers(subjectId),
    queryFn: ({ signal }) => api.get<VideoQuizSubjectAnswers>(`/api/video-quiz-subjects/${subjectId}/answers`, undefined, signal),
  });
}

/** `PUT /api/video-quiz-subjects/{subjectId}/answers/{userId}/score` (course team): points for a learner's answer; the answers and the quiz's results are fetched again. A 400 names `score`. */
export function useGradeAnswer(quizId: number, subjectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, score }: { userId: number; score: number }) =>
      api.put<VideoQuizGradedAnswer>(`/api/video-quiz-subjects/${subjectId}/answers/${userId}/score`, { score }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: videoQuizKeys.answers(subjectId) }),
        queryClient.invalidateQueries({ queryKey: videoQuizKeys.results(quizId) }),
      ]),
  });
}
