import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SYNC_STATUS, type CoursePackageData, type CoursePackageItem, type FailureCode, type FailureParams } from '@atrium/contracts';
import { api } from '../../lib/api-client';

/** Spec §4 / §9: the package import polls sync-status every 3000 ms while it runs. */
export const SYNC_POLL_MS = 3000;

export interface PackagePage {
  items: CoursePackageItem[];
  page: number;
  page_size: number;
  pages: number;
  total: number;
  start: number;
  end: number;
}

export interface SyncStatus {
  status: 0 | 1 | 2 | null;
  progress: number;
  reason: string | null;
  /** Why it failed, as a code and parameters to translate (decision 0082); null unless failed. */
  failure_code: FailureCode | null;
  failure_params: FailureParams | null;
  import_id: number | null;
  status_key: string | null;
}

/** A report line the web translates (issue 21 §5): `imports:line.<key>` with its parameters. */
export interface ImportReportLineKey {
  key: string;
  params: Record<string, string | number>;
}

export interface ImportReportItem {
  kind: 'course' | 'section' | 'activity' | 'question';
  source_type: string;
  source_id: string;
  title: string;
  outcome: 'imported' | 'imported_with_losses' | 'skipped';
  atrium_type: string | null;
  notes: string[];
  /** Aligned with `notes`: each note's translatable key, null for one without (absent in older reports). */
  note_keys?: (ImportReportLineKey | null)[];
  section: string | null;
}

/** What the import kept of restrictions, completion, links and embeds (issue 21; absent in older reports). */
export interface ImportFidelity {
  restrictions: { present: number; carried: number; unpublished: number };
  completion: { present: number; carried: number };
  links: { present: number; resolved: number };
  embeds: { videos: number; reported: number };
}

export interface CourseImport {
  id: number;
  course_id: number;
  status: 0 | 1 | 2;
  progress: number;
  reason: string | null;
  /** Why it failed, as a code and parameters to translate (decision 0082); null unless failed. */
  failure_code: FailureCode | null;
  failure_params: FailureParams | null;
  status_key: string;
  created_at: string;
  finished_at: string | null;
  report: {
    backup: { name: string | null; moodle_release: string | null; type: string; course_name: string | null };
    counts: { imported: number; imported_with_losses: number; skipped: number; files: number; missing_files: number };
    fidelity?: ImportFidelity;
    items: ImportReportItem[];
    missing_files: { file_name: string; content_hash: string; used_by: string }[];
  } | null;
}

export const importKeys = {
  allPackages: ['imports', 'packages'] as const,
  packages: (page: number, pageSize: number, keyword: string, instructor: string) => ['imports', 'packages', page, pageSize, keyword, instructor] as const,
  status: (courseId: number, key: string | null) => ['imports', 'status', courseId, key] as const,
  list: (courseId: number) => ['imports', 'list', courseId] as const,
  one: (courseId: number, importId: number) => ['imports', 'one', courseId, importId] as const,
};

/** `GET /api/uploads/moodle-pkg?page&page_size&conditions` (spec §7); `conditions` carries the keyword and the instructor filter when set. */
export function useCoursePackages(page: number, pageSize: number, keyword: string, instructor = '') {
  const conditions = { ...(keyword ? { keyword } : {}), ...(instructor ? { instructor } : {}) };
  return useQuery({
    queryKey: importKeys.packages(page, pageSize, keyword, instructor),
    queryFn: ({ signal }) =>
      api.get<PackagePage>(
        '/api/uploads/moodle-pkg',
        { page, page_size: pageSize, ...(Object.keys(conditions).length > 0 ? { conditions: JSON.stringify(conditions) } : {}) },
        signal,
      ),
    placeholderData: (previous) => previous,
  });
}

/** The package metadata an admin edits (spec §3 Course package item; use_count is counted, not edited). */
export type CoursePackagePatch = Partial<Omit<CoursePackageData, 'use_count'>>;

/** `PUT /api/uploads/moodle-pkg/{id}`: an admin corrects a package's metadata; the package lists are refetched. */
export function useUpdateCoursePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: CoursePackagePatch }) => api.put<CoursePackageItem>(`/api/uploads/moodle-pkg/${id}`, patch),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: importKeys.allPackages }),
  });
}

/** `POST /api/course/{id}/moodle/import {upload_id}`. */
export function useStartImport(courseId: number) {
  return useMutation({
    mutationFn: (uploadId: number) =>
      api.post<{ course_id: number; import_id: number; status_key: string }>(`/api/course/${courseId}/moodle/import`, { upload_id: uploadId }),
  });
}

/** `GET /api/course/{id}/sync-status?status_key=`, polled every 3000 ms while the status is 0 (spec §4). */
export function useSyncStatus(courseId: number, statusKey: string | null, enabled = true) {
  return useQuery({
    queryKey: importKeys.status(courseId, statusKey),
    enabled,
    queryFn: ({ signal }) => api.get<SyncStatus>(`/api/course/${courseId}/sync-status`, statusKey ? { status_key: statusKey } : undefined, signal),
    refetchInterval: (query) => (query.state.data?.status === SYNC_STATUS.running ? SYNC_POLL_MS : false),
  });
}

/** `GET /api/course/{id}/imports`. */
export function useCourseImports(courseId: number) {
  return useQuery({
    queryKey: importKeys.list(courseId),
    queryFn: ({ signal }) => api.get<CourseImport[]>(`/api/course/${courseId}/imports`, undefined, signal),
  });
}

/** `GET /api/course/{id}/imports/{importId}`: one import with its fidelity report. */
export function useCourseImport(courseId: number, importId: number) {
  return useQuery({
    queryKey: importKeys.one(courseId, importId),
    queryFn: ({ signal }) => api.get<CourseImport>(`/api/course/${courseId}/imports/${importId}`, undefined, signal),
  });
}
