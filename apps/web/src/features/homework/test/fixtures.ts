import type { Activity, HomeworkSubmission, MyHomework, SubmissionList } from '@atrium/contracts';

/** Test data of the homework feature (shapes of packages/contracts homework.schemas.ts). */

export const homeworkActivityOf = (over: Partial<Activity> = {}): Activity => ({
  id: 9,
  course_id: 2,
  module_id: 1,
  type: 'homework',
  title: 'Essay',
  is_published: true,
  start_time: null,
  end_time: null,
  completion_criterion: 'submitted',
  completion_percent: null,
  sort: 1,
  is_completed: false,
  access: 'open',
  description: '<p>Write an essay.</p>',
  data: { submission_type: 'text', due_date: '2099-01-10T10:00:00.000Z' },
  uploads: [],
  can_guest_preview: false,
  refuse_forward_seeking: false,
  ...over,
});

export const submissionOf = (over: Partial<HomeworkSubmission> = {}): HomeworkSubmission => ({
  id: 40,
  activity_id: 9,
  user_id: 5,
  user_name: 'Student Two',
  group_id: null,
  group_name: null,
  status: 'submitted',
  is_late: false,
  content: '<p>My answer</p>',
  submitted_at: '2099-01-05T10:00:00.000Z',
  submission_count: 1,
  score: null,
  feedback: null,
  graded_at: null,
  graded_by_name: null,
  uploads: [],
  feedback_uploads: [],
  previous_id: null,
  next_id: null,
  ...over,
});

export const myHomeworkOf = (over: Partial<MyHomework> = {}): MyHomework => ({
  submission: null,
  can_submit: true,
  closed_reason: null,
  due_date: '2099-01-10T10:00:00.000Z',
  cut_off_date: null,
  scores_published: false,
  ...over,
});

export const listOf = (items: SubmissionList['items'], over: Partial<SubmissionList> = {}): SubmissionList => ({
  items,
  page: 1,
  page_size: 20,
  pages: 1,
  total: items.length,
  summary: { expected: 30, submitted: 12, graded: 5, late: 2 },
  scores_published: false,
  ...over,
});

export const listItemOf = (over: Partial<SubmissionList['items'][number]> = {}): SubmissionList['items'][number] => ({
  id: 40,
  user_id: 5,
  user_name: 'Student Two',
  user_no: 'S002',
  group_id: null,
  group_name: null,
  status: 'submitted',
  is_late: false,
  submitted_at: '2099-01-05T10:00:00.000Z',
  submission_count: 1,
  file_count: 0,
  score: null,
  graded_at: null,
  graded_by_id: null,
  graded_by_name: null,
  ...over,
});
