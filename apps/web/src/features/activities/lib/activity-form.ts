import dayjs, { type Dayjs } from 'dayjs';
import {
  parseOnlineVideoUrl,
  type Activity,
  type ActivityType,
  type ActivityUpload,
  type CompletionCriterion,
  type CreateActivityBody,
} from '@atrium/contracts';
import { ApiError } from '../../../lib/api-client';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { FILE_OR_LINK_TYPES, isMeetingType } from './activity-rules';

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
    /** Questionnaire (issue 15 §5): answers kept apart from who gave them; learners who answered see the results. */
    anonymous?: boolean;
    show_results?: boolean;
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
  }
  if (values.type === 'questionnaire') {
    data.anonymous = values.data?.anonymous ?? false;
    data.show_results = values.data?.show_results ?? false;
  }
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
 * without `data` when the type's form edits none of it (homework, exam, forum …),
 * so data the form does not show (e.g. an imported assignment's grade and dates)
 * is kept by the server rather than replaced by `{}`.
 */
export function updateBodyOfForm(
  body: Omit<CreateActivityBody, 'module_id'>,
): Omit<CreateActivityBody, 'module_id' | 'type' | 'data'> & { data?: Record<string, unknown> } {
  const { type, data, ...rest } = body;
  const parts = formPartsOf(type);
  // File types edit their copyright notice (issue 5), so their data is the form's too.
  return parts.hasContent || parts.url || parts.isMeeting || parts.hasUploads || type === 'questionnaire' ? { ...rest, data: data ?? {} } : rest;
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
      anonymous: data.anonymous === true,
      show_results: data.show_results === true,
    },
  };
}

const DATA_FIELDS = ['copyright_notice', 'content', 'url', 'provider', 'join_url', 'meeting_start_time', 'meeting_end_time', 'anonymous', 'show_results'];
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
  if (TOP_FIELDS.includes(key)) return [key];
  if (key === 'upload_ids' || key.startsWith('upload_ids')) return ['uploads'];
  return null;
}
