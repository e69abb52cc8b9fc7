import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CertificateRule,
  CertificateRuleBody,
  CertificateVerification,
  Certifications,
  CertificationScores,
  GradeCategory,
  GradeCategoryBody,
  GradeItem,
  Gradebook,
  GradebookImportResult,
  UpdateGradeItemBody,
} from '@atrium/contracts';
import { api, ApiError, scopeHeaders } from '../../lib/api-client';

/** Query keys of the gradebook feature (issue 16 §3). `['gradebook', courseId]` covers every key of a course. */
export const gradebookKeys = {
  course: (courseId: number) => ['gradebook', courseId] as const,
  scores: (courseId: number) => ['gradebook', courseId, 'scores'] as const,
  certificateRule: (courseId: number) => ['gradebook', courseId, 'certificate-rule'] as const,
  certificates: (courseId: number) => ['gradebook', courseId, 'certificates'] as const,
  /** My certificates of every course (`GET /api/certifications`). */
  myCertificates: ['certifications', 'mine'] as const,
};

/** `GET /api/courses/{courseId}/scores`: the team sees every learner and item; a learner one row (their own) and published items only. */
export function useGradebook(courseId: number) {
  return useQuery({
    queryKey: gradebookKeys.scores(courseId),
    queryFn: ({ signal }) => api.get<Gradebook>(`/api/courses/${courseId}/scores`, undefined, signal),
  });
}

/**
 * The team's gradebook writes, each reading the gradebook again: a column's settings (`PUT
 * /api/courses/{courseId}/grade-items/{activityId}` weight, category, maximum), publishing one
 * activity's scores (`POST …/publish` / `…/unpublish`), and categories (`POST
 * /api/courses/{courseId}/grade-categories`, `PUT` / `DELETE /api/grade-categories/{id}`; 400 naming `name` or `weight`).
 */
export function useGradebookMutations(courseId: number) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: gradebookKeys.course(courseId) });
    // A homework's submission list shows whether its scores are published.
    void queryClient.invalidateQueries({ queryKey: ['homework', 'submissions'] });
  };
  return {
    updateItem: useMutation({
      mutationFn: ({ activityId, body }: { activityId: number; body: UpdateGradeItemBody }) =>
        api.put<GradeItem>(`/api/courses/${courseId}/grade-items/${activityId}`, body),
      onSuccess: refresh,
    }),
    publish: useMutation({
      mutationFn: ({ activityId, isPublished }: { activityId: number; isPublished: boolean }) =>
        api.post<GradeItem>(`/api/courses/${courseId}/grade-items/${activityId}/${isPublished ? 'publish' : 'unpublish'}`),
      onSuccess: refresh,
    }),
    createCategory: useMutation({
      mutationFn: (body: GradeCategoryBody) => api.post<GradeCategory>(`/api/courses/${courseId}/grade-categories`, body),
      onSuccess: refresh,
    }),
    updateCategory: useMutation({
      mutationFn: ({ id, body }: { id: number; body: GradeCategoryBody }) => api.put<GradeCategory>(`/api/grade-categories/${id}`, body),
      onSuccess: refresh,
    }),
    removeCategory: useMutation({ mutationFn: (id: number) => api.delete<void>(`/api/grade-categories/${id}`), onSuccess: refresh }),
  };
}

/** The address of the gradebook export (`GET /api/courses/{courseId}/scores/export?format=`), opened as a download. */
export function gradebookExportUrl(courseId: number, format: 'xlsx' | 'csv'): string {
  return `/api/courses/${courseId}/scores/export?format=${format}`;
}

/**
 * `POST /api/courses/{courseId}/scores/import?format=xlsx|csv` with the sheet as the body: the
 * exported sheet, edited, comes back in. Rejects with ApiError (400 with `errors.file`: one line per
 * bad cell, nothing written).
 */
export async function importScores(courseId: number, file: File): Promise<GradebookImportResult> {
  const format = /\.csv$/i.test(file.name) ? 'csv' : 'xlsx';
  let response: Response;
  try {
    response = await fetch(`/api/courses/${courseId}/scores/import?format=${format}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/octet-stream', ...scopeHeaders() },
      body: file,
    });
  } catch (cause) {
    throw new ApiError(0, { message: cause instanceof Error ? cause.message : 'Network error' });
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new ApiError(response.status, body);
  return body as unknown as GradebookImportResult;
}

/** importScores as a mutation that reads the gradebook again once the scores are in. */
export function useImportScores(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importScores(courseId, file),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: gradebookKeys.course(courseId) }),
  });
}

/** `GET /api/courses/{courseId}/certificate-rule` (course team; issue 16 §4): a course without a rule answers a disabled one at 60 %. */
export function useCertificateRule(courseId: number, isEnabled = true) {
  return useQuery({
    queryKey: gradebookKeys.certificateRule(courseId),
    queryFn: ({ signal }) => api.get<CertificateRule>(`/api/courses/${courseId}/certificate-rule`, undefined, signal),
    enabled: isEnabled,
  });
}

/** `PUT /api/courses/{courseId}/certificate-rule` `{ enabled, pass_total, required_activity_ids }`; 400 naming `required_activity_ids` for an activity that is not graded in the course. */
export function useSaveCertificateRule(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CertificateRuleBody) => api.put<CertificateRule>(`/api/courses/${courseId}/certificate-rule`, body),
    onSuccess: (rule) => queryClient.setQueryData(gradebookKeys.certificateRule(courseId), rule),
  });
}

/** `GET /api/certifications?course_id=` (course team): the certificates issued in the course. */
export function useCourseCertificates(courseId: number, isEnabled = true) {
  return useQuery({
    queryKey: gradebookKeys.certificates(courseId),
    queryFn: ({ signal }) => api.get<Certifications>('/api/certifications', { course_id: courseId }, signal),
    enabled: isEnabled,
  });
}

/** The public page where anyone checks a certificate's code (issue 16 §4; route `/guest/certificates/verify/:code?`). */
export const certificateVerifyPath = (code?: string) => (code ? `/guest/certificates/verify/${encodeURIComponent(code)}` : '/guest/certificates/verify');

/** `GET /api/certificates/verify/{code}` (anyone, signed in or not): what the certificate states; 404 CERTIFICATE_NOT_FOUND for an unknown code. */
export function useCertificateVerification(code: string | null) {
  return useQuery({
    queryKey: ['certificates', 'verify', code] as const,
    queryFn: ({ signal }) => api.get<CertificateVerification>(`/api/certificates/verify/${encodeURIComponent(code!)}`, undefined, signal),
    enabled: code !== null,
    retry: false,
  });
}

/** `GET /api/certifications` (spec §7): my certificates of every course. */
export function useMyCertificates() {
  return useQuery({
    queryKey: gradebookKeys.myCertificates,
    queryFn: ({ signal }) => api.get<Certifications>('/api/certifications', undefined, signal),
  });
}

/**
 * `PUT /api/user/course-certification/scores` `{ course_id }` (spec §7): checks my published scores
 * against the course's rule and issues my certificate when it is met; reads my certificates again
 * when one comes back.
 */
export function useCheckCertification(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.put<CertificationScores>('/api/user/course-certification/scores', { course_id: courseId }),
    onSuccess: (result) => {
      if (result.certificate) void queryClient.invalidateQueries({ queryKey: gradebookKeys.myCertificates });
    },
  });
}
