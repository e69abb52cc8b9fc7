import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Connector,
  ConnectorList,
  DingTalkChatResponse,
  DingTalkChatUpdate,
  DingTalkConfig,
  DingTalkConfigResponse,
  EnrolmentSyncPlan,
  EnrolmentSyncProvider,
  OrgResponse,
  PutConnectorBody,
  PutDingTalkConfigBody,
} from '@atrium/contracts';
import { api } from '../../lib/api-client';
import { calendarKeys } from '../calendar/api';

/** Query keys of the campus connectors (issue 24 item 4). */
export const connectorKeys = {
  list: ['connectors'] as const,
  dingTalk: ['connectors', 'ding-talk'] as const,
  chat: (courseId: number) => ['connectors', 'ding-talk', 'chat', courseId] as const,
};

/** `GET /api/org/connectors` (organisation admins): each provider, configured or not. */
export function useOrgConnectors() {
  return useQuery({ queryKey: connectorKeys.list, queryFn: ({ signal }) => api.get<ConnectorList>('/api/org/connectors', undefined, signal) });
}

/** `PUT /api/org/connectors/{provider}`: the CSV's address and token (absent: kept, null: removed). */
export function useSaveConnector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, body }: { provider: EnrolmentSyncProvider; body: PutConnectorBody }) =>
      api.put<Connector>(`/api/org/connectors/${provider}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectorKeys.list }),
  });
}

/** `DELETE /api/org/connectors/{provider}`. */
export function useRemoveConnector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: EnrolmentSyncProvider) => api.delete<{ message: string }>(`/api/org/connectors/${provider}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectorKeys.list }),
  });
}

/**
 * A sync: `POST /api/courses/sync_from_urp` (every course; `courseId` absent) or `PUT /api/courses/{courseId}/sync-itri-enrollments`
 * (one course), `dryRun` previewing what would change. An apply refreshes the members lists.
 */
export function useEnrolmentSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, courseId, dryRun }: { provider: EnrolmentSyncProvider; courseId?: number; dryRun: boolean }) =>
      provider === 'urp'
        ? api.post<EnrolmentSyncPlan>('/api/courses/sync_from_urp', { dry_run: dryRun })
        : api.put<EnrolmentSyncPlan>(`/api/courses/${courseId}/sync-itri-enrollments`, { dry_run: dryRun }),
    onSuccess: (plan) => {
      // The members lists of the courses it enrolled into (headerKeys.members), and their counts.
      if (plan.applied > 0) void queryClient.invalidateQueries({ queryKey: ['courses'] });
    },
  });
}

/** `GET /api/org/ding-talk` (organisation admins): the DingTalk application, or `config: null` (decision 0154). */
export function useDingTalkConfig() {
  return useQuery({
    queryKey: connectorKeys.dingTalk,
    queryFn: ({ signal }) => api.get<DingTalkConfigResponse>('/api/org/ding-talk', undefined, signal),
  });
}

/** `PUT /api/org/ding-talk`: app key, secret (absent: kept) and open API address. */
export function useSaveDingTalkConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutDingTalkConfigBody) => api.put<DingTalkConfig>('/api/org/ding-talk', body),
    onSuccess: (config) => queryClient.setQueryData<DingTalkConfigResponse>(connectorKeys.dingTalk, { config }),
  });
}

/** `DELETE /api/org/ding-talk`. */
export function useRemoveDingTalkConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ message: string }>('/api/org/ding-talk'),
    onSuccess: () => queryClient.setQueryData<DingTalkConfigResponse>(connectorKeys.dingTalk, { config: null }),
  });
}

/** `PUT /api/org/toggles {chat_group}` (org admins): the chat group on or off (spec §6); the organisation's cached answer follows. */
export function useSetChatGroupToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => api.put<OrgResponse>('/api/org/toggles', { chat_group: on }),
    onSuccess: (org) => queryClient.setQueryData(calendarKeys.org, org),
  });
}

/** `GET /api/ding-talk/chat?course_id=`: the course's DingTalk group, or `chat: null`. Only while `enabled` (the toggle is on). */
export function useCourseChat(courseId: number, enabled: boolean) {
  return useQuery({
    queryKey: connectorKeys.chat(courseId),
    queryFn: ({ signal }) => api.get<DingTalkChatResponse>('/api/ding-talk/chat', { course_id: courseId }, signal),
    enabled,
    retry: false,
  });
}

/** `PUT /api/ding-talk/chat?course_id= {users_2_add}`: adds members (Atrium user ids), creating the group first; the group is read again. */
export function useAddToCourseChat(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: number[]) => api.put<DingTalkChatUpdate>(`/api/ding-talk/chat?course_id=${courseId}`, { users_2_add: userIds }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectorKeys.chat(courseId) }),
  });
}
