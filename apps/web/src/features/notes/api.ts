import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateNoteBody, Note, NoteList, NoteStatistics, NotesQuery, UpdateNoteBody } from '@atrium/contracts';
import { api } from '../../lib/api-client';

/** Query keys of the notes feature. */
export const noteKeys = {
  list: (query: NotesQuery) => ['notes', 'list', query.course_id, query.activity_id, query.target_id] as const,
  statistics: (query: NotesQuery) => ['notes', 'statistics', query.course_id, query.activity_id, query.target_id] as const,
};

/** `GET /api/notes?course_id&activity_id&target_id` (spec §7): my notes on one file. */
export function useNotes(query: NotesQuery) {
  return useQuery({
    queryKey: noteKeys.list(query),
    queryFn: ({ signal }) => api.get<NoteList>('/api/notes', { ...query }, signal).then((answer) => answer.notes),
  });
}

/** `POST /api/notes`, `PUT /api/notes/{id}`, `DELETE /api/notes/{id}` (spec §7); a 400 carries field errors (spec §8). */
export function useNoteMutations(query: NotesQuery) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: noteKeys.list(query) });
  const create = useMutation({ mutationFn: (body: CreateNoteBody) => api.post<Note>('/api/notes', body), onSuccess: refresh });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateNoteBody }) => api.put<Note>(`/api/notes/${id}`, body),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: number) => api.delete<void>(`/api/notes/${id}`), onSuccess: refresh });
  return { create, update, remove };
}

/** `GET /api/notes/statistics` (spec §7 note-service statistic call): note counts per anchor, for the course team. */
export function useNoteStatistics(query: NotesQuery, enabled: boolean) {
  return useQuery({
    queryKey: noteKeys.statistics(query),
    queryFn: ({ signal }) => api.get<NoteStatistics>('/api/notes/statistics', { ...query }, signal).then((answer) => answer.positions),
    enabled,
  });
}
