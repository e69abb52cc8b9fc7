import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnnotationsAnswer, HomeworkSubmission, SaveAnnotationsBody, ScoreSubmissionBody, SubmissionUpload } from '@atrium/contracts';
import { api } from '../../lib/api-client';

/** One file of a submission as the grading view sees it; `annotated_upload_id` is the flattened PDF of the last save. */
export type GradingUpload = SubmissionUpload;

/**
 * `GET /api/homework-submissions/{submissionId}` (issue 16): a submission with its files, score
 * (0–100 or null) and the neighbouring submissions of the team's list (`previous_id`, `next_id`).
 */
export type GradingSubmission = HomeworkSubmission;

/** `PUT /api/homework-submissions/{submissionId}/score` body; a score above 100 is refused with `homework.scoreError` (spec §5). */
export type SaveScoreBody = ScoreSubmissionBody;

export const pdfEditorKeys = {
  submission: (id: number) => ['pdf-editor', 'submission', id] as const,
  annotations: (submissionId: number, uploadId: number) => ['pdf-editor', 'annotations', submissionId, uploadId] as const,
};

/** The submission being graded (disabled without one). */
export function useGradingSubmission(submissionId: number | null) {
  return useQuery({
    queryKey: pdfEditorKeys.submission(submissionId ?? 0),
    queryFn: ({ signal }) => api.get<GradingSubmission>(`/api/homework-submissions/${submissionId}`, undefined, signal),
    enabled: submissionId !== null && submissionId > 0,
    staleTime: 0,
  });
}

/** `GET /api/homework-submissions/{submissionId}/annotations?upload_id=N`: the saved annotations of one file (empty before the first save). */
export function useAnnotations(submissionId: number | null, uploadId: number | null) {
  return useQuery({
    queryKey: pdfEditorKeys.annotations(submissionId ?? 0, uploadId ?? 0),
    queryFn: ({ signal }) => api.get<AnnotationsAnswer>(`/api/homework-submissions/${submissionId}/annotations`, { upload_id: uploadId ?? undefined }, signal),
    enabled: submissionId !== null && submissionId > 0 && uploadId !== null && uploadId > 0,
    staleTime: 0,
    gcTime: 0,
  });
}

/** `PUT /api/homework-submissions/{submissionId}/annotations`: stores the annotations and the server's flattened PDF beside the original. */
export function useSaveAnnotations(submissionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveAnnotationsBody) => api.put<AnnotationsAnswer>(`/api/homework-submissions/${submissionId}/annotations`, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(pdfEditorKeys.annotations(submissionId, answer.upload_id), answer);
      void queryClient.invalidateQueries({ queryKey: pdfEditorKeys.submission(submissionId) });
    },
  });
}

/** `PUT /api/homework-submissions/{submissionId}/score`. */
export function useSaveScore(submissionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveScoreBody) => api.put<unknown>(`/api/homework-submissions/${submissionId}/score`, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: pdfEditorKeys.submission(submissionId) });
      void queryClient.invalidateQueries({ queryKey: ['homework'] });
    },
  });
}
