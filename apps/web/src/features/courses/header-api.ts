import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CanUnpublishResponse,
  CompletionPopup,
  CourseHeaderState,
  CourseRole,
  CourseRolesResponse,
  InviteBody,
  InviteStatus,
  LiteConditionResponse,
  MemberPage,
  MessageResponse,
  ReferResponse,
  StudyCompleteness,
  Invite,
  UserSearchResult,
} from '@atrium/contracts';
import { api, apiRequest } from '../../lib/api-client';
import { courseKeys } from './api';

/** Query keys of the course header, members and invitations (issue 3). */
export const headerKeys = {
  header: (id: number) => ['courses', 'header', id] as const,
  completeness: (id: number) => ['courses', 'completeness', id] as const,
  roles: (id: number) => ['courses', 'roles', id] as const,
  members: (id: number, page: number, pageSize: number, role: string | undefined) => ['courses', 'members', id, page, pageSize, role ?? 'all'] as const,
  invites: ['invites', 'mine'] as const,
};

/** After a header change, the course and its header state are read again. */
function useRefreshCourse(courseId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: courseKeys.detail(courseId) });
    void queryClient.invalidateQueries({ queryKey: headerKeys.header(courseId) });
  };
}

/** `GET /api/courses/{id}/header`: role buttons, toggles and modes of the course header. */
export function useCourseHeader(courseId: number) {
  return useQuery({
    queryKey: headerKeys.header(courseId),
    queryFn: ({ signal }) => api.get<CourseHeaderState>(`/api/courses/${courseId}/header`, undefined, signal),
  });
}

/** `PUT /api/course/{id}/role {active}` (spec §6 role buttons). */
export function useSetActiveRole(courseId: number) {
  const refresh = useRefreshCourse(courseId);
  return useMutation({ mutationFn: (active: CourseRole) => api.put<CourseHeaderState>(`/api/course/${courseId}/role`, { active }), onSuccess: refresh });
}

/** `GET /api/courses/{id}/can-unpublished`, asked right before unpublishing (spec §4). */
export function fetchCanUnpublish(courseId: number): Promise<CanUnpublishResponse> {
  return api.get<CanUnpublishResponse>(`/api/courses/${courseId}/can-unpublished`);
}

/** `PUT /api/courses/{id}/publish {published}`. */
export function useSetPublished(courseId: number) {
  const refresh = useRefreshCourse(courseId);
  return useMutation({
    mutationFn: (published: boolean) => api.put<{ published: boolean }>(`/api/courses/${courseId}/publish`, { published }),
    onSuccess: refresh,
  });
}

/** `PUT /api/course/{id}/manager/review {type}`. */
export function useSetReview(courseId: number) {
  const refresh = useRefreshCourse(courseId);
  return useMutation({
    mutationFn: (type: 'reviewed' | 'unreviewed') => api.put<unknown>(`/api/course/${courseId}/manager/review`, { type }),
    onSuccess: refresh,
  });
}

/** `GET /api/courses/{id}/validate-lite-course-condition`, asked before switching to lite (spec §4). */
export function fetchLiteCondition(courseId: number): Promise<LiteConditionResponse> {
  return api.get<LiteConditionResponse>(`/api/courses/${courseId}/validate-lite-course-condition`);
}

/** `PUT /api/courses/{id}/switch-lite` or `/switch-normal`. */
export function useSwitchType(courseId: number) {
  const refresh = useRefreshCourse(courseId);
  return useMutation({
    mutationFn: (toLite: boolean) => api.put<{ lite: boolean }>(`/api/courses/${courseId}/${toLite ? 'switch-lite' : 'switch-normal'}`),
    onSuccess: refresh,
  });
}

/** `PUT /api/courses/{id}/preview` (as a student or a visitor). */
export function useEnterPreview(courseId: number) {
  const refresh = useRefreshCourse(courseId);
  return useMutation({ mutationFn: (as: 'student' | 'visitor') => api.put<CourseHeaderState>(`/api/courses/${courseId}/preview`, { as }), onSuccess: refresh });
}

/** `DELETE /api/courses/{id}/preview` or `/inspect`: answers where to go (`refer`). */
export function useLeaveMode(courseId: number) {
  const refresh = useRefreshCourse(courseId);
  return useMutation({ mutationFn: (mode: 'preview' | 'inspect') => api.delete<ReferResponse>(`/api/courses/${courseId}/${mode}`), onSuccess: refresh });
}

/** `GET /api/courses/{id}/study-completeness` (spec §3 Study completeness). */
export function useStudyCompleteness(courseId: number, enabled: boolean) {
  return useQuery({
    queryKey: headerKeys.completeness(courseId),
    queryFn: ({ signal }) => api.get<StudyCompleteness>(`/api/courses/${courseId}/study-completeness`, undefined, signal),
    enabled,
  });
}

/**
 * `PUT /api/courses/{id}/study-completeness/completion-popup`: the learner closed the
 * 100 % completion popup; the cached completeness then says it was seen (spec §4, once per learner; decision 0070).
 */
export function useAcknowledgeCompletion(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.put<CompletionPopup>(`/api/courses/${courseId}/study-completeness/completion-popup`),
    onSuccess: () =>
      queryClient.setQueryData<StudyCompleteness>(headerKeys.completeness(courseId), (old) => (old ? { ...old, completion_popup_seen: true } : old)),
  });
}

/** `GET /api/authz/course-roles?course_id`: which roles the user may invite or assign. */
export function useCourseRoles(courseId: number, enabled = true) {
  return useQuery({
    queryKey: headerKeys.roles(courseId),
    queryFn: ({ signal }) => api.get<CourseRolesResponse>('/api/authz/course-roles', { course_id: courseId }, signal),
    enabled,
  });
}

/** `POST /api/course/{id}/invites {emails, invite_type}`. */
export function useInvite(courseId: number) {
  return useMutation({
    mutationFn: (body: Omit<InviteBody, 'teaching_unit_type'> & { teaching_unit_type?: InviteBody['teaching_unit_type'] }) =>
      api.post<MessageResponse>(`/api/course/${courseId}/invites`, body),
  });
}

/** `GET /api/user/invites`: my invitations waiting for confirmation. */
export function useMyInvites() {
  return useQuery({ queryKey: headerKeys.invites, queryFn: ({ signal }) => api.get<{ invites: Invite[] }>('/api/user/invites', undefined, signal) });
}

/** `GET /api/invites/{id}/status` then, unless joined, `POST /api/invites/{id}/invite-confirm` (spec §4 invite status). */
export async function confirmInvite(inviteId: number): Promise<InviteStatus> {
  const status = await api.get<InviteStatus>(`/api/invites/${inviteId}/status`);
  if (status.status === 'joined') return status;
  return api.post<InviteStatus>(`/api/invites/${inviteId}/invite-confirm`);
}

/** `GET /api/courses/{id}/members` paged (spec §9 page sizes). */
export function useMembers(courseId: number, page: number, pageSize: number, role?: CourseRole) {
  return useQuery({
    queryKey: headerKeys.members(courseId, page, pageSize, role),
    queryFn: ({ signal }) => api.get<MemberPage>(`/api/courses/${courseId}/members`, { page, page_size: pageSize, role }, signal),
    placeholderData: keepPreviousData,
  });
}

/** Enrolment changes: add (`POST /api/courses/{id}/enrollments`), change role (`PUT /api/course/enrollments`), remove (`DELETE`). */
export function useEnrolmentMutations(courseId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => {
    void queryClient.invalidateQueries({ queryKey: ['courses', 'members', courseId] });
    void queryClient.invalidateQueries({ queryKey: courseKeys.detail(courseId) });
  };
  return {
    add: useMutation({
      mutationFn: (body: { user_ids: number[]; role: CourseRole }) => api.post<{ added: number }>(`/api/courses/${courseId}/enrollments`, body),
      onSuccess,
    }),
    changeRole: useMutation({
      mutationFn: (body: { enrollment_ids: number[]; role: CourseRole }) => api.put<MessageResponse>('/api/course/enrollments', body),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (body: { enrollment_ids: number[] }) => apiRequest<MessageResponse>('/api/course/enrollments', { method: 'DELETE', body }),
      onSuccess,
    }),
  };
}

/** `GET /api/user/search` (spec §7) with keywords, exclude_student_role, org_id, department_id. */
export function searchUsers(query: {
  keywords: string;
  exclude_student_role?: boolean;
  org_id?: number;
  department_id?: number;
}): Promise<{ users: UserSearchResult[] }> {
  return api.get<{ users: UserSearchResult[] }>('/api/user/search', query);
}

/** `GET /api/toggle-opened-orgs?toggle=org_team_teaching`. */
export function useTeamTeachingOrgs(enabled: boolean) {
  return useQuery({
    queryKey: ['orgs', 'team-teaching'],
    queryFn: ({ signal }) => api.get<{ orgs: { id: number; name: string }[] }>('/api/toggle-opened-orgs', { toggle: 'org_team_teaching' }, signal),
    enabled,
  });
}

/** `GET /api/orgs/{id}/departments`. */
export function useDepartments(orgId: number | undefined) {
  return useQuery({
    queryKey: ['orgs', orgId, 'departments'],
    queryFn: ({ signal }) => api.get<{ departments: { id: number; name: string }[] }>(`/api/orgs/${orgId}/departments`, undefined, signal),
    enabled: orgId !== undefined,
  });
}

/** `POST /api/courses/{id}/team-teaching {user_ids}`. */
export function useAddTeamTeachers(courseId: number) {
  const refresh = useRefreshCourse(courseId);
  return useMutation({
    mutationFn: (userIds: number[]) => api.post<MessageResponse>(`/api/courses/${courseId}/team-teaching`, { user_ids: userIds }),
    onSuccess: refresh,
  });
}
