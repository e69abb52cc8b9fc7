import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CoursePartnerInfo, PartnerInfoBody, PartnerTypeList, PutPartnerTypesBody } from '@atrium/contracts';
import { api } from '../../lib/api-client';

/** Query keys of associated partners (issue 24 item 4; decision 0152). */
export const partnerKeys = {
  types: (orgId: number) => ['partners', 'types', orgId] as const,
  course: (courseId: number) => ['partners', 'course', courseId] as const,
};

/** `GET /api/orgs/{orgId}/associated-partner-types`: the organisation's kinds of partner (empty when it names none). Waits for `orgId`. */
export function usePartnerTypes(orgId: number | undefined) {
  return useQuery({
    queryKey: partnerKeys.types(orgId ?? 0),
    queryFn: ({ signal }) => api.get<PartnerTypeList>(`/api/orgs/${orgId}/associated-partner-types`, undefined, signal),
    enabled: orgId !== undefined,
  });
}

/** `PUT /api/org/associated-partner-types` (administrators): the whole list. */
export function useSavePartnerTypes(orgId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutPartnerTypesBody) => api.put<PartnerTypeList>('/api/org/associated-partner-types', body),
    onSuccess: (list) => queryClient.setQueryData(partnerKeys.types(orgId ?? 0), list),
  });
}

/** `GET /api/courses/{courseId}/associated-partner-info`: the course's partner, or `info: null`. */
export function useCoursePartner(courseId: number) {
  return useQuery({
    queryKey: partnerKeys.course(courseId),
    queryFn: ({ signal }) => api.get<CoursePartnerInfo>(`/api/courses/${courseId}/associated-partner-info`, undefined, signal),
  });
}

/** Records (`POST`, when `exists` is false) or changes (`PUT`) the course's partner. */
export function useSaveCoursePartner(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, exists }: { body: PartnerInfoBody; exists: boolean }) =>
      exists
        ? api.put<CoursePartnerInfo>(`/api/courses/${courseId}/associated-partner-info`, body)
        : api.post<CoursePartnerInfo>(`/api/courses/${courseId}/associated-partner-info`, body),
    onSuccess: (info) => queryClient.setQueryData(partnerKeys.course(courseId), info),
  });
}
