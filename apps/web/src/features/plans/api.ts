import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePlanRequestBody, DecidePlanRequestBody, OrgPlan, PlanRequest, PlanRequestPage, PlanRequestStatus } from '@atrium/contracts';
import { api } from '../../lib/api-client';

/** Query keys of organisation plans (issue 24 item 3). */
export const planKeys = {
  all: ['plans'] as const,
  org: ['plans', 'org'] as const,
  orgRequests: (page: number, pageSize: number) => ['plans', 'org-requests', page, pageSize] as const,
  operatorRequests: (status: PlanRequestStatus | undefined, page: number, pageSize: number) =>
    ['plans', 'operator-requests', status ?? 'all', page, pageSize] as const,
};

/** `GET /api/org/plan` (org admins): the plan (null: none), usage and pending request. */
export function useOrgPlan() {
  return useQuery({ queryKey: planKeys.org, queryFn: ({ signal }) => api.get<OrgPlan>('/api/org/plan', undefined, signal) });
}

/** `GET /api/org/plan/requests?page=&page_size=`: the organisation's requests, newest first. */
export function useOrgPlanRequests(page: number, pageSize: number) {
  return useQuery({
    queryKey: planKeys.orgRequests(page, pageSize),
    queryFn: ({ signal }) => api.get<PlanRequestPage>('/api/org/plan/requests', { page, page_size: pageSize }, signal),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/org/plan/requests`: apply for a change (the org plan apply popup). */
export function useApplyForPlanChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePlanRequestBody) => api.post<PlanRequest>('/api/org/plan/requests', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}

/** `DELETE /api/org/plan/requests/{id}`: withdraw the pending request. */
export function useWithdrawPlanRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<PlanRequest>(`/api/org/plan/requests/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}

/** `GET /api/wg-admin/plan-requests?status=&page=&page_size=` (platform operators): every organisation's requests. */
export function useOperatorPlanRequests(status: PlanRequestStatus | undefined, page: number, pageSize: number) {
  return useQuery({
    queryKey: planKeys.operatorRequests(status, page, pageSize),
    queryFn: ({ signal }) => api.get<PlanRequestPage>('/api/wg-admin/plan-requests', { page, page_size: pageSize, ...(status ? { status } : {}) }, signal),
    placeholderData: keepPreviousData,
  });
}

/** `PUT /api/wg-admin/plan-requests/{id}`: approve (the changes apply at once) or reject, with a note. */
export function useDecidePlanRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DecidePlanRequestBody }) => api.put<PlanRequest>(`/api/wg-admin/plan-requests/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}
