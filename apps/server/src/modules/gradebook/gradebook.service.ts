import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { Gradebook, GradebookImportResult, GradeCategory, GradeCategoryBody, GradeItem, UpdateGradeItemBody } from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../lib/deps.js';
import { newWorkbook, spreadsheetFile, type SpreadsheetFile } from '../../lib/spreadsheet.js';
import type { Actor } from '../../plugins/auth.js';
import { courseFor, may } from '../courses/courses.policy.js';
import { emit, transaction } from '../events/events.service.js';
import {
  deleteGradeCategory,
  findGradeCategory,
  insertGradeCategory,
  listCourseGrades,
  listCourseStudents,
  listGradeCategories,
  listGradedUserIds,
  listGradeItems,
  updateGradeCategory,
  upsertGradeItem,
  upsertGrades,
  type GradeCategoryRow,
  type GradeItemRow,
  type GradeRow,
} from './gradebook.repository.js';
import { courseTotal } from './totals.js';

/**
 * The course gradebook (issue 16 §3; spec §2 `/course/{id}/score`): items are the course's exams,
 * homework, SCORM packages and forums graded on participation (issue 18 §1); scores come from the
 * grades every source writes (handlers of exam.*, homework.graded, topic.*); the team sees everything, a learner only their own published scores.
 * Publishing emits `scores.published` / `scores.unpublished`.
 */

/**
 * The points an item is out of: the team's setting, else homework 100, a participation-graded
 * forum its `data.grading.max_score`, else the largest maximum its grades carry, else 100.
 */
function maxScoreOf(item: GradeItemRow, grades: readonly GradeRow[]): number {
  if (item.maxScore !== null) return item.maxScore;
  if (item.type === 'homework') return 100;
  const forumMax = (item.data.grading as { max_score?: unknown } | null | undefined)?.max_score;
  if (item.type === 'forum' && typeof forumMax === 'number' && forumMax > 0) return forumMax;
  const known = grades.filter((g) => g.activityId === item.activityId).map((g) => g.maxScore);
  return known.length > 0 ? Math.max(...known) : 100;
}

function presentItem(item: GradeItemRow, grades: readonly GradeRow[]): GradeItem {
  return {
    activity_id: item.activityId,
    title: item.title,
    type: item.type,
    max_score: maxScoreOf(item, grades),
    weight: item.weight,
    category_id: item.categoryId,
    published: item.publishedAt !== null,
    published_at: item.publishedAt?.toISOString() ?? null,
  };
}

function presentCategory(row: GradeCategoryRow): GradeCategory {
  return { id: row.id, name: row.name, weight: row.weight, sort: row.sort };
}

/** A score in the item's points: a grade stored out of another maximum is rescaled. */
function scaled(grade: GradeRow, max: number): number | null {
  if (grade.score === null) return null;
  if (grade.maxScore > 0 && grade.maxScore !== max) return Math.round((grade.score / grade.maxScore) * max * 100) / 100;
  return grade.score;
}

/**
 * One learner's points per item (scaled to the item's maximum; null without a grade) and course
 * total (percent, decision 0091 totals) over `items`, from that learner's `grades`.
 */
function standingOf(
  items: readonly GradeItem[],
  categories: readonly { id: number; weight: number }[],
  grades: readonly GradeRow[],
): { points: Map<number, number | null>; total: number | null } {
  const byActivity = new Map(grades.map((g) => [g.activityId, g]));
  const points = new Map(items.map((i) => [i.activity_id, byActivity.has(i.activity_id) ? scaled(byActivity.get(i.activity_id)!, i.max_score) : null]));
  const total = courseTotal(
    items.map((i) => ({ id: i.activity_id, maxScore: i.max_score, weight: i.weight, categoryId: i.category_id })),
    new Map(categories.map((c) => [c.id, c.weight])),
    points,
  );
  return { points, total };
}

/**
 * `GET /api/courses/{courseId}/scores`: the team (course.manage_content) sees every student and
 * item; anyone else who may view the course sees their own row and the published items only.
 * Four statements after the access check.
 */
export async function courseGradebook(deps: AppDeps, actor: Actor, courseId: number): Promise<Gradebook> {
  const access = await courseFor(deps, actor, courseId, 'view');
  const isTeam = may(access.kinds, 'manage_content');
  const [allItems, categories, students, grades] = await Promise.all([
    listGradeItems(deps.db, courseId),
    listGradeCategories(deps.db, courseId),
    listCourseStudents(deps.db, courseId, isTeam ? undefined : actor.id),
    listCourseGrades(deps.db, courseId, isTeam ? undefined : actor.id),
  ]);
  const items = isTeam ? allItems : allItems.filter((i) => i.publishedAt !== null);
  const presented = items.map((i) => presentItem(i, grades));
  const byUser = new Map<number, GradeRow[]>();
  for (const g of grades) byUser.set(g.userId, [...(byUser.get(g.userId) ?? []), g]);
  const rows = students.map((s) => {
    const { points, total } = standingOf(presented, categories, byUser.get(s.id) ?? []);
    return { user_id: s.id, name: s.name, user_no: s.userNo, scores: Object.fromEntries([...points].map(([id, v]) => [String(id), v])), total };
  });
  return { items: presented, categories: categories.map(presentCategory), rows, can_manage: isTeam };
}

/**
 * One learner's standing as they see it (published items only): the course total (percent, null
 * while nothing counts) and the activities with a published score. `db` may be a handler's
 * transaction. Three statements.
 */
export async function publishedStanding(db: Db, courseId: number, userId: number): Promise<{ total: number | null; scoredActivityIds: number[] }> {
  const [allItems, categories, grades] = await Promise.all([
    listGradeItems(db, courseId),
    listGradeCategories(db, courseId),
    listCourseGrades(db, courseId, userId),
  ]);
  const items = allItems.filter((i) => i.publishedAt !== null).map((i) => presentItem(i, grades));
  const { points, total } = standingOf(items, categories, grades);
  return { total, scoredActivityIds: [...points].filter(([, v]) => v !== null).map(([id]) => id) };
}

/** The team's graded activity `activityId` of `courseId`. NOT_GRADED_ACTIVITY when it is not one. */
async function itemToManage(deps: AppDeps, actor: Actor, courseId: number, activityId: number): Promise<GradeItemRow> {
  await courseFor(deps, actor, courseId, 'manage_content');
  const [item] = await listGradeItems(deps.db, courseId, activityId);
  if (!item) throw new AppError('NOT_GRADED_ACTIVITY', 'This is not an exam, homework, SCORM or graded forum activity of this course');
  return item;
}

/** `PUT /api/courses/{courseId}/grade-items/{activityId}` (course team): weight, category, maximum. GRADE_CATEGORY_NOT_FOUND for another course's category. */
export async function updateGradeItem(deps: AppDeps, actor: Actor, courseId: number, activityId: number, body: UpdateGradeItemBody): Promise<GradeItem> {
  await itemToManage(deps, actor, courseId, activityId);
  if (body.category_id) {
    const category = await findGradeCategory(deps.db, body.category_id);
    if (!category || category.courseId !== courseId)
      throw new AppError('GRADE_CATEGORY_NOT_FOUND', 'This category does not exist', { category_id: ['Choose a category of this course'] });
  }
  await upsertGradeItem(deps.db, activityId, courseId, {
    ...(body.weight !== undefined ? { weight: body.weight } : {}),
    ...(body.category_id !== undefined ? { categoryId: body.category_id } : {}),
    ...(body.max_score !== undefined ? { maxScore: body.max_score } : {}),
  });
  const [item] = await listGradeItems(deps.db, courseId, activityId);
  return presentItem(item!, await listCourseGrades(deps.db, courseId));
}

/**
 * `POST /api/courses/{courseId}/grade-items/{activityId}/publish` or `/unpublish` (course team): the
 * learners see (or no longer see) their scores of this activity. Emits scores.published (with the
 * learners who have a score) or scores.unpublished.
 */
export async function setScoresPublished(
  deps: AppDeps,
  actor: Actor,
  courseId: number,
  activityId: number,
  published: boolean,
  now = new Date(),
): Promise<GradeItem> {
  await itemToManage(deps, actor, courseId, activityId);
  await transaction(deps, async (tx) => {
    await upsertGradeItem(tx, activityId, courseId, { publishedAt: published ? now : null });
    if (published) {
      const userIds = await listGradedUserIds(tx, activityId);
      await emit(deps, tx, { type: 'scores.published', payload: { course_id: courseId, activity_id: activityId, actor_id: actor.id, user_ids: userIds } });
    } else {
      await emit(deps, tx, { type: 'scores.unpublished', payload: { course_id: courseId, activity_id: activityId, actor_id: actor.id } });
    }
  });
  const [item] = await listGradeItems(deps.db, courseId, activityId);
  return presentItem(item!, await listCourseGrades(deps.db, courseId));
}

/** `GET/POST /api/courses/{courseId}/grade-categories` (course team). */
export async function listCategories(deps: AppDeps, actor: Actor, courseId: number): Promise<{ categories: GradeCategory[] }> {
  await courseFor(deps, actor, courseId, 'manage_content');
  return { categories: (await listGradeCategories(deps.db, courseId)).map(presentCategory) };
}

export async function createCategory(deps: AppDeps, actor: Actor, courseId: number, body: GradeCategoryBody): Promise<GradeCategory> {
  await courseFor(deps, actor, courseId, 'manage_content');
  return presentCategory(await insertGradeCategory(deps.db, courseId, body.name, body.weight));
}

async function categoryToManage(deps: AppDeps, actor: Actor, categoryId: number): Promise<GradeCategoryRow> {
  const category = await findGradeCategory(deps.db, categoryId);
  if (!category) throw new AppError('GRADE_CATEGORY_NOT_FOUND', 'This category does not exist');
  try {
    await courseFor(deps, actor, category.courseId, 'manage_content');
  } catch (error) {
    if (error instanceof AppError) throw new AppError('GRADE_CATEGORY_NOT_FOUND', 'This category does not exist');
    throw error;
  }
  return category;
}

/** `PUT /api/grade-categories/{categoryId}` (course team). */
export async function updateCategory(deps: AppDeps, actor: Actor, categoryId: number, body: GradeCategoryBody): Promise<GradeCategory> {
  await categoryToManage(deps, actor, categoryId);
  return presentCategory(await updateGradeCategory(deps.db, categoryId, { name: body.name, weight: body.weight }));
}

/** `DELETE /api/grade-categories/{categoryId}` (course team): its items fall back to no category. */
export async function removeCategory(deps: AppDeps, actor: Actor, categoryId: number): Promise<void> {
  await categoryToManage(deps, actor, categoryId);
  await deleteGradeCategory(deps.db, categoryId);
}

/**
 * `GET /api/courses/{courseId}/scores/export?format=csv|xlsx` (course team): the gradebook as the
 * team sees it — learner, user number, one column per item headed "title (max)", then the total
 * percentage — with exceljs. Answers the bytes and a file name.
 */
export async function exportGradebook(deps: AppDeps, actor: Actor, courseId: number, format: 'csv' | 'xlsx'): Promise<SpreadsheetFile> {
  await courseFor(deps, actor, courseId, 'manage_content');
  const book = await courseGradebook(deps, actor, courseId);
  const workbook = await newWorkbook();
  workbook.creator = 'Atrium';
  const sheet = workbook.addWorksheet('Gradebook');
  sheet.columns = [
    { header: 'Learner', key: 'name', width: 24 },
    { header: 'User number', key: 'user_no', width: 16 },
    ...book.items.map((i) => ({ header: `${i.title} (${i.max_score})`, key: `a${i.activity_id}`, width: 14 })),
    { header: 'Total (%)', key: 'total', width: 10 },
  ];
  for (const row of book.rows) {
    sheet.addRow({
      name: row.name,
      user_no: row.user_no ?? '',
      ...Object.fromEntries(book.items.map((i) => [`a${i.activity_id}`, row.scores[String(i.activity_id)] ?? null])),
      total: row.total,
    });
  }
  sheet.getRow(1).font = { bold: true };
  return spreadsheetFile(workbook, `gradebook-${courseId}`, format);
}

/** A cell's value as a trimmed string ('' for empty), whatever exceljs read (rich text, formula results, numbers). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'result' in value) return cellText((value as { result: ExcelJS.CellValue }).result);
  if (typeof value === 'object' && 'richText' in value)
    return (value as ExcelJS.CellRichTextValue).richText
      .map((r) => r.text)
      .join('')
      .trim();
  if (value instanceof Date) return value.toISOString();
  return String(value)
    .replace(/^\ufeff/, '')
    .trim();
}

/**
 * `POST /api/courses/{courseId}/scores/import?format=xlsx|csv` (course team): reads a sheet laid out
 * as the export writes it — a "User number" column naming the learner and one column per item
 * headed "title (max)" or just its title; empty cells are left alone; "Learner" and "Total (%)" are
 * ignored. Every problem (unknown learner, a score that is not a number or outside 0–max) is
 * listed and **nothing is written** (400 naming `file`); otherwise the scores are written to the
 * gradebook (source `import`) and counted.
 */
export async function importGradebook(deps: AppDeps, actor: Actor, courseId: number, bytes: Buffer, format: 'csv' | 'xlsx'): Promise<GradebookImportResult> {
  await courseFor(deps, actor, courseId, 'manage_content');
  const workbook = await newWorkbook();
  try {
    if (format === 'csv') await workbook.csv.read(Readable.from([bytes]));
    else await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw AppError.field('file', `This is not a readable ${format === 'csv' ? 'CSV' : '.xlsx'} file`);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount < 1) throw AppError.field('file', 'The sheet is empty');
  const book = await courseGradebook(deps, actor, courseId);
  // exceljs rows are sparse arrays from index 1: Array.from fills the holes.
  const header = Array.from(sheet.getRow(1).values as ExcelJS.CellValue[], cellText);
  const numberColumn = header.findIndex((h) => h.toLowerCase() === 'user number');
  if (numberColumn < 0) throw AppError.field('file', 'The sheet needs a "User number" column (as the export writes it)');
  const columns = book.items.flatMap((item) => {
    const index = header.findIndex((h) => h === `${item.title} (${item.max_score})` || h === item.title);
    return index < 0 ? [] : [{ item, index, name: header[index]! }];
  });
  if (columns.length === 0) throw AppError.field('file', 'No column of the sheet is headed with an activity of this gradebook');
  const learners = new Map(book.rows.filter((r) => r.user_no).map((r) => [r.user_no!, r.user_id]));
  const errors: GradebookImportResult['errors'] = [];
  const writes: { activityId: number; userId: number; courseId: number; score: number; maxScore: number; source: string }[] = [];
  let rows = 0;
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const values = row.values as ExcelJS.CellValue[];
    const userNo = cellText(values[numberColumn]);
    const cells = columns.map((c) => ({ ...c, text: cellText(values[c.index]) }));
    if (!userNo && cells.every((c) => !c.text)) return;
    rows += 1;
    const userId = learners.get(userNo);
    if (userId === undefined) {
      errors.push({
        row: rowNumber,
        column: 'User number',
        message: userNo ? `No student of this course has the number ${userNo}` : 'The user number is missing',
      });
      return;
    }
    for (const cell of cells) {
      if (!cell.text) continue;
      const score = Number(cell.text);
      if (!Number.isFinite(score) || score < 0 || score > cell.item.max_score) {
        errors.push({ row: rowNumber, column: cell.name, message: `Give a number from 0 to ${cell.item.max_score}` });
        continue;
      }
      writes.push({ activityId: cell.item.activity_id, userId, courseId, score, maxScore: cell.item.max_score, source: 'import' });
    }
  });
  if (errors.length > 0) {
    throw new AppError('VALIDATION_FAILED', `${errors.length} problem(s) in the sheet; nothing was imported`, {
      file: errors.slice(0, 100).map((e) => `row ${e.row}, ${e.column}: ${e.message}`),
    });
  }
  await upsertGrades(deps.db, writes);
  return { rows, updated: writes.length, errors: [] };
}
