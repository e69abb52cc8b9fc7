import type { Activity, ActivitySummary, Module } from '@atrium/contracts';
import type { ActivityRow, ModuleRow } from './activities.repository.js';
import type { StudiedActivity } from './course-study.js';

/** A module row as the API answers it (ModuleSchema). */
export function presentModule(row: ModuleRow): Module {
  return { id: row.id, title: row.title, summary: row.summary, sort: row.sort, is_published: row.isPublished };
}

/** One activity of the content tree (ActivitySummarySchema). */
export function presentActivitySummary(a: StudiedActivity): ActivitySummary {
  const row = a.row;
  return {
    id: row.id,
    module_id: row.moduleId,
    type: row.type,
    title: row.title,
    is_published: row.isPublished,
    start_time: row.startTime?.toISOString() ?? null,
    end_time: row.endTime?.toISOString() ?? null,
    completion_criterion: row.completionCriterion,
    completion_percent: row.completionPercent,
    sort: row.sort,
    is_completed: a.isCompleted,
    access: a.access,
  };
}

/** One activity in full (ActivitySchema): the full row, with the learner's completion and access from `a`. */
export function presentActivity(row: ActivityRow, a: StudiedActivity): Activity {
  return {
    ...presentActivitySummary({ ...a, row }),
    course_id: row.courseId,
    description: row.description,
    data: row.data,
    uploads: a.uploads.map((u) => ({ id: u.id, name: u.name, type: u.type, status: u.status, size: u.size })),
    can_guest_preview: row.canGuestPreview,
    refuse_forward_seeking: row.isForwardSeekingRefused,
  };
}
