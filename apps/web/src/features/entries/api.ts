import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Entry, EntryList, OrgResponse } from '@atrium/contracts';
import { api } from '../../lib/api-client';
import { calendarKeys } from '../calendar/api';

/**
 * Vocabulary entries (issue 19 §4; spec §7 `GET /api/entries` with `fields`, `page`, `conditions`
 * answering `result{entries, page, pages}`). Reads for the organisation's users, writes for its
 * admins; the server answers 403 ENTRIES_DISABLED while the organisation's toggle is off.
 */

/** What a list asks for: a keyword (in names and keywords) and a 1-based page. */
export interface EntryListQuery {
  keyword: string;
  page: number;
  pageSize: number;
}

/** An entry as the management page writes it (`EntryBodySchema`). */
export interface EntryInput {
  name: string;
  keywords: string[];
  upload_ids: number[];
}

/** Query keys of the entries feature; `['entries']` covers them all. */
export const entryKeys = {
  all: ['entries'] as const,
  list: (query: EntryListQuery) => ['entries', 'list', query] as const,
  detail: (id: number) => ['entries', 'detail', id] as const,
};

/** The query string of a list: `fields` empty (every field), `page`, `page_size`, `conditions` as JSON (empty without a keyword). */
export function entryListParams(query: EntryListQuery): Record<string, string | number> {
  const keyword = query.keyword.trim();
  return { fields: '', page: query.page, page_size: query.pageSize, conditions: keyword ? JSON.stringify({ keyword }) : '' };
}

/** `GET /api/entries`: a page of the organisation's entries by name, the previous page shown while the next loads. */
export function useEntries(query: EntryListQuery, enabled = true) {
  return useQuery({
    queryKey: entryKeys.list(query),
    queryFn: ({ signal }) => api.get<EntryList>('/api/entries', entryListParams(query), signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `GET /api/entries/{id}`: one entry (the hover card); disabled for null. Kept a minute: a page shows the same entry often. */
export function useEntry(id: number | null) {
  return useQuery({
    queryKey: entryKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<Entry>(`/api/entries/${id}`, undefined, signal),
    enabled: id !== null && id > 0,
    staleTime: 60_000,
  });
}

/** `POST /api/entries` (new) or `PUT /api/entries/{id}` (org admins); refreshes every entry query. */
export function useSaveEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: EntryInput }) =>
      id === null ? api.post<Entry>('/api/entries', input) : api.put<Entry>(`/api/entries/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entryKeys.all }),
  });
}

/** `DELETE /api/entries/{id}` (org admins). */
export function useDeleteEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/entries/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entryKeys.all }),
  });
}

/** `PUT /api/org/toggles` (org admins): turns vocabulary entries on or off; the organisation's cached answer follows. */
export function useSetEntriesToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => api.put<OrgResponse>('/api/org/toggles', { vocabulary_entries: on }),
    onSuccess: (org) => {
      queryClient.setQueryData(calendarKeys.org, org);
      void queryClient.invalidateQueries({ queryKey: entryKeys.all });
    },
  });
}
