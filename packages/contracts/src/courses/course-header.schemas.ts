import { z } from 'zod';
import { CourseRoleSchema } from './courses.schemas.js';

/** `PUT /api/course/{id}/role` body (spec §6 role buttons): the course role to act in; must be one the user holds. */
export const ActiveRoleBodySchema = z.object({ active: CourseRoleSchema });
export type ActiveRoleBody = z.infer<typeof ActiveRoleBodySchema>;

/** `PUT /api/courses/{id}/publish` body (spec §4 course publish). */
export const PublishBodySchema = z.object({ published: z.boolean() });
export type PublishBody = z.infer<typeof PublishBodySchema>;

/** `GET /api/courses/{id}/can-unpublished` answer. */
export const CanUnpublishResponseSchema = z.object({ can_unpublished: z.boolean(), message: z.string().nullable() });
export type CanUnpublishResponse = z.infer<typeof CanUnpublishResponseSchema>;

/** `PUT /api/course/{id}/manager/review` body (spec §4 course review). */
export const ReviewBodySchema = z.object({ type: z.enum(['reviewed', 'unreviewed']) });
export type ReviewBody = z.infer<typeof ReviewBodySchema>;

/** `GET /api/courses/{id}/validate-lite-course-condition` answer (spec §4: lite is validated first). */
export const LiteConditionResponseSchema = z.object({ can_switch: z.boolean(), message: z.string().nullable() });
export type LiteConditionResponse = z.infer<typeof LiteConditionResponseSchema>;

/** `PUT /api/courses/{id}/preview` body: preview as a student, or as a visitor (spec §2 visitor simulation). */
export const PreviewBodySchema = z.object({ as: z.enum(['student', 'visitor']).default('student') });
export type PreviewBody = z.infer<typeof PreviewBodySchema>;

/** Answer of leaving preview or inspect mode: where the browser goes next (spec §2: `/management/course`, `/`). */
export const ReferResponseSchema = z.object({ refer: z.string() });
export type ReferResponse = z.infer<typeof ReferResponseSchema>;

/** What the current user sees in the course header (spec §3 Study completeness, §4 preview / inspect, §6). */
export const CourseHeaderStateSchema = z.object({
  active_role: CourseRoleSchema.nullable(),
  preview_as: z.enum(['student', 'visitor']).nullable(),
  inspecting: z.boolean(),
  /** Spec §6 course-need-publish toggle of the course's organisation. */
  need_publish: z.boolean(),
  can_review: z.boolean(),
  can_manage: z.boolean(),
});
export type CourseHeaderState = z.infer<typeof CourseHeaderStateSchema>;

/** Why the last activity may not be opened (spec §2 access-forbidden popup titles). */
export const AccessForbiddenReasonSchema = z.enum(['not_started', 'ended', 'unpublished']);
export type AccessForbiddenReason = z.infer<typeof AccessForbiddenReasonSchema>;

/** `GET /api/courses/{id}/study-completeness` answer (spec §3 Study completeness; decision 0012). */
export const StudyCompletenessSchema = z.object({
  last_activity: z.object({ id: z.number().int().nullable(), title: z.string() }).nullable(),
  /** 0..100 percent. */
  study_completeness: z.number().int().min(0).max(100),
  last_update_completeness_time: z.iso.datetime({ offset: true }).nullable(),
  /** Whether continue-study may open the last activity now; otherwise why not, with the times to show. */
  can_view: z.boolean(),
  forbidden_reason: AccessForbiddenReasonSchema.nullable(),
  start_time: z.iso.datetime({ offset: true }).nullable(),
  end_time: z.iso.datetime({ offset: true }).nullable(),
  /** Spec §4: whether this learner already acknowledged the 100 % completion popup (per learner, on any device; decision 0070). */
  completion_popup_seen: z.boolean(),
});
export type StudyCompleteness = z.infer<typeof StudyCompletenessSchema>;

/** `PUT /api/courses/{id}/study-completeness/completion-popup` answer: the learner's acknowledgement of the completion popup (decision 0070). */
export const CompletionPopupSchema = z.object({
  completion_popup_seen: z.literal(true),
  /** When it was first acknowledged; later calls keep this time. */
  completion_popup_seen_at: z.iso.datetime({ offset: true }),
});
export type CompletionPopup = z.infer<typeof CompletionPopupSchema>;
