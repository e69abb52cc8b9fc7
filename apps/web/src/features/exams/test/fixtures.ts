import type { Activity, Attempt, AttemptSubject, Subject } from '@atrium/contracts';

/** Test data of the exams feature: attempt subjects of every type, attempts and team subjects (shapes of packages/contracts exams.schemas.ts). */

const base = { upload_ids: [], play_limit: false, play_limit_times: 0 };

type Kind = 'single_selection' | 'multiple_selection' | 'true_or_false' | 'fill_in_blank' | 'short_answer' | 'numerical' | 'matching' | 'essay' | 'description';

export const SUBJECTS: Record<Kind, AttemptSubject> = {
  single_selection: {
    ...base,
    id: 11,
    type: 'single_selection',
    description: '<p>Which planet is red?</p>',
    score: 2,
    options: [
      { id: 'o1', content: '<p>Mars</p>' },
      { id: 'o2', content: '<p>Venus</p>' },
    ],
  },
  multiple_selection: {
    ...base,
    id: 12,
    type: 'multiple_selection',
    description: '<p>Which are prime?</p>',
    score: 2,
    options: [
      { id: 'p2', content: '<p>2</p>' },
      { id: 'p4', content: '<p>4</p>' },
      { id: 'p5', content: '<p>5</p>' },
    ],
  },
  true_or_false: { ...base, id: 13, type: 'true_or_false', description: '<p>Water boils at 100 °C at sea level.</p>', score: 1 },
  fill_in_blank: {
    ...base,
    id: 14,
    type: 'fill_in_blank',
    description: '<p>The capital of <b>France</b> is [[1]] and of Italy [[2]].</p>',
    score: 2,
    blank_count: 3,
  },
  short_answer: { ...base, id: 15, type: 'short_answer', description: '<p>Name a noble gas.</p>', score: 1 },
  numerical: { ...base, id: 16, type: 'numerical', description: '<p>g on Earth?</p>', score: 1, units: ['m/s²', 'cm/s²'] },
  matching: {
    ...base,
    id: 17,
    type: 'matching',
    description: '<p>Match the capitals.</p>',
    score: 2,
    prompts: [
      { id: 'fr', prompt: '<p>France</p>' },
      { id: 'it', prompt: '<p>Italy</p>' },
    ],
    choices: [
      { id: 'c-rome', content: 'Rome' },
      { id: 'c-paris', content: 'Paris' },
      { id: 'c-oslo', content: 'Oslo' },
    ],
  },
  essay: { ...base, id: 18, type: 'essay', description: '<p>Why is the sky blue?</p>', score: 5 },
  description: { ...base, id: 19, type: 'description', description: '<p>Part B: reading</p>', score: 0 },
};

/** An attempt in progress at server time `now` with the given subjects and answers. */
export function attemptOf(over: Partial<Attempt> = {}): Attempt {
  return {
    id: 70,
    activity_id: 7,
    number: 1,
    status: 'in_progress',
    started_at: '2030-01-01T10:00:00.000Z',
    deadline: null,
    submitted_at: null,
    now: '2030-01-01T10:00:00.000Z',
    subjects: [SUBJECTS.short_answer, SUBJECTS.true_or_false],
    answers: [],
    max_score: 2,
    score: null,
    objective_score: null,
    ...over,
  };
}

/** A team subject (answer key included). */
export function subjectOf(over: Partial<Subject> = {}): Subject {
  // A cast: the bank's fields (category_id …) are being added to Subject beside this feature.
  return {
    category_id: null,
    id: 41,
    activity_id: 7,
    type: 'single_selection',
    description: '<p>Capital of France?</p>',
    score: 2,
    sort: 1,
    options: [
      { id: 'a', content: 'Paris', is_answer: true },
      { id: 'b', content: 'Lyon', is_answer: false },
    ],
    upload_ids: [],
    play_limit: false,
    play_limit_times: 0,
    ...over,
  } as Subject;
}

/** An exam activity (`GET /api/activities/{id}`) with its settings as `data`. */
export function examActivityOf(over: Partial<Activity> = {}): Activity {
  return {
    id: 7,
    course_id: 2,
    module_id: 1,
    type: 'exam',
    title: 'Midterm',
    is_published: true,
    start_time: null,
    end_time: null,
    completion_criterion: 'submitted',
    completion_percent: null,
    sort: 1,
    is_completed: false,
    access: 'open',
    description: null,
    data: { time_limit_seconds: 5400, max_attempts: 2, show_score: 'after_submit' },
    uploads: [],
    can_guest_preview: false,
    refuse_forward_seeking: false,
    ...over,
  };
}
