import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateQuestionnaireSubjectBody, Questionnaire, QuestionnaireResults, QuestionnaireSubject, SubmitQuestionnaireBody } from '@atrium/contracts';
import { api } from '../../lib/api-client';
import { useRefreshCompletion } from '../activities/api';

/** Query keys of the questionnaires feature (issue 15 §5). */
export const questionnaireKeys = {
  detail: (activityId: number) => ['questionnaires', 'detail', activityId] as const,
  results: (activityId: number) => ['questionnaires', 'results', activityId] as const,
};

/** `GET /api/questionnaires/{activityId}`: the subjects, `anonymous`, `show_results` and my response (my answers only when named). A 403 carries the access-forbidden code (not retried). */
export function useQuestionnaire(activityId: number) {
  return useQuery({
    queryKey: questionnaireKeys.detail(activityId),
    queryFn: ({ signal }) => api.get<Questionnaire>(`/api/questionnaires/${activityId}`, undefined, signal),
    retry: false,
  });
}

/**
 * `POST /api/questionnaires/{activityId}/responses` (once per person): 409 QUESTIONNAIRE_ANSWERED after
 * that; 400 naming `answers` (a required subject left out) or `answers[i].answer`. Settled either way, it
 * reads the questionnaire again (my response), and on success the activity, the course content and its
 * completeness (a `submitted` activity completes) and the results.
 */
export function useSubmitQuestionnaire(activityId: number, courseId: number) {
  const queryClient = useQueryClient();
  const refreshCompletion = useRefreshCompletion(courseId);
  return useMutation({
    mutationFn: (body: SubmitQuestionnaireBody) => api.post<{ submitted_at: string }>(`/api/questionnaires/${activityId}/responses`, body),
    onSuccess: () => {
      refreshCompletion(activityId);
      void queryClient.invalidateQueries({ queryKey: questionnaireKeys.results(activityId) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: questionnaireKeys.detail(activityId) }),
  });
}

/**
 * `POST /api/questionnaires/{activityId}/subjects`, `PUT` / `DELETE /api/questionnaire-subjects/{id}`
 * (course team); a 400 names the field (`options`, `max`, `rows`, `columns` …). Each reads the
 * questionnaire and its results again.
 */
export function useQuestionnaireSubjectMutations(activityId: number) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: questionnaireKeys.detail(activityId) });
    void queryClient.invalidateQueries({ queryKey: questionnaireKeys.results(activityId) });
  };
  return {
    create: useMutation({
      mutationFn: (body: CreateQuestionnaireSubjectBody) => api.post<QuestionnaireSubject>(`/api/questionnaires/${activityId}/subjects`, body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: CreateQuestionnaireSubjectBody }) =>
        api.put<QuestionnaireSubject>(`/api/questionnaire-subjects/${id}`, body),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: number) => api.delete<void>(`/api/questionnaire-subjects/${id}`), onSuccess: refresh }),
  };
}

/** `GET /api/questionnaires/{activityId}/results` (course team; learners who answered when `show_results`). */
export function useQuestionnaireResults(activityId: number, enabled = true) {
  return useQuery({
    queryKey: questionnaireKeys.results(activityId),
    queryFn: ({ signal }) => api.get<QuestionnaireResults>(`/api/questionnaires/${activityId}/results`, undefined, signal),
    enabled,
    retry: false,
  });
}

/** The download link of `GET /api/questionnaires/{activityId}/results/export?format=csv|xlsx` (course team): every response, one row each. */
export function questionnaireExportUrl(activityId: number, format: 'csv' | 'xlsx'): string {
  return `/api/questionnaires/${activityId}/results/export?format=${format}`;
}
