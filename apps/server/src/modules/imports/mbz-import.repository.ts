import { and, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { ActivityType, CompletionCriterion } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { activities, activityUploads, courseModules } from '../activities/activities.table.js';
import { entries, entryKeywords } from '../entries/entries.table.js';
import { examSubjectCategories, examSubjects } from '../exams/exams.table.js';
import { uploads } from '../uploads/uploads.table.js';
import type { UploadRow } from '../uploads/uploads.repository.js';
import { courseImportSources } from './imports.table.js';

/**
 * A source id recorded in the course with what it points at, and whether that still exists
 * (`liveModule`, `liveActivity`, `liveCategory`: the id, or null when gone or deleted). A Moodle
 * question category (`…:question_category:…` key) records its subject bank category in
 * `module_id` (see upsertImportedCategorySource): for those only `liveCategory` means anything.
 */
export interface ImportSourceRow {
  key: string;
  moduleId: number | null;
  activityId: number | null;
  liveModule: number | null;
  liveActivity: number | null;
  liveCategory: number | null;
}

/** The course's recorded source ids, each with its module, its live (not soft-deleted) activity and its bank category if they still exist. One SELECT. */
export async function listImportSources(db: Db, courseId: number): Promise<ImportSourceRow[]> {
  return db
    .select({
      key: courseImportSources.sourceKey,
      moduleId: courseImportSources.moduleId,
      activityId: courseImportSources.activityId,
      liveModule: courseModules.id,
      liveActivity: activities.id,
      liveCategory: examSubjectCategories.id,
    })
    .from(courseImportSources)
    .leftJoin(courseModules, eq(courseModules.id, courseImportSources.moduleId))
    .leftJoin(activities, and(eq(activities.id, courseImportSources.activityId), isNull(activities.deletedAt)))
    .leftJoin(
      examSubjectCategories,
      and(eq(examSubjectCategories.id, courseImportSources.moduleId), eq(examSubjectCategories.courseId, courseImportSources.courseId)),
    )
    .where(eq(courseImportSources.courseId, courseId));
}

/**
 * Records that Moodle question category `sourceKey` became the course's bank category
 * `categoryId`, replacing an earlier record of the key. The category id goes into `module_id`
 * (course_import_sources has no column of its own for it; the key says what it is). One INSERT … ON CONFLICT.
 */
export async function upsertImportedCategorySource(
  db: Db,
  source: { courseId: number; sourceKey: string; categoryId: number; importId: number | null },
): Promise<void> {
  const { courseId, sourceKey, categoryId, importId } = source;
  await upsertImportSource(db, { courseId, sourceKey, moduleId: categoryId, activityId: null, importId });
}

/** An imported subject: the fields the importer plans (`data.point` is the score). */
interface ImportedSubject {
  sort: number;
  type: string;
  description: string;
  data: Record<string, unknown>;
}

const scoreOf = (s: ImportedSubject) => (typeof s.data.point === 'number' && Number.isFinite(s.data.point) ? s.data.point : 0);

/** Inserts bank subjects (no exam) of the course into a category; answers each one's id and Moodle question id, in order. One INSERT … RETURNING (none for no subjects). */
export async function insertBankSubjects(
  db: Db,
  courseId: number,
  categoryId: number,
  subjects: ImportedSubject[],
): Promise<{ id: number; questionId: string | null }[]> {
  if (subjects.length === 0) return [];
  const rows = await db
    .insert(examSubjects)
    .values(
      subjects.map((s) => ({
        activityId: null,
        courseId,
        categoryId,
        sort: s.sort,
        type: s.type,
        description: s.description,
        data: s.data,
        score: scoreOf(s),
      })),
    )
    .returning({ id: examSubjects.id, questionId: sql<string | null>`${examSubjects.data}->'source'->>'question_id'` });
  return rows;
}

/** The bank subjects of these categories with the Moodle question each was imported from (null for the team's own). One SELECT (none for no ids). */
export async function listBankQuestionIds(db: Db, categoryIds: number[]): Promise<{ id: number; categoryId: number | null; questionId: string | null }[]> {
  if (categoryIds.length === 0) return [];
  return db
    .select({ id: examSubjects.id, categoryId: examSubjects.categoryId, questionId: sql<string | null>`${examSubjects.data}->'source'->>'question_id'` })
    .from(examSubjects)
    .where(and(isNull(examSubjects.activityId), inArray(examSubjects.categoryId, categoryIds)));
}

/** Records what source `sourceKey` of the course became (module, activity or null, import), replacing an earlier record of the same key. One INSERT … ON CONFLICT. */
export async function upsertImportSource(
  db: Db,
  source: { courseId: number; sourceKey: string; moduleId: number; activityId: number | null; importId: number | null },
): Promise<void> {
  const { moduleId, activityId, importId } = source;
  await db
    .insert(courseImportSources)
    .values(source)
    .onConflictDoUpdate({ target: [courseImportSources.courseId, courseImportSources.sourceKey], set: { moduleId, activityId, importId } });
}

/** Inserts a module of the course; answers its id. One INSERT … RETURNING id. */
export async function insertImportedModule(
  db: Db,
  values: { courseId: number; title: string; summary: string | null; sort: number; isPublished: boolean },
): Promise<number> {
  const [row] = await db.insert(courseModules).values(values).returning({ id: courseModules.id });
  if (!row) throw new Error('insert course_modules returned nothing');
  return row.id;
}

/** Sets an imported module's summary (the second pass, links resolved: issue 21 §3). One UPDATE. */
export async function updateImportedModuleSummary(db: Db, moduleId: number, summary: string | null): Promise<void> {
  await db.update(courseModules).set({ summary }).where(eq(courseModules.id, moduleId));
}

/** Sets an imported activity's description and data (the second pass, links resolved: issue 21 §3). One UPDATE. */
export async function updateImportedActivityText(
  db: Db,
  activityId: number,
  values: { description: string | null; data: Record<string, unknown> },
): Promise<void> {
  await db.update(activities).set(values).where(eq(activities.id, activityId));
}

/** The sort after the module's last activity, soft-deleted ones included (0 when it has none). One SELECT max. */
export async function nextActivitySortAfterAll(db: Db, moduleId: number): Promise<number> {
  const [last] = await db
    .select({ sort: max(activities.sort) })
    .from(activities)
    .where(eq(activities.moduleId, moduleId));
  return (last?.sort ?? -1) + 1;
}

/** Inserts an activity; answers its id. One INSERT … RETURNING id. */
export async function insertImportedActivity(
  db: Db,
  values: {
    courseId: number;
    moduleId: number;
    type: ActivityType;
    title: string;
    description: string | null;
    sort: number;
    isPublished: boolean;
    startTime: Date | null;
    endTime: Date | null;
    data: Record<string, unknown>;
    createdById: number;
    completionCriterion?: CompletionCriterion;
  },
): Promise<number> {
  const [row] = await db.insert(activities).values(values).returning({ id: activities.id });
  if (!row) throw new Error('insert activities returned nothing');
  return row.id;
}

/** Attaches these uploads to the activity in this order (sort 0, 1, …); nothing for none. One INSERT (none for no ids). */
export async function insertActivityUploads(db: Db, activityId: number, uploadIds: number[]): Promise<void> {
  if (uploadIds.length === 0) return;
  await db.insert(activityUploads).values(uploadIds.map((uploadId, i) => ({ activityId, uploadId, sort: i })));
}

/**
 * Inserts the exam subjects of the activity; nothing for none. `categoryId`: a random subject's
 * bank category; `sourceSubjectId`: the bank copy of the same Moodle question (never drawn
 * beside it). One INSERT (none for no subjects).
 */
export async function insertExamSubjects(
  db: Db,
  activityId: number,
  subjects: (ImportedSubject & { categoryId?: number | null; sourceSubjectId?: number | null })[],
): Promise<void> {
  if (subjects.length === 0) return;
  await db.insert(examSubjects).values(
    subjects.map((s) => ({
      activityId,
      categoryId: s.categoryId ?? null,
      sourceSubjectId: s.sourceSubjectId ?? null,
      sort: s.sort,
      type: s.type,
      description: s.description,
      data: s.data,
      score: scoreOf(s),
    })),
  );
}

/** These uploads (deleted or not), in no particular order; none for no ids. One SELECT (none for no ids). */
export async function listUploadsByIds(db: Db, ids: number[]): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(uploads).where(inArray(uploads.id, ids));
}

/** The names of the organisation's vocabulary entries, lower case (decision 0145: glossary terms already there are left as they are). One SELECT. */
export async function listEntryNames(db: Db, orgId: number): Promise<Set<string>> {
  const rows = await db
    .select({ name: sql<string>`lower(${entries.name})` })
    .from(entries)
    .where(eq(entries.orgId, orgId));
  return new Set(rows.map((r) => r.name));
}

/**
 * Creates vocabulary entries of the organisation from an imported glossary (decision 0145), each
 * with its keywords, created and last changed by `userId`. A name the organisation has meanwhile
 * (case-insensitive) is left as it is. Answers how many were created. One INSERT … ON CONFLICT DO
 * NOTHING RETURNING, one INSERT of the keywords (none for no entries or no keywords).
 */
export async function insertImportedEntries(
  db: Db,
  orgId: number,
  userId: number,
  planned: readonly { name: string; keywords: readonly string[] }[],
): Promise<number> {
  if (planned.length === 0) return 0;
  const rows = await db
    .insert(entries)
    .values(planned.map((e) => ({ orgId, name: e.name, createdById: userId, updatedById: userId })))
    .onConflictDoNothing()
    .returning({ id: entries.id, name: entries.name });
  const keywordsOf = new Map(planned.map((e) => [e.name, e.keywords]));
  const keywords = rows.flatMap((r) => (keywordsOf.get(r.name) ?? []).map((name) => ({ entryId: r.id, name })));
  if (keywords.length > 0) await db.insert(entryKeywords).values(keywords).onConflictDoNothing();
  return rows.length;
}
