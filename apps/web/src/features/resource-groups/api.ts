import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ItemShares,
  ResourceGroupDetail,
  ResourceGroupList,
  ResourceGroupRole,
  ShareBody,
  SharedItems,
  SharedResource,
  SharedResourceList,
  ShareTracking,
  TrackBody,
  UserSearchResult,
} from '@atrium/contracts';
import { api } from '../../lib/api-client';

/** Resource groups and sharing (issue 19 §2, decision 0134): the `/api/resource-groups` and `/api/shared-resources` calls. */
export const resourceGroupKeys = {
  groups: ['resource-groups'] as const,
  group: (id: number) => ['resource-groups', id] as const,
  shared: (groupId: number | null, q: string) => ['shared-resources', 'with-me', groupId, q] as const,
  share: (id: number) => ['shared-resources', id] as const,
  items: (id: number, folderId: number | null) => ['shared-resources', id, 'items', folderId] as const,
  itemShares: (itemId: number) => ['shared-resources', 'of-item', itemId] as const,
  tracking: ['shared-resources', 'tracking'] as const,
};

export function useResourceGroups() {
  return useQuery({ queryKey: resourceGroupKeys.groups, queryFn: ({ signal }) => api.get<ResourceGroupList>('/api/resource-groups', undefined, signal) });
}

export function useResourceGroup(id: number | null) {
  return useQuery({
    queryKey: resourceGroupKeys.group(id ?? 0),
    queryFn: ({ signal }) => api.get<ResourceGroupDetail>(`/api/resource-groups/${id}`, undefined, signal),
    enabled: id !== null,
  });
}

/** Every group change answers the group; the lists are asked again. */
export function useGroupMutations() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: resourceGroupKeys.groups });
  return {
    create: useMutation({ mutationFn: (name: string) => api.post<ResourceGroupDetail>('/api/resource-groups', { name }), onSuccess: done }),
    rename: useMutation({
      mutationFn: (v: { id: number; name: string }) => api.put<ResourceGroupDetail>(`/api/resource-groups/${v.id}`, { name: v.name }),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: (id: number) => api.delete<null>(`/api/resource-groups/${id}`), onSuccess: done }),
    addMember: useMutation({
      mutationFn: (v: { id: number; userName: string; role: ResourceGroupRole }) =>
        api.post<ResourceGroupDetail>(`/api/resource-groups/${v.id}/members`, { user_name: v.userName, role: v.role }),
      onSuccess: done,
    }),
    setRole: useMutation({
      mutationFn: (v: { id: number; userId: number; role: ResourceGroupRole }) =>
        api.put<ResourceGroupDetail>(`/api/resource-groups/${v.id}/members/${v.userId}`, { role: v.role }),
      onSuccess: done,
    }),
    removeMember: useMutation({
      mutationFn: (v: { id: number; userId: number }) => api.delete<null>(`/api/resource-groups/${v.id}/members/${v.userId}`),
      onSuccess: done,
    }),
  };
}

export function useSharedWithMe(groupId: number | null, q: string) {
  return useQuery({
    queryKey: resourceGroupKeys.shared(groupId, q),
    queryFn: ({ signal }) =>
      api.get<SharedResourceList>('/api/shared-resources', { ...(groupId !== null ? { group_id: groupId } : {}), ...(q ? { q } : {}), page_size: 200 }, signal),
  });
}

export function useSharedResource(id: number) {
  return useQuery({
    queryKey: resourceGroupKeys.share(id),
    queryFn: ({ signal }) => api.get<SharedResource>(`/api/shared-resources/${id}`, undefined, signal),
    retry: false,
  });
}

export function useSharedItems(id: number, folderId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: resourceGroupKeys.items(id, folderId),
    queryFn: ({ signal }) => api.get<SharedItems>(`/api/shared-resources/${id}/items`, folderId !== null ? { folder_id: folderId } : undefined, signal),
    enabled,
  });
}

export function useItemShares(itemId: number | null) {
  return useQuery({
    queryKey: resourceGroupKeys.itemShares(itemId ?? 0),
    queryFn: ({ signal }) => api.get<ItemShares>(`/api/library/items/${itemId}/shares`, undefined, signal),
    enabled: itemId !== null,
  });
}

export function useShareMutations() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: ['shared-resources'] });
  return {
    share: useMutation({ mutationFn: (body: ShareBody) => api.post<SharedResource>('/api/shared-resources', body), onSuccess: done }),
    unshare: useMutation({ mutationFn: (id: number) => api.delete<null>(`/api/shared-resources/${id}`), onSuccess: done }),
  };
}

/** Counts an open or a reuse of a shared file (fire and forget). */
export function trackShared(id: number, body: TrackBody): Promise<unknown> {
  return api.post<null>(`/api/shared-resources/${id}/track`, body).catch(() => null);
}

export function useShareTracking() {
  return useQuery({
    queryKey: resourceGroupKeys.tracking,
    queryFn: ({ signal }) => api.get<ShareTracking>('/api/shared-resources/tracking', undefined, signal),
  });
}

/** Teachers of my organisation by name or user number (`GET /api/user/search`, students left out). */
export function useTeacherSearch(keywords: string) {
  return useQuery({
    queryKey: ['resource-groups', 'teacher-search', keywords],
    queryFn: ({ signal }) => api.get<{ users: UserSearchResult[] }>('/api/user/search', { keywords, exclude_student_role: 'true' }, signal),
    enabled: keywords.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}
