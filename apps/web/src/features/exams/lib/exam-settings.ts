import { ExamDataSchema, type ExamData } from '@atrium/contracts';

/** An exam's settings with the server's defaults (examSettings in exams.service): unlimited attempts, scores after submission, answers after the end. */
export type ExamSettings = Required<Pick<ExamData, 'max_attempts' | 'grade_method' | 'shuffle_subjects' | 'shuffle_options' | 'show_score' | 'show_answers'>> &
  Pick<ExamData, 'time_limit_seconds' | 'pass_score'>;

/** Reads an exam activity's `data` (ExamDataSchema); anything that does not fit is ignored as the server ignores it. */
export function examSettingsOf(data: Record<string, unknown> | null | undefined): ExamSettings {
  const parsed = ExamDataSchema.safeParse(data ?? {});
  const settings = parsed.success ? parsed.data : {};
  return {
    max_attempts: 0,
    grade_method: 'highest',
    shuffle_subjects: false,
    shuffle_options: false,
    show_score: 'after_submit',
    show_answers: 'after_end',
    ...settings,
  };
}
