/**
 * Learning-activity types (spec §2 notification activity types). The meeting and
 * live types are links to their provider, not a built-in conference.
 */
export const ACTIVITY_TYPES = [
  'material',
  'online_video',
  'page',
  'scorm',
  'web_link',
  'lesson',
  'slide',
  'homework',
  'forum',
  'exam',
  'questionnaire',
  'classroom',
  'lecture_live',
  'welink',
  'tencent_meeting',
  'classin',
  'zoom',
  'microsoft_teams_meeting',
  'dingtalk_live',
  'chinamcloud_live',
  'virtual_experiment',
  'h5_courseware',
  /** An LTI 1.3 tool launch (issue 24 item 5, decision 0153). */
  'lti',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** Meeting and live types: a provider, a join URL and a time window. */
export const MEETING_ACTIVITY_TYPES = [
  'welink',
  'tencent_meeting',
  'classin',
  'zoom',
  'microsoft_teams_meeting',
  'dingtalk_live',
  'chinamcloud_live',
  'lecture_live',
] as const satisfies readonly ActivityType[];

/**
 * How an activity counts as completed (issue 7): opened, a share of a video
 * watched (`completion_percent` 1..100), something submitted, or a score reached.
 */
export const COMPLETION_CRITERIA = ['viewed', 'video_percent', 'submitted', 'scored'] as const;
export type CompletionCriterion = (typeof COMPLETION_CRITERIA)[number];

/**
 * The completion criterion a new activity of this type starts with when none is given: exams,
 * questionnaires (decision 0090) and homework (issue 16) are finished by a submission, so
 * `submitted`; every other type by a visit, `viewed`.
 */
export function defaultCompletionCriterion(type: ActivityType): CompletionCriterion {
  return type === 'exam' || type === 'questionnaire' || type === 'homework' ? 'submitted' : 'viewed';
}

/** Course learning_mode (spec §3 Course): 'checkpoint' requires finishing activities in order. */
export const LEARNING_MODES = ['free', 'checkpoint'] as const;
export type LearningMode = (typeof LEARNING_MODES)[number];
