import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Connector, ConnectorList, EnrolmentSyncPlan, EnrolmentSyncProvider, PutConnectorBody } from '@atrium/contracts';
import { api } from '../../lib/api-client';

/** Query keys of the campus connectors (issue 24 item 4). */
export const connectorKeys = { list: ['connectors'] as const };

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
