import {
  QuestionnaireDataSchema,
  type CreateQuestionnaireSubjectBody,
  type Questionnaire,
  type QuestionnaireResults,
  type QuestionnaireSubject,
  type QuestionnaireSubjectType,
  type SubmitQuestionnaireBody,
} from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { newWorkbook, spreadsheetFile, type SpreadsheetFile } from '../../lib/spreadsheet.js';
import { randomString } from '../../lib/crypto.js';
import type { AppDeps } from '../../lib/deps.js';
import { sanitizeRichText } from '../../lib/sanitize-html.js';
import type { Actor } from '../../plugins/auth.js';
import { activityAccess } from '../activities/activities.policy.js';
import { findActivity, type ActivityRow } from '../activities/activities.repository.js';
import { courseFor } from '../courses/courses.policy.js';
import { studentCountsOf } from '../enrolments/enrolments.repository.js';
import { emit, transaction } from '../events/events.service.js';
import {
  deleteQuestionnaireSubject,
  findParticipation,
  findQuestionnaireSubject,
  findUserResponse,
  insertParticipation,
  insertQuestionnaireSubject,
  insertResponse,
  listQuestionnaireSubjects,
  listResponses,
  updateQuestionnaireSubject,
  type QuestionnaireSubjectRow,
} from './questionnaires.repository.js';

/**
 * Questionnaires (issue 15 §5): the team's subjects, one response per person, results for the
 * team (counts per option, rating distribution and mean, matrix counts, text answers) and their
 * export. Anonymous questionnaires store who answered apart from what (questionnaires.table.ts).
 * Access: a questionnaire is an activity — answering is `activity.open`, managing and results the
 * course team's `manage_content` (learners see results only when `show_results` and they answered).
 */

/** At most this many responses are read for results and one export. */
export const RESPONSE_LIMIT = 20_000;
const TEXTS_SHOWN = 500;

const ID_ALPHABET = 'abcdefghijkmnopqrstuvwxyz23456789';
const newId = () => randomString(ID_ALPHABET, 8);

type Labelled = { id: string; content: string };
type Data = Record<string, unknown>;
const labelled = (v: unknown): Labelled[] =>
  Array.isArray(v) ? v.filter((x): x is Labelled => !!x && typeof x === 'object' && typeof (x as Labelled).id === 'string') : [];

function settingsOf(activity: Pick<ActivityRow, 'data'>): { anonymous: boolean; show_results: boolean } {
  const parsed = QuestionnaireDataSchema.safeParse(activity.data ?? {});
  return { anonymous: parsed.success ? (parsed.data.anonymous ?? false) : false, show_results: parsed.success ? (parsed.data.show_results ?? false) : false };
}

function notAQuestionnaire(): AppError {
  return new AppError('NOT_A_QUESTIONNAIRE', 'This activity is not a questionnaire');
}

/** The course team of a questionnaire (manage_content). ACTIVITY_NOT_FOUND, COURSE_NOT_FOUND, FORBIDDEN, NOT_A_QUESTIONNAIRE. */
async function questionnaireToManage(deps: AppDeps, actor: Actor, activityId: number): Promise<ActivityRow> {
  const activity = await findActivity(deps.db, activityId);
  if (!activity) throw new AppError('ACTIVITY_NOT_FOUND', 'This activity does not exist or was deleted');
  await courseFor(deps, actor, activity.courseId, 'manage_content');
  if (activity.type !== 'questionnaire') throw notAQuestionnaire();
  return activity;
}

/** A learner's (or the team's) way in: activity.open. */
async function questionnaireToOpen(deps: AppDeps, actor: Actor, activityId: number, now: Date) {
  const access = await activityAccess(deps, actor, activityId, undefined, now);
  if (access.activity.type !== 'questionnaire') throw notAQuestionnaire();
  return access;
}

export function presentQuestionnaireSubject(row: QuestionnaireSubjectRow): QuestionnaireSubject {
  const d = row.data as Data;
  const base: QuestionnaireSubject = {
    id: row.id,
    type: row.type as QuestionnaireSubjectType,
    description: row.description,
    is_required: row.isRequired,
    sort: row.sort,
  };
  switch (row.type) {
    case 'single_selection':
    case 'multiple_selection':
      return { ...base, options: labelled(d.options) };
    case 'rating':
      return {
        ...base,
        rating: { min: Number(d.min ?? 1), max: Number(d.max ?? 5), min_label: String(d.min_label ?? ''), max_label: String(d.max_label ?? '') },
      };
    case 'matrix':
      return { ...base, rows: labelled(d.rows), columns: labelled(d.columns) };
    case 'text':
      return { ...base, multiline: d.multiline === true };
    default:
      return base;
  }
}

/** Labels with ids: kept for labels that did not change (so earlier answers still count), new ones for the rest. */
function withIds(labels: readonly string[], previous: readonly Labelled[]): Labelled[] {
  const taken = new Set<string>();
  return labels.map((content) => {
    const kept = previous.find((p) => p.content === content && !taken.has(p.id));
    const id = kept?.id ?? newId();
    taken.add(id);
    return { id, content };
  });
}

function subjectValues(body: CreateQuestionnaireSubjectBody, previous?: QuestionnaireSubjectRow) {
  const old = (previous?.data ?? {}) as Data;
  const data: Data = {};
  switch (body.type) {
    case 'single_selection':
    case 'multiple_selection':
      if ((body.options?.length ?? 0) < 2) throw AppError.field('options', 'Give at least two options');
      data.options = withIds(body.options!, labelled(old.options));
      break;
    case 'rating': {
      const min = body.min ?? 1;
      const max = body.max ?? 5;
      if (max <= min) throw AppError.field('max', 'The highest rating must be above the lowest');
      data.min = min;
      data.max = max;
      data.min_label = body.min_label ?? '';
      data.max_label = body.max_label ?? '';
      break;
    }
    case 'matrix':
      if (!body.rows?.length) throw AppError.field('rows', 'Give at least one row');
      if ((body.columns?.length ?? 0) < 2) throw AppError.field('columns', 'Give at least two columns');
      data.rows = withIds(body.rows, labelled(old.rows));
      data.columns = withIds(body.columns!, labelled(old.columns));
      break;
    case 'text':
      data.multiline = body.multiline ?? true;
      break;
  }
  return { type: body.type, description: sanitizeRichText(body.description), isRequired: body.is_required, data };
}

/**
 * Subjects of a questionnaire the Moodle importer made (issue 21 §4: choice and feedback), written in
 * the import's transaction `tx` after the activity row, in order. Each body is checked as the subjects
 * route checks it (AppError naming the field), like every other row of the import.
 */
export async function insertImportedQuestionnaireSubjects(tx: Db, activityId: number, bodies: readonly CreateQuestionnaireSubjectBody[]): Promise<void> {
  for (const body of bodies) await insertQuestionnaireSubject(tx, { activityId, ...subjectValues(body) });
}

/** `POST /api/questionnaires/{activityId}/subjects` (course team). 400 naming the field. */
export async function createQuestionnaireSubject(
  deps: AppDeps,
  actor: Actor,
  activityId: number,
  body: CreateQuestionnaireSubjectBody,
): Promise<QuestionnaireSubject> {
  const activity = await questionnaireToManage(deps, actor, activityId);
  const values = subjectValues(body);
  const row = await transaction(deps, async (tx) => {
    const created = await insertQuestionnaireSubject(tx, { activityId, ...values });
    await emit(deps, tx, { type: 'activity.changed', payload: { course_id: activity.courseId, activity_id: activityId } });
    return created;
  });
  return presentQuestionnaireSubject(row);
}

async function subjectToManage(deps: AppDeps, actor: Actor, subjectId: number) {
  const subject = await findQuestionnaireSubject(deps.db, subjectId);
  const gone = () => new AppError('SUBJECT_NOT_FOUND', 'This subject does not exist');
  if (!subject) throw gone();
  try {
    return { subject, activity: await questionnaireToManage(deps, actor, subject.activityId) };
  } catch (error) {
    if (error instanceof AppError) throw gone();
    throw error;
  }
}

/** `PUT /api/questionnaire-subjects/{subjectId}` (course team): replaces the subject; options, rows and columns whose text is unchanged keep their ids (and their answers). */
export async function updateQuestionnaireSubjectOf(
  deps: AppDeps,
  actor: Actor,
  subjectId: number,
  body: CreateQuestionnaireSubjectBody,
): Promise<QuestionnaireSubject> {
  const { subject, activity } = await subjectToManage(deps, actor, subjectId);
  const values = subjectValues(body, subject);
  const row = await transaction(deps, async (tx) => {
    const updated = await updateQuestionnaireSubject(tx, subjectId, values);
    if (!updated) throw new AppError('SUBJECT_NOT_FOUND', 'This subject does not exist');
    await emit(deps, tx, { type: 'activity.changed', payload: { course_id: activity.courseId, activity_id: activity.id } });
    return updated;
  });
  return presentQuestionnaireSubject(row);
}

/** `DELETE /api/questionnaire-subjects/{subjectId}` (course team). Answers to it stay in the responses but are no longer counted. */
export async function deleteQuestionnaireSubjectOf(deps: AppDeps, actor: Actor, subjectId: number): Promise<void> {
  const { activity } = await subjectToManage(deps, actor, subjectId);
  await transaction(deps, async (tx) => {
    await deleteQuestionnaireSubject(tx, subjectId);
    await emit(deps, tx, { type: 'activity.changed', payload: { course_id: activity.courseId, activity_id: activity.id } });
  });
}

/** `GET /api/questionnaires/{activityId}`: the subjects and my response (my answers only in a named questionnaire). */
export async function getQuestionnaire(deps: AppDeps, actor: Actor, activityId: number, now = new Date()): Promise<Questionnaire> {
  const { activity } = await questionnaireToOpen(deps, actor, activityId, now);
  const settings = settingsOf(activity);
  const [subjects, answeredAt, mine] = await Promise.all([
    listQuestionnaireSubjects(deps.db, activityId),
    findParticipation(deps.db, activityId, actor.id),
    settings.anonymous ? undefined : findUserResponse(deps.db, activityId, actor.id),
  ]);
  return {
    activity_id: activity.id,
    title: activity.title,
    ...settings,
    subjects: subjects.map(presentQuestionnaireSubject),
    my_response: answeredAt
      ? {
          submitted_at: answeredAt.toISOString(),
          answers: mine ? Object.entries(mine.answers).map(([id, answer]) => ({ subject_id: Number(id), answer: answer as string })) : null,
        }
      : null,
  };
}

/** Why an answer does not fit the subject (a message), or null. */
function problemOf(subject: QuestionnaireSubject, answer: unknown): string | null {
  const ids = new Set((subject.options ?? []).map((o) => o.id));
  switch (subject.type) {
    case 'single_selection':
      return typeof answer === 'string' && ids.has(answer) ? null : 'Choose one of the options';
    case 'multiple_selection':
      return Array.isArray(answer) && answer.every((a) => typeof a === 'string' && ids.has(a)) && new Set(answer).size === answer.length
        ? null
        : 'Choose options of this subject, each once';
    case 'text':
      return typeof answer === 'string' && answer.length <= 20_000 ? null : 'Write a text of at most 20000 characters';
    case 'rating':
      return typeof answer === 'number' && Number.isInteger(answer) && answer >= subject.rating!.min && answer <= subject.rating!.max
        ? null
        : `Give a whole number from ${subject.rating!.min} to ${subject.rating!.max}`;
    case 'matrix': {
      if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return 'Choose a column for each row';
      const rows = new Set((subject.rows ?? []).map((r) => r.id));
      const columns = new Set((subject.columns ?? []).map((c) => c.id));
      return Object.entries(answer).every(([r, c]) => rows.has(r) && typeof c === 'string' && columns.has(c))
        ? null
        : 'Choose rows and columns of this subject';
    }
  }
}

/**
 * `POST /api/questionnaires/{activityId}/responses`: one response per person (409
 * QUESTIONNAIRE_ANSWERED after that). 400 naming `answers[i].answer` or `answers[i].subject_id`,
 * or `answers` when a required subject is left out; nothing is stored then. Emits
 * questionnaire.submitted (its learner may complete the activity).
 */
export async function submitQuestionnaire(
  deps: AppDeps,
  actor: Actor,
  activityId: number,
  body: SubmitQuestionnaireBody,
  now = new Date(),
): Promise<{ submitted_at: string }> {
  const { activity } = await questionnaireToOpen(deps, actor, activityId, now);
  const subjects = new Map((await listQuestionnaireSubjects(deps.db, activityId)).map((s) => [s.id, presentQuestionnaireSubject(s)]));
  const answers: Record<string, unknown> = {};
  body.answers.forEach((a, i) => {
    const subject = subjects.get(a.subject_id);
    if (!subject) throw AppError.field(`answers[${i}].subject_id`, 'This subject is not part of the questionnaire');
    if (subject.type === 'text' && typeof a.answer === 'string' && a.answer.trim() === '') return;
    const problem = problemOf(subject, a.answer);
    if (problem) throw AppError.field(`answers[${i}].answer`, problem);
    answers[String(a.subject_id)] = subject.type === 'text' ? (a.answer as string).trim() : a.answer;
  });
  const missing = [...subjects.values()].filter((s) => s.is_required && answers[String(s.id)] === undefined);
  if (missing.length > 0) throw AppError.field('answers', `Answer every required subject (${missing.length} left)`);
  const { anonymous } = settingsOf(activity);
  const stored = await transaction(deps, async (tx) => {
    if (!(await insertParticipation(tx, activityId, actor.id, now))) return false;
    await insertResponse(tx, {
      activityId,
      userId: anonymous ? null : actor.id,
      answers,
      submittedAt: anonymous ? new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000) : now,
    });
    await emit(deps, tx, { type: 'questionnaire.submitted', payload: { course_id: activity.courseId, activity_id: activityId, user_id: actor.id } });
    return true;
  });
  if (!stored) throw new AppError('QUESTIONNAIRE_ANSWERED', 'You have already answered this questionnaire');
  return { submitted_at: now.toISOString() };
}

/** Results of a questionnaire from its responses (`named`: texts carry their author). Pure. */
export function aggregate(
  activityId: number,
  anonymous: boolean,
  subjects: readonly QuestionnaireSubject[],
  responses: readonly { answers: Record<string, unknown>; userId: number | null; userName: string | null }[],
  learnerCount: number,
  named: boolean,
): QuestionnaireResults {
  return {
    activity_id: activityId,
    anonymous,
    response_count: responses.length,
    learner_count: learnerCount,
    subjects: subjects.map((s) => {
      const given = responses.map((r) => ({ answer: r.answers[String(s.id)], r })).filter((x) => x.answer !== undefined && x.answer !== null);
      const base = { subject_id: s.id, type: s.type, description: s.description, answered: given.length };
      switch (s.type) {
        case 'single_selection':
        case 'multiple_selection':
          return {
            ...base,
            options: (s.options ?? []).map((o) => ({
              ...o,
              count: given.filter((g) => g.answer === o.id || (Array.isArray(g.answer) && g.answer.includes(o.id))).length,
            })),
          };
        case 'rating': {
          const { min, max } = s.rating!;
          const values = given.map((g) => g.answer).filter((v): v is number => typeof v === 'number');
          return {
            ...base,
            rating: {
              min,
              max,
              distribution: Array.from({ length: max - min + 1 }, (_, i) => ({ value: min + i, count: values.filter((v) => v === min + i).length })),
              mean: values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100 : null,
            },
          };
        }
        case 'matrix': {
          const rows = s.rows ?? [];
          const columns = s.columns ?? [];
          return {
            ...base,
            matrix: {
              rows,
              columns,
              counts: rows.map((r) => columns.map((c) => given.filter((g) => (g.answer as Record<string, string>)[r.id] === c.id).length)),
            },
          };
        }
        case 'text':
          return {
            ...base,
            texts: given.slice(0, TEXTS_SHOWN).map((g) => ({
              text: String(g.answer),
              user: named && g.r.userId !== null ? { id: g.r.userId, name: g.r.userName ?? '' } : null,
            })),
          };
      }
    }),
  };
}

/**
 * `GET /api/questionnaires/{activityId}/results`: for the course team; for a learner who
 * answered when the questionnaire shows results (without any name). FORBIDDEN otherwise.
 */
export async function questionnaireResults(deps: AppDeps, actor: Actor, activityId: number, now = new Date()): Promise<QuestionnaireResults> {
  const { activity, isTeam } = await questionnaireToOpen(deps, actor, activityId, now);
  const settings = settingsOf(activity);
  if (!isTeam) {
    if (!settings.show_results || !(await findParticipation(deps.db, activityId, actor.id)))
      throw new AppError('FORBIDDEN', 'The results of this questionnaire are for the course team');
  }
  const [subjects, responses, counts] = await Promise.all([
    listQuestionnaireSubjects(deps.db, activityId),
    listResponses(deps.db, activityId, RESPONSE_LIMIT),
    studentCountsOf(deps.db, [activity.courseId]),
  ]);
  return aggregate(
    activityId,
    settings.anonymous,
    subjects.map(presentQuestionnaireSubject),
    responses,
    counts.get(activity.courseId) ?? 0,
    isTeam && !settings.anonymous,
  );
}

/** `GET /api/questionnaires/{activityId}/results/export` (course team): one row per response, one column per subject (labels, not ids), as .xlsx or CSV (exceljs). */
export async function exportQuestionnaire(deps: AppDeps, actor: Actor, activityId: number, format: 'csv' | 'xlsx'): Promise<SpreadsheetFile> {
  const activity = await questionnaireToManage(deps, actor, activityId);
  const { anonymous } = settingsOf(activity);
  const [rows, responses] = await Promise.all([listQuestionnaireSubjects(deps.db, activityId), listResponses(deps.db, activityId, RESPONSE_LIMIT)]);
  const subjects = rows.map(presentQuestionnaireSubject);
  const book = await newWorkbook();
  book.creator = 'Atrium';
  const sheet = book.addWorksheet('Responses');
  sheet.columns = [
    ...(anonymous ? [] : [{ header: 'Learner', key: 'name', width: 24 }]),
    { header: anonymous ? 'Date' : 'Submitted', key: 'at', width: 22 },
    ...subjects.map((s, i) => ({ header: `Q${i + 1}`, key: `s${s.id}`, width: 24 })),
  ];
  const labelOf = (list: Labelled[] | undefined, id: unknown) => list?.find((x) => x.id === id)?.content ?? '';
  for (const r of responses) {
    const row: Record<string, unknown> = { name: r.userName ?? '', at: anonymous ? r.submittedAt.toISOString().slice(0, 10) : r.submittedAt.toISOString() };
    for (const s of subjects) {
      const a = r.answers[String(s.id)];
      if (a === undefined || a === null) continue;
      row[`s${s.id}`] =
        s.type === 'single_selection'
          ? labelOf(s.options, a)
          : s.type === 'multiple_selection' && Array.isArray(a)
            ? a.map((x) => labelOf(s.options, x)).join('; ')
            : s.type === 'matrix' && typeof a === 'object'
              ? Object.entries(a as Record<string, string>)
                  .map(([rid, cid]) => `${labelOf(s.rows, rid)}: ${labelOf(s.columns, cid)}`)
                  .join('; ')
              : a;
    }
    sheet.addRow(row);
  }
  sheet.getRow(1).font = { bold: true };
  return spreadsheetFile(book, `${activity.title || 'questionnaire'} responses`, format);
}
