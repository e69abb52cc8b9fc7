import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../../../test/build-test-app.js';
import { createImportWorld, uploadFile, waitForImport, type ImportWorld } from '../../../test/helpers/import-world.js';
import { activities } from '../activities/activities.table.js';
import { examSubjects } from '../exams/exams.table.js';
import { grade } from '../exams/grading.js';
import { correctAnswerOf, keyOf } from '../exams/subjects.js';

/**
 * Issue 15 §7: every quiz of every Moodle fixture arrives as an exam whose subjects match, type
 * for type and count for count, what the backup's own questions.xml and quiz.xml say; every type
 * not mapped is named in the report; the quiz's settings are the exam's; and every imported
 * subject grades its own right answer in full through the exams module.
 *
 * The expectation is read here, independently of the importer: the archive unpacked with the
 * system's tar/unzip, the XML read with plain fast-xml-parser, and the table below (the agreed
 * mapping of Moodle question types to subject types).
 */

let world: ImportWorld;
beforeAll(async () => {
  world = await createImportWorld();
});
afterAll(async () => world.close());

/** The agreed subject type of each Moodle question type (multichoice by its `single` flag); others are skipped by name. */
const SUBJECT_OF: Record<string, string> = {
  truefalse: 'true_or_false',
  shortanswer: 'short_answer',
  numerical: 'numerical',
  calculated: 'numerical',
  calculatedsimple: 'numerical',
  essay: 'essay',
  match: 'matching',
  ddwtos: 'fill_in_blank',
  gapselect: 'fill_in_blank',
  multianswer: 'fill_in_blank',
  description: 'description',
};

type Node = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const arr = <T>(v: T | T[] | undefined | ''): T[] => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]);
const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

interface QuizExpectation {
  title: string;
  /** Subject types by count. */
  subjects: Record<string, number>;
  /** Moodle types of the slots that are skipped, sorted. */
  skipped: string[];
  /** Random slots (each becomes one subject of its pool's type). */
  random: number;
  settings: {
    timeopen: number;
    timeclose: number;
    timelimit: number;
    attempts: number;
    grademethod: number;
    reviewmarks: number;
    reviewrightanswer: number;
    /** The grade item's (grades.xml) maximum and pass grade. */
    grademax: number;
    gradepass: number;
  };
}

function quizzesOf(mbz: string): QuizExpectation[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-quiz-expect-'));
  try {
    const head = readFileSync(mbz).subarray(0, 2);
    if (head[0] === 0x1f && head[1] === 0x8b) execFileSync('tar', ['-xzf', mbz, '-C', dir]);
    else execFileSync('unzip', ['-qo', mbz, '-d', dir]);
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false });
    const xml = (rel: string): Node => (existsSync(path.join(dir, rel)) ? (parser.parse(readFileSync(path.join(dir, rel), 'utf8')) as Node) : {});
    const questions = new Map<string, Node>();
    const byCategory = new Map<string, Node[]>();
    for (const c of arr<Node>(xml('questions.xml').question_categories?.question_category)) {
      const inCategory = arr<Node>(c.questions?.question);
      for (const q of inCategory) questions.set(String(q['@_id']), q);
      byCategory.set(String(c['@_id']), inCategory);
    }
    // moodle2_shell.mbz has an empty moodle_backup.xml: no quiz.
    const info = (xml('moodle_backup.xml').moodle_backup?.information ?? {}) as Node;
    const result: QuizExpectation[] = [];
    for (const a of arr<Node>(info.contents?.activities?.activity).filter((x) => x.modulename === 'quiz')) {
      const quiz = (xml(`${a.directory}/quiz.xml`).activity as Node).quiz as Node;
      const gradeItem = arr<Node>(xml(`${a.directory}/grades.xml`).activity_gradebook?.grade_items?.grade_item).find((g) => g.itemtype === 'mod') ?? {};
      const e: QuizExpectation = {
        title: norm(String(quiz.name)),
        subjects: {},
        skipped: [],
        random: 0,
        settings: {
          timeopen: Number(quiz.timeopen ?? 0),
          timeclose: Number(quiz.timeclose ?? 0),
          timelimit: Number(quiz.timelimit ?? 0),
          attempts: Number(quiz.attempts_number ?? 0),
          grademethod: Number(quiz.grademethod ?? 1),
          reviewmarks: Number(quiz.reviewmarks),
          reviewrightanswer: Number(quiz.reviewrightanswer),
          grademax: Number(gradeItem.grademax ?? quiz.grade),
          gradepass: Number(gradeItem.gradepass ?? 0),
        },
      };
      const count = (type: string) => (e.subjects[type] = (e.subjects[type] ?? 0) + 1);
      for (const slot of arr<Node>(quiz.question_instances?.question_instance)) {
        const q = questions.get(String(slot.questionid ?? slot.question));
        if (!q) throw new Error(`fixture ${mbz}: a slot whose question this test cannot find`);
        const qtype = String(q.qtype);
        if (qtype === 'random') {
          // The fixtures' random pools hold questions of one type: the drawn subject has that type.
          const pool = (byCategory.get(String(slot.questioncategoryid ?? '')) ?? []).filter((x) => !['random', 'description'].includes(String(x.qtype)));
          const types = new Set(pool.map((x) => SUBJECT_OF[String(x.qtype)]));
          if (types.size !== 1) throw new Error(`fixture ${mbz}: a random pool of several types`);
          count([...types][0]!);
          e.random += 1;
        } else if (qtype === 'multichoice')
          count(String(q.plugin_qtype_multichoice_question?.multichoice?.single ?? '1') === '1' ? 'single_selection' : 'multiple_selection');
        else if (SUBJECT_OF[qtype]) count(SUBJECT_OF[qtype]);
        else e.skipped.push(qtype);
      }
      e.skipped.sort();
      result.push(e);
    }
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const FIXTURES = readdirSync(fixturePath('mbz')).filter((f) => f.endsWith('.mbz') && quizzesOf(fixturePath(`mbz/${f}`)).length > 0);
const GRADE_METHOD: Record<number, string> = { 1: 'highest', 2: 'average', 3: 'first', 4: 'last' };
/**
 * The agreed moment for a Moodle review mask: shown immediately after or later while open (0x1000,
 * 0x100) → after_submit; only after close (0x10) → after_end, or never without a close date; else never.
 */
const moment = (mask: number, hasClose: boolean) => (mask & 0x1100 ? 'after_submit' : mask & 0x10 ? (hasClose ? 'after_end' : 'never') : 'never');
const seen = { types: new Set<string>(), moodleTypes: new Set<string>() };

describe('Moodle quizzes arrive as exams with their questions (issue 15 §7)', () => {
  it('there are fixtures with quizzes', () => {
    expect(FIXTURES.sort()).toEqual([
      'gapfill__gapfill_example_course.mbz',
      'moodle2cc__SC.mbz',
      'moodlecore__backup_moodle2__question_category_34_format.mbz',
      'moodlecore__mod_quiz__moodle_311_quiz.mbz',
      'stack__STACK-syntax-quiz.mbz',
    ]);
  });

  it.each(FIXTURES)(
    '%s: each quiz’s subjects match its questions.xml by type and count; the rest is named; settings kept; each subject grades its key',
    async (fixture) => {
      const file = fixturePath(`mbz/${fixture}`);
      const expected = quizzesOf(file);
      const course = await world.newCourse();
      const uploadId = await uploadFile(world.t, world.cookies.instructor, course.id, fixture, readFileSync(file));
      const { status_key, import_id } = await world.startImport(course.id, uploadId);
      expect((await waitForImport(world.t, world.cookies.instructor, course.id, status_key)).status).toBe(1);
      const report = await world.report(course.id, import_id);
      const db = world.t.database.db;
      const exams = (await db.select().from(activities).where(eq(activities.courseId, course.id))).filter((a) => a.type === 'exam');
      expect(exams.map((e) => norm(e.title)).sort()).toEqual(expected.map((q) => q.title).sort());

      for (const quiz of expected) {
        const exam = exams.find((e) => norm(e.title) === quiz.title)!;
        const rows = await db.select().from(examSubjects).where(eq(examSubjects.activityId, exam.id)).orderBy(asc(examSubjects.sort));
        const byType: Record<string, number> = {};
        for (const r of rows) byType[r.type] = (byType[r.type] ?? 0) + 1;
        expect(byType, quiz.title).toEqual(quiz.subjects);

        const lines = report.items.filter((i) => i.kind === 'question' && norm(i.section ?? '') === quiz.title);
        const skipped = lines.filter((i) => i.outcome === 'skipped');
        expect(skipped.map((i) => i.source_type).sort(), quiz.title).toEqual(quiz.skipped);
        for (const line of skipped) expect(line.notes, line.title).toEqual([`question type "${line.source_type}" has no Atrium equivalent`]);
        expect(lines.filter((i) => i.outcome !== 'skipped').map((i) => i.atrium_type)).toEqual(rows.map((r) => r.type));
        const drawn = lines.filter((i) => i.source_type === 'random');
        expect(drawn, quiz.title).toHaveLength(quiz.random);
        for (const line of drawn) expect(line.notes[0]).toMatch(/^random slot imported as fixed questions: /);

        const s = quiz.settings;
        expect(exam.startTime?.getTime() ?? 0, quiz.title).toBe(s.timeopen * 1000);
        expect(exam.endTime?.getTime() ?? 0, quiz.title).toBe(s.timeclose * 1000);
        expect(exam.data, quiz.title).toMatchObject({ max_attempts: s.attempts, grade_method: GRADE_METHOD[s.grademethod] });
        expect(exam.data.time_limit_seconds, quiz.title).toBe(s.timelimit > 0 ? s.timelimit : undefined);
        expect(exam.data, quiz.title).toMatchObject({
          show_score: moment(s.reviewmarks, s.timeclose > 0),
          show_answers: moment(s.reviewrightanswer, s.timeclose > 0),
        });
        const points = rows.reduce((sum, r) => sum + r.score * (r.type === 'random' ? Number(r.data.count ?? 1) : 1), 0);
        expect(exam.data.pass_score, quiz.title).toBe(s.gradepass > 0 ? Math.round((s.gradepass / s.grademax) * points * 100) / 100 : undefined);

        for (const row of rows) {
          const key = keyOf(row);
          const what = `${quiz.title} #${row.sort} ${row.type}`;
          seen.types.add(row.type);
          seen.moodleTypes.add(String((row.data.source as { qtype: string }).qtype));
          expect(key.type, what).toBe(row.type);
          if (row.type === 'essay') expect(grade(key, '<p>An answer</p>'), what).toBeNull();
          else if (row.type === 'description') expect(row.score, what).toBe(0);
          else {
            expect(row.score, what).toBeGreaterThan(0);
            expect(grade(key, correctAnswerOf(key)), what).toBe(row.score);
            expect(grade(key, null), what).toBe(0);
          }
        }
      }
    },
  );

  it('the fixtures exercised every subject type the importer writes', () => {
    expect([...seen.types].sort()).toEqual([
      'description',
      'essay',
      'fill_in_blank',
      'matching',
      'numerical',
      'short_answer',
      'single_selection',
      'true_or_false',
    ]);
    expect([...seen.moodleTypes].sort()).toEqual([
      'calculated',
      'calculatedsimple',
      'ddwtos',
      'description',
      'essay',
      'match',
      'multianswer',
      'multichoice',
      'numerical',
      'shortanswer',
      'truefalse',
    ]);
  });
});
