import type { CreateSubjectBody, Subject, SubjectType } from '@atrium/contracts';
import type { FieldName } from '../../../lib/form-errors';
import { blankNumbersOf } from './blanks';
import { hasMarkup } from './subject-types';

/**
 * The subject form's values (the team's modal, issue 15): the body's fields, with the accepted
 * answers split by type — `blanks` (one tag list per blank) for fill-in-blank, `accepted` (one tag
 * list) for short answer — as the body's one `answers` field means both. `rich` marks an option
 * or prompt edited in the rich-text editor (its text holds markup, e.g. imported HTML).
 */
export interface SubjectFormValues {
  type: SubjectType;
  description: string;
  score: number;
  explanation?: string;
  /** The bank category: where a bank subject is filed; what a random subject draws from. */
  category_id?: number | null;
  /** random: how many subjects each attempt draws. */
  count?: number;
  /** Media: video/audio files of the course the subject plays, with the play limit (spec §3 exam video settings). */
  upload_ids?: number[];
  play_limit?: boolean;
  play_limit_times?: number | null;
  options?: { content: string; is_answer: boolean; rich?: boolean }[];
  answer?: boolean;
  blanks?: string[][];
  accepted?: string[];
  case_sensitive?: boolean;
  numerical_answers?: { value: number; tolerance?: number | null }[];
  units?: { unit: string; multiplier?: number | null }[];
  pairs?: { prompt: string; answer: string; rich?: boolean }[];
  distractors?: string[];
}

/** Where the form writes: an exam's own subjects (random draws allowed) or the course's bank (every subject filed in a category). */
export type SubjectFormMode = 'exam' | 'bank';

const cleanTags = (tags: readonly string[] | undefined) => (tags ?? []).map((tag) => tag.trim()).filter((tag) => tag !== '');

/** The form's starting values: an existing subject's, or a new subject of `type` (two empty options, two pairs, one blank …). */
export function formValuesOf(subject: Subject | null, type: SubjectType, defaults: { category_id?: number | null } = {}): SubjectFormValues {
  if (!subject) {
    return {
      type,
      description: '',
      score: type === 'description' ? 0 : 1,
      category_id: defaults.category_id ?? null,
      count: 1,
      upload_ids: [],
      play_limit: false,
      play_limit_times: 1,
      options: [
        { content: '', is_answer: false },
        { content: '', is_answer: false },
      ],
      answer: true,
      blanks: [[]],
      accepted: [],
      case_sensitive: false,
      numerical_answers: [{ value: 0, tolerance: 0 }],
      units: [],
      pairs: [
        { prompt: '', answer: '' },
        { prompt: '', answer: '' },
      ],
      distractors: [],
    };
  }
  return {
    type: subject.type,
    description: subject.description,
    score: subject.score,
    explanation: subject.explanation ?? '',
    category_id: subject.category_id,
    count: subject.count ?? 1,
    upload_ids: subject.upload_ids,
    play_limit: subject.play_limit,
    play_limit_times: subject.play_limit ? subject.play_limit_times : 1,
    options: subject.options?.map((o) => ({ content: o.content, is_answer: o.is_answer, rich: hasMarkup(o.content) })) ?? [],
    answer: subject.answer ?? true,
    blanks: subject.type === 'fill_in_blank' ? (subject.answers ?? []) : [[]],
    accepted: subject.type === 'short_answer' ? (subject.answers?.[0] ?? []) : [],
    case_sensitive: subject.case_sensitive ?? false,
    numerical_answers: subject.numerical_answers ?? [{ value: 0, tolerance: 0 }],
    units: subject.units ?? [],
    pairs: subject.pairs?.map((p) => ({ prompt: p.prompt, answer: p.answer, rich: hasMarkup(p.prompt) })) ?? [],
    distractors: subject.distractors ?? [],
  };
}

/**
 * The `POST /api/exams/{id}/subjects` / `POST /api/courses/{id}/subjects` / `PUT /api/exam-subjects/{id}`
 * body of the form: only the fields of its type; media and play limit for every type but a random
 * draw (draws leave media out); the category for a random draw and for a bank subject (an exam's
 * own subject keeps whatever category it has).
 */
export function subjectBodyOf(values: SubjectFormValues, mode: SubjectFormMode = 'exam'): CreateSubjectBody {
  const body: CreateSubjectBody = {
    type: values.type,
    description: values.type === 'random' ? '' : (values.description ?? ''),
    score: values.type === 'description' ? 0 : Number(values.score ?? 0),
    case_sensitive: false,
  };
  if (values.explanation && values.type !== 'random') body.explanation = values.explanation;
  if (values.type === 'random' || mode === 'bank') body.category_id = values.category_id ?? null;
  if (values.type !== 'random') {
    body.upload_ids = values.upload_ids ?? [];
    body.play_limit = values.play_limit === true && body.upload_ids.length > 0;
    body.play_limit_times = body.play_limit ? Math.max(1, Math.round(Number(values.play_limit_times ?? 1))) : 0;
  }
  switch (values.type) {
    case 'single_selection':
    case 'multiple_selection':
      body.options = (values.options ?? []).map((o) => ({ content: o.content ?? '', is_answer: o.is_answer === true }));
      break;
    case 'true_or_false':
      body.answer = values.answer === true;
      break;
    case 'fill_in_blank':
      body.answers = (values.blanks ?? []).map(cleanTags);
      body.case_sensitive = values.case_sensitive === true;
      break;
    case 'short_answer': {
      const accepted = cleanTags(values.accepted);
      body.answers = accepted.length > 0 ? [accepted] : [];
      body.case_sensitive = values.case_sensitive === true;
      break;
    }
    case 'numerical':
      body.numerical_answers = (values.numerical_answers ?? []).map((n) => ({ value: Number(n.value), tolerance: Number(n.tolerance ?? 0) }));
      body.units = (values.units ?? []).map((u) => ({ unit: u.unit.trim(), multiplier: Number(u.multiplier ?? 1) }));
      break;
    case 'matching':
      body.pairs = (values.pairs ?? []).map((p) => ({ prompt: p.prompt ?? '', answer: (p.answer ?? '').trim() }));
      body.distractors = cleanTags(values.distractors);
      break;
    case 'random':
      body.count = Math.min(100, Math.max(1, Math.round(Number(values.count ?? 1))));
      break;
    default:
      break;
  }
  return body;
}

/**
 * Where a server field error of a subject body lands on the form of `type` (showFieldErrors'
 * `nameOf`): `options.1.content` → `['options', 1, 'content']`, `answers.0.2` → the blank's tags
 * (`['blanks', 0]`) or the short answer's (`accepted`), `distractors.3` → `distractors`; a list's
 * own error (`options`, `pairs`) on the list. Null for a name the form does not have.
 */
export function subjectFieldOf(type: SubjectType): (serverName: string) => FieldName | null {
  return (serverName) => {
    const parts = serverName
      .replace(/\[(\d+)\]/g, '.$1')
      .split('.')
      .filter((p) => p !== '')
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    const [head, index, leaf] = parts;
    switch (head) {
      case 'description':
      case 'score':
      case 'explanation':
      case 'type':
      case 'answer':
      case 'case_sensitive':
      case 'category_id':
      case 'count':
      case 'play_limit':
      case 'play_limit_times':
        return head;
      case 'upload_ids':
        return 'upload_ids';
      case 'answers':
        if (type === 'fill_in_blank') return typeof index === 'number' ? ['blanks', index] : 'blanks';
        if (type === 'short_answer') return 'accepted';
        return null;
      case 'distractors':
        return 'distractors';
      case 'options':
      case 'numerical_answers':
      case 'units':
      case 'pairs':
        if (typeof index !== 'number') return head;
        return typeof leaf === 'string' ? [head, index, leaf] : [head, index];
      default:
        return null;
    }
  };
}

/** Client-side checks the server would refuse anyway, as messages keyed by form field (translation keys of the `exams` namespace). */
export function subjectFormProblems(values: SubjectFormValues): { name: FieldName; key: string }[] {
  const problems: { name: FieldName; key: string }[] = [];
  switch (values.type) {
    case 'single_selection':
    case 'multiple_selection': {
      const options = values.options ?? [];
      const right = options.filter((o) => o.is_answer).length;
      if (options.length < 2) problems.push({ name: 'options', key: 'form.optionsTooFew' });
      else if (values.type === 'single_selection' && right !== 1) problems.push({ name: 'options', key: 'form.optionsOneRight' });
      else if (values.type === 'multiple_selection' && right < 1) problems.push({ name: 'options', key: 'form.optionsSomeRight' });
      break;
    }
    case 'fill_in_blank': {
      const blanks = values.blanks ?? [];
      if (blanks.length === 0) problems.push({ name: 'blanks', key: 'form.blanksNone' });
      const marked = blankNumbersOf(values.description ?? '');
      const missing = blanks.map((_, i) => i + 1).filter((n) => !marked.includes(n));
      if (blanks.length > 0 && missing.length > 0) problems.push({ name: 'description', key: 'form.blanksUnmarked' });
      break;
    }
    case 'matching':
      if ((values.pairs ?? []).length < 2) problems.push({ name: 'pairs', key: 'form.pairsTooFew' });
      break;
    case 'numerical':
      if ((values.numerical_answers ?? []).length < 1) problems.push({ name: 'numerical_answers', key: 'form.numbersNone' });
      break;
    case 'random':
      if (!values.category_id) problems.push({ name: 'category_id', key: 'form.categoryRequired' });
      break;
    default:
      break;
  }
  return problems;
}
