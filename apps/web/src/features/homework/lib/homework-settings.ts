import dayjs, { type Dayjs } from 'dayjs';
import { HOMEWORK_DEFAULTS, HomeworkDataSchema, type HomeworkData } from '@atrium/contracts';
import { ApiError } from '../../../lib/api-client';

/** A homework's settings with HOMEWORK_DEFAULTS filled in (as the server reads them, homeworkSettings in homework.service). */
export type HomeworkSettings = Omit<HomeworkData, keyof typeof HOMEWORK_DEFAULTS> & typeof HOMEWORK_DEFAULTS;

/** Reads a homework activity's `data` (HomeworkDataSchema); what does not fit is ignored as the server ignores it. */
export function homeworkSettingsOf(data: Record<string, unknown> | null | undefined): HomeworkSettings {
  const parsed = HomeworkDataSchema.safeParse(data ?? {});
  const settings: HomeworkData = parsed.success ? parsed.data : {};
  return { ...HOMEWORK_DEFAULTS, ...Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)) } as HomeworkSettings;
}

/** Bytes in one MB as the form shows sizes (MiB, as the upload rules count them). */
export const BYTES_PER_MB = 1024 * 1024;

/**
 * A homework's settings in the activity form: dates as dayjs, the largest file in MB (the data
 * holds bytes), attached files by id; `max_grade` (imported from Moodle, not shown) is carried through.
 */
export interface HomeworkFormData {
  due_date?: Dayjs | null;
  cut_off_date?: Dayjs | null;
  submission_type?: NonNullable<HomeworkData['submission_type']>;
  max_files?: number | null;
  max_file_size_mb?: number | null;
  group_mode?: boolean;
  attachment_upload_ids?: number[];
  max_grade?: number | null;
}

/** A new homework's form values: files or text, 10 files of 200 MB, individual. */
export const HOMEWORK_FORM_DEFAULTS: Required<
  Pick<HomeworkFormData, 'submission_type' | 'max_files' | 'max_file_size_mb' | 'group_mode' | 'attachment_upload_ids'>
> = {
  submission_type: HOMEWORK_DEFAULTS.submission_type,
  max_files: HOMEWORK_DEFAULTS.max_files,
  max_file_size_mb: HOMEWORK_DEFAULTS.max_file_size / BYTES_PER_MB,
  group_mode: HOMEWORK_DEFAULTS.group_mode,
  attachment_upload_ids: [],
};

/** The homework's `data` (HomeworkDataSchema) of the form's values: dates as ISO, MB → bytes (1 KiB … 4 GiB), empty → default. */
export function homeworkDataOfForm(values: HomeworkFormData | undefined): HomeworkData {
  const v = { ...HOMEWORK_FORM_DEFAULTS, ...values };
  const mb = Number(v.max_file_size_mb);
  const files = Number(v.max_files);
  const data: HomeworkData = {
    due_date: v.due_date ? v.due_date.toISOString() : null,
    cut_off_date: v.cut_off_date ? v.cut_off_date.toISOString() : null,
    submission_type: v.submission_type,
    max_files: Number.isFinite(files) && files >= 1 ? Math.min(100, Math.round(files)) : HOMEWORK_DEFAULTS.max_files,
    max_file_size:
      v.max_file_size_mb != null && Number.isFinite(mb) && mb > 0
        ? Math.min(4 * 1024 * BYTES_PER_MB, Math.max(1024, Math.round(mb * BYTES_PER_MB)))
        : HOMEWORK_DEFAULTS.max_file_size,
    group_mode: v.group_mode === true,
    attachment_upload_ids: [...(v.attachment_upload_ids ?? [])],
  };
  if (typeof v.max_grade === 'number') data.max_grade = v.max_grade;
  return data;
}

/** The form's homework settings of a stored homework's `data`. */
export function homeworkFormOfData(data: Record<string, unknown>): HomeworkFormData {
  const s = homeworkSettingsOf(data);
  return {
    due_date: s.due_date ? dayjs(s.due_date) : null,
    cut_off_date: s.cut_off_date ? dayjs(s.cut_off_date) : null,
    submission_type: s.submission_type,
    max_files: s.max_files,
    max_file_size_mb: Math.round((s.max_file_size / BYTES_PER_MB) * 100) / 100,
    group_mode: s.group_mode,
    attachment_upload_ids: s.attachment_upload_ids ?? [],
    ...(s.max_grade !== undefined ? { max_grade: s.max_grade } : {}),
  };
}

/** The homework form's field for a server field error (`due_date`, `data.max_file_size` …), or null when it is not one of them. */
export function homeworkFieldName(serverName: string): (string | number)[] | null {
  const key = serverName.replace(/^data\./, '');
  if (key === 'max_file_size') return ['data', 'max_file_size_mb'];
  if (['due_date', 'cut_off_date', 'submission_type', 'max_files', 'group_mode'].includes(key)) return ['data', key];
  if (key.startsWith('attachment_upload_ids')) return ['data', 'attachment_upload_ids'];
  return null;
}

/**
 * Where the due date stands for the tag beside it: due in `count` days / hours / minutes (rounded
 * down, at least 1 minute), `overdue` once past (late submissions still accepted until the
 * cut-off), or `closed` after the cut-off; null without a due date nor a cut-off. `now` in ms.
 */
export type DueState = { kind: 'dueIn'; unit: 'day' | 'hour' | 'minute'; count: number } | { kind: 'overdue' } | { kind: 'closed' } | null;

export function dueStateOf(due: string | null | undefined, cutOff: string | null | undefined, now: number): DueState {
  if (cutOff && now > Date.parse(cutOff)) return { kind: 'closed' };
  if (!due) return null;
  const left = Date.parse(due) - now;
  if (left < 0) return { kind: 'overdue' };
  const minutes = Math.floor(left / 60_000);
  if (minutes >= 24 * 60) return { kind: 'dueIn', unit: 'day', count: Math.floor(minutes / (24 * 60)) };
  if (minutes >= 60) return { kind: 'dueIn', unit: 'hour', count: Math.floor(minutes / 60) };
  return { kind: 'dueIn', unit: 'minute', count: Math.max(1, minutes) };
}

/** Error codes of handing in that have their own message (`homework:errors.<code>`). */
const SUBMIT_CODES = ['HOMEWORK_EMPTY', 'HOMEWORK_CLOSED', 'HOMEWORK_GRADED', 'HOMEWORK_NO_GROUP', 'FORBIDDEN'] as const;

/**
 * The translation key of a refused hand-in or draft: the error code's own message
 * (`errors.HOMEWORK_CLOSED` …), `errors.files` / `errors.text` for a 400 naming `upload_ids` /
 * `content` (the server's message is shown beside it), else null (show the server's message).
 */
export function submitErrorKeyOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if ((SUBMIT_CODES as readonly string[]).includes(error.code)) return `errors.${error.code}`;
  if (error.errors.upload_ids?.length) return 'errors.files';
  if (error.errors.content?.length) return 'errors.text';
  if (error.errors.draft?.length) return 'errors.draft';
  return null;
}

/** True when a failed score save is the spec's score-out-of-range refusal (400 with `errors.score: ['homework.scoreError']`, spec §5, §8). */
export function isScoreError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && (error.errors.score ?? []).includes('homework.scoreError');
}
