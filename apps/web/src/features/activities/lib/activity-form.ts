import dayjs, { type Dayjs } from 'dayjs';
import {
  ExamDataSchema,
  parseOnlineVideoUrl,
  type Activity,
  type ActivityType,
  type ActivityUpload,
  type CompletionCriterion,
  type CreateActivityBody,
  type ExamData,
} from '@atrium/contracts';
import { ApiError } from '../../../lib/api-client';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { FILE_OR_LINK_TYPES, isMeetingType } from './activity-rules';
import { LTI_TEXT_FIELDS, ltiDataOfForm, ltiFormOfData, type LtiFormData } from '../../lti/lib/lti-form';
import { homeworkDataOfForm, homeworkFieldName, homeworkFormOfData, type HomeworkFormData } from '../../homework/lib/homework-settings';
import { forumDataOfForm, forumFormOfData, type ForumFormData } from './forum-grading';

/** Values of the activity form (antd Form): times as dayjs, uploads as chosen/finished uploads. */
export interface ActivityFormValues {
  type: ActivityType;
  title: string;
  description?: string;
  start_time?: Dayjs | null;
  end_time?: Dayjs | null;
  completion_criterion: CompletionCriterion;
  completion_percent?: number | null;
  uploads?: ActivityUpload[];
  /** Visitors may preview the files (spec §6 canGuestPreview). */
  can_guest_preview?: boolean;
  /** Learners may not seek past what they played (spec §4 no forward seeking). */
  refuse_forward_seeking?: boolean;
  data?: {
    /** Shown over the activity's videos (spec §3 Video-player options). */
    copyright_notice?: string;
    content?: string;
    url?: string;
    provider?: string;
    join_url?: string;
    meeting_start_time?: Dayjs | null;
    meeting_end_time?: Dayjs | null;
    /** Meeting and live types (decision 0150): recordings, shown to learners once the meeting has ended. */
    replay_urls?: { title?: string; url?: string }[];
    /** Questionnaire (issue 15 §5): answers kept apart from who gave them; learners who answered see the results. */
    anonymous?: boolean;
    show_results?: boolean;
  } & ExamFormData &
    HomeworkFormData &
    ForumFormData &
    LtiFormData;
}

/**
 * An exam's settings in the activity form (issue 15, ExamDataSchema): the time limit in minutes
 * (the data holds seconds; empty for none), attempts allowed (0: unlimited), which attempt
 * counts, the pass mark (points; empty for none), shuffling, when scores and answers are shown;
 * `max_grade` (imported, not shown) is carried through.
 */
export interface ExamFormData {
  time_limit_minutes?: number | null;
  max_attempts?: number | null;
  grade_method?: NonNullable<ExamData['grade_method']>;
  pass_score?: number | null;
  shuffle_subjects?: boolean;
  shuffle_options?: boolean;
  show_score?: NonNullable<ExamData['show_score']>;
  show_answers?: NonNullable<ExamData['show_answers']>;
  max_grade?: number | null;
}

/** A new exam's settings as the server would default them: no time limit, unlimited attempts, highest counts, scores after submitting, answers after the end. */
export const EXAM_FORM_DEFAULTS: Required<
  Pick<ExamFormData, 'max_attempts' | 'grade_method' | 'shuffle_subjects' | 'shuffle_options' | 'show_score' | 'show_answers'>
> = {
  max_attempts: 0,
  grade_method: 'highest',
  shuffle_subjects: false,
  shuffle_options: false,
  show_score: 'after_submit',
  show_answers: 'after_end',
};

/** The exam's `data` (ExamDataSchema) of the form's values: minutes → seconds, empty → none. */
export function examDataOfForm(values: ExamFormData | undefined): ExamData {
  const v = { ...EXAM_FORM_DEFAULTS, ...values };
  const minutes = Number(v.time_limit_minutes);
  const data: ExamData = {
    max_attempts: Math.max(0, Math.round(Number(v.max_attempts ?? 0))),
    grade_method: v.grade_method,
    pass_score: typeof v.pass_score === 'number' && Number.isFinite(v.pass_score) ? v.pass_score : null,
    shuffle_subjects: v.shuffle_subjects === true,
    shuffle_options: v.shuffle_options === true,
    show_score: v.show_score,
    show_answers: v.show_answers,
  };
  if (v.time_limit_minutes != null && Number.isFinite(minutes) && minutes > 0) data.time_limit_seconds = Math.round(minutes * 60);
  if (v.max_grade !== undefined) data.max_grade = v.max_grade;
  return data;
}

/** The form's exam settings of a stored exam's `data` (anything that does not fit ExamDataSchema is left at its default). */
function examFormOfData(data: Record<string, unknown>): ExamFormData {
  const parsed = ExamDataSchema.safeParse(data);
  const exam: ExamData = parsed.success ? parsed.data : {};
  return {
    ...EXAM_FORM_DEFAULTS,
    time_limit_minutes: exam.time_limit_seconds ? Math.round((exam.time_limit_seconds / 60) * 100) / 100 : null,
    ...(exam.max_attempts !== undefined ? { max_attempts: exam.max_attempts } : {}),
    ...(exam.grade_method ? { grade_method: exam.grade_method } : {}),
    pass_score: exam.pass_score ?? null,
    ...(exam.shuffle_subjects !== undefined ? { shuffle_subjects: exam.shuffle_subjects } : {}),
    ...(exam.shuffle_options !== undefined ? { shuffle_options: exam.shuffle_options } : {}),
    ...(exam.show_score ? { show_score: exam.show_score } : {}),
    ...(exam.show_answers ? { show_answers: exam.show_answers } : {}),
    ...(exam.max_grade !== undefined ? { max_grade: exam.max_grade } : {}),
  };
}

/** Which parts of the form a type shows. */
export function formPartsOf(type: ActivityType): { hasContent: boolean; hasUploads: boolean; url: 'required' | 'optional' | null; isMeeting: boolean } {
  if (isMeetingType(type)) return { hasContent: false, hasUploads: false, url: null, isMeeting: true };
  switch (type) {
    case 'page':
      return { hasContent: true, hasUploads: false, url: null, isMeeting: false };
    case 'web_link':
      return { hasContent: false, hasUploads: false, url: 'required', isMeeting: false };
    case 'online_video':
      return { hasContent: false, hasUploads: true, url: 'optional', isMeeting: false };
    case 'material':
    case 'scorm':
      return { hasContent: false, hasUploads: true, url: null, isMeeting: false };
    default:
      return (FILE_OR_LINK_TYPES as readonly string[]).includes(type)
        ? { hasContent: false, hasUploads: true, url: 'optional', isMeeting: false }
        : { hasContent: false, hasUploads: false, url: null, isMeeting: false };
  }
}

/** True when an online video URL is a supported link (spec §5: otherwise the original-URL field error). */
export function isSupportedVideoUrl(url: string): boolean {
  return parseOnlineVideoUrl(url.trim()) !== null;
}

const iso = (value: Dayjs | null | undefined) => (value ? value.toISOString() : null);

/** The create body for form values (`module_id` added by the caller); type-specific data only for the type's fields. */
export function bodyOfForm(values: ActivityFormValues): Omit<CreateActivityBody, 'module_id'> {
  const parts = formPartsOf(values.type);
  const data: Record<string, unknown> = {};
  if (parts.hasContent) data.content = values.data?.content ?? '';
  if (parts.url && values.data?.url?.trim()) data.url = values.data.url.trim();
  if (parts.hasUploads) {
    const notice = values.data?.copyright_notice?.trim();
    data.copyright_notice = notice ? notice : null;
  }
  if (parts.isMeeting) {
    data.provider = values.data?.provider?.trim() ?? '';
    data.join_url = values.data?.join_url?.trim() ?? '';
    data.meeting_start_time = iso(values.data?.meeting_start_time);
    data.meeting_end_time = iso(values.data?.meeting_end_time);
    data.replay_urls = (values.data?.replay_urls ?? [])
      .map((r) => ({ title: r.title?.trim() ?? '', url: r.url?.trim() ?? '' }))
      .filter((r) => r.title !== '' || r.url !== '');
  }
  if (values.type === 'questionnaire') {
    data.anonymous = values.data?.anonymous ?? false;
    data.show_results = values.data?.show_results ?? false;
  }
  if (values.type === 'exam') Object.assign(data, examDataOfForm(values.data));
  if (values.type === 'homework') Object.assign(data, homeworkDataOfForm(values.data));
  if (values.type === 'forum') Object.assign(data, forumDataOfForm(values.data));
  if (values.type === 'lti') Object.assign(data, ltiDataOfForm(values.data));
  return {
    type: values.type,
    title: values.title.trim(),
    description: values.description || null,
    start_time: iso(values.start_time),
    end_time: iso(values.end_time),
    completion_criterion: values.completion_criterion,
    completion_percent: values.completion_criterion === 'video_percent' ? (values.completion_percent ?? 100) : null,
    data,
    ...(parts.hasUploads
      ? {
          upload_ids: (values.uploads ?? []).map((u) => u.id),
          can_guest_preview: values.can_guest_preview ?? false,
          refuse_forward_seeking: values.refuse_forward_seeking ?? false,
        }
      : {}),
  };
}

/**
 * The update body for form values: the create body without the type, and
 * without `data` when the type's form edits none of it, so data the
 * form does not show is kept by the server rather than replaced by `{}`. An
 * exam's and a homework's forms edit all of ExamDataSchema / HomeworkDataSchema
 * (an imported `max_grade` carried through), so their data is sent.
 */
export function updateBodyOfForm(
  body: Omit<CreateActivityBody, 'module_id'>,
): Omit<CreateActivityBody, 'module_id' | 'type' | 'data'> & { data?: Record<string, unknown> } {
  const { type, data, ...rest } = body;
  const parts = formPartsOf(type);
  // File types edit their copyright notice (issue 5), so their data is the form's too.
  return parts.hasContent ||
    parts.url ||
    parts.isMeeting ||
    parts.hasUploads ||
    type === 'questionnaire' ||
    type === 'exam' ||
    type === 'homework' ||
    type === 'forum' ||
    type === 'lti'
    ? { ...rest, data: data ?? {} }
    : rest;
}

/** Form values of a stored activity (for editing). */
export function formOfActivity(activity: Activity): ActivityFormValues {
  const data = activity.data as Record<string, unknown>;
  const str = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : undefined);
  const time = (value: unknown) => (typeof value === 'string' && value ? dayjs(value) : null);
  return {
    type: activity.type,
    title: activity.title,
    description: activity.description ?? '',
    start_time: time(activity.start_time),
    end_time: time(activity.end_time),
    completion_criterion: activity.completion_criterion,
    completion_percent: activity.completion_percent,
    uploads: activity.uploads,
    can_guest_preview: activity.can_guest_preview,
    refuse_forward_seeking: activity.refuse_forward_seeking,
    data: {
      copyright_notice: str('copyright_notice'),
      content: str('content'),
      url: str('url'),
      provider: str('provider'),
      join_url: str('join_url'),
      meeting_start_time: time(data.meeting_start_time),
      meeting_end_time: time(data.meeting_end_time),
      replay_urls: Array.isArray(data.replay_urls)
        ? (data.replay_urls as unknown[]).flatMap((r) =>
            r && typeof r === 'object' ? [{ title: String((r as { title?: unknown }).title ?? ''), url: String((r as { url?: unknown }).url ?? '') }] : [],
          )
        : [],
      anonymous: data.anonymous === true,
      show_results: data.show_results === true,
      ...(activity.type === 'exam' ? examFormOfData(data) : {}),
      ...(activity.type === 'homework' ? homeworkFormOfData(data) : {}),
      ...(activity.type === 'forum' ? forumFormOfData(data) : {}),
      ...(activity.type === 'lti' ? ltiFormOfData(data) : {}),
    },
  };
}

const DATA_FIELDS = [
  'copyright_notice',
  'content',
  'url',
  'provider',
  'join_url',
  'meeting_start_time',
  'meeting_end_time',
  'anonymous',
  'show_results',
  'max_attempts',
  'grade_method',
  'pass_score',
  'shuffle_subjects',
  'shuffle_options',
  'show_score',
  'show_answers',
  ...LTI_TEXT_FIELDS,
  'max_score',
];
const TOP_FIELDS = [
  'can_guest_preview',
  'refuse_forward_seeking',
  'title',
  'description',
  'start_time',
  'end_time',
  'completion_criterion',
  'completion_percent',
  'type',
];

/**
 * Field errors of a failed save (400 `errors`) as antd `setFields` entries: `url`,
 * `data.url`, `join_url` … land on the type's data fields, `upload_ids` on the
 * uploads, the rest on their own field; `formError` is the server message when
 * no field matched.
 */
export function activityFieldErrors(error: unknown): { fields: { name: (string | number)[]; errors: string[] }[]; formError: string | null } {
  const sorted = fieldErrorsOf(error, activityFieldName);
  const fields = sorted.fieldErrors.map((e) => ({ name: e.name as (string | number)[], errors: e.errors }));
  return { fields, formError: fields.length > 0 || !(error instanceof ApiError) ? null : error.serverMessage };
}

/** The activity form's field for a server error name (`url`, `data.url` → `['data', 'url']`; `upload_ids…` → `['uploads']`), or null when the form has none (for `showFieldErrors`). */
export function activityFieldName(serverName: string): (string | number)[] | null {
  const key = serverName.replace(/^data\./, '');
  if (DATA_FIELDS.includes(key)) return ['data', key];
  if (key === 'time_limit_seconds') return ['data', 'time_limit_minutes'];
  if (/^grading\.(type|max_score|posts_for_full)$/.test(key)) return ['data', ...key.split('.')];
  const replay = /^replay_urls\.(\d+)\.(title|url)$/.exec(key);
  if (replay) return ['data', 'replay_urls', Number(replay[1]), replay[2]!];
  if (TOP_FIELDS.includes(key)) return [key];
  if (key === 'upload_ids' || key.startsWith('upload_ids')) return ['uploads'];
  return homeworkFieldName(serverName);
}
