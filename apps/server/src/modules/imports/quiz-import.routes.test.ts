import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../../../test/build-test-app.js';
import { createImportWorld, uploadFile, waitForImport, type ImportWorld } from '../../../test/helpers/import-world.js';
import type { AppDeps } from '../../lib/deps.js';
import { activities } from '../activities/activities.table.js';
import { examSubjectCategories, examSubjects } from '../exams/exams.table.js';
import { grade } from '../exams/grading.js';
import { correctAnswerOf, keyOf } from '../exams/subjects.js';
import { readBackup } from './backup-reader.js';
import { importModel } from './mbz-importer.js';

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

/** The agreed subject type of each Moodle question type (multichoice and calculatedmulti by their `single` flag); others are skipped by name. */
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
  /** Random slots. */
  random: number;
  /**
   * The random subjects: adjacent random slots of one category, sub-category rule and mark make one,
   * drawing as many from a bank category named as Moodle's that holds the category's eligible
   * questions (not hidden, not random or description questions), by subject type.
   */
  randomSubjects: { category: string; count: number; mark: number; bank: Record<string, number> }[];
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
    const categoryNames = new Map<string, string>();
    for (const c of arr<Node>(xml('questions.xml').question_categories?.question_category)) {
      const inCategory = arr<Node>(c.questions?.question);
      for (const q of inCategory) questions.set(String(q['@_id']), q);
      byCategory.set(String(c['@_id']), inCategory);
      categoryNames.set(String(c['@_id']), String(c.name));
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
        randomSubjects: [],
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
      const single = (flag: unknown) => (String(flag ?? '1') === '1' ? 'single_selection' : 'multiple_selection');
      const typeOf = (q: Node): string | undefined =>
        String(q.qtype) === 'multichoice'
          ? single(q.plugin_qtype_multichoice_question?.multichoice?.single)
          : String(q.qtype) === 'calculatedmulti'
            ? single(q.plugin_qtype_calculatedmulti_question?.calculated_options?.calculated_option?.single)
            : SUBJECT_OF[String(q.qtype)];
      let previous = null as { key: string; subject: QuizExpectation['randomSubjects'][number] } | null;
      for (const slot of arr<Node>(quiz.question_instances?.question_instance)) {
        const q = questions.get(String(slot.questionid ?? slot.question));
        if (!q) throw new Error(`fixture ${mbz}: a slot whose question this test cannot find`);
        const qtype = String(q.qtype);
        if (qtype !== 'random') {
          previous = null;
          if (typeOf(q)) count(typeOf(q)!);
          else e.skipped.push(qtype);
          continue;
        }
        e.random += 1;
        const categoryId = String(slot.questioncategoryid ?? '');
        if (String(slot.includingsubcategories ?? '0') !== '0') throw new Error(`fixture ${mbz}: a random slot with sub-categories (not expected here)`);
        const key = `${categoryId}|${Number(slot.maxmark)}`;
        if (previous?.key === key) {
          previous.subject.count += 1;
          continue;
        }
        const bank: Record<string, number> = {};
        for (const x of byCategory.get(categoryId) ?? [])
          if (String(x.parent) === '0' && String(x.hidden) === '0' && !['random', 'description'].includes(String(x.qtype)) && typeOf(x))
            bank[typeOf(x)!] = (bank[typeOf(x)!] ?? 0) + 1;
        previous = { key, subject: { category: categoryNames.get(categoryId)!, count: 1, mark: Number(slot.maxmark), bank } };
        e.randomSubjects.push(previous.subject);
        count('random');
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
        /** The subjects graded below: the exam's own and the bank subjects its random subjects draw. */
        const graded: typeof rows = [];
        const byType: Record<string, number> = {};
        for (const r of rows) byType[r.type] = (byType[r.type] ?? 0) + 1;
        expect(byType, quiz.title).toEqual(quiz.subjects);

        const lines = report.items.filter((i) => i.kind === 'question' && norm(i.section ?? '') === quiz.title);
        const skipped = lines.filter((i) => i.outcome === 'skipped');
        expect(skipped.map((i) => i.source_type).sort(), quiz.title).toEqual(quiz.skipped);
        for (const line of skipped) expect(line.notes, line.title).toEqual([`question type "${line.source_type}" has no Atrium equivalent`]);
        expect(lines.filter((i) => i.outcome !== 'skipped' && i.source_type !== 'random').map((i) => i.atrium_type)).toEqual(
          rows.filter((r) => r.type !== 'random').map((r) => r.type),
        );
        const randomLines = lines.filter((i) => i.source_type === 'random');
        expect(randomLines, quiz.title).toHaveLength(quiz.random);
        for (const line of randomLines) {
          expect(line.atrium_type).toBe('random');
          expect(line.notes[0]).toMatch(/^drawn per attempt from the question bank category "/);
        }
        // Each random subject draws from a bank category made of its Moodle category, with its eligible questions.
        const randomRows = rows.filter((r) => r.type === 'random');
        expect(randomRows, quiz.title).toHaveLength(quiz.randomSubjects.length);
        for (const [k, expectedRandom] of quiz.randomSubjects.entries()) {
          const row = randomRows[k]!;
          expect(row.categoryId, quiz.title).not.toBeNull();
          expect(row.score).toBe(expectedRandom.mark);
          expect(row.data.count).toBe(expectedRandom.count);
          const [category] = await db.select().from(examSubjectCategories).where(eq(examSubjectCategories.id, row.categoryId!));
          expect(category).toMatchObject({ courseId: course.id, name: expectedRandom.category });
          const bankRows = await db
            .select()
            .from(examSubjects)
            .where(and(eq(examSubjects.categoryId, row.categoryId!), isNull(examSubjects.activityId)));
          expect(bankRows.every((b) => b.courseId === course.id)).toBe(true);
          const bankTypes: Record<string, number> = {};
          for (const b of bankRows) bankTypes[b.type] = (bankTypes[b.type] ?? 0) + 1;
          expect(bankTypes, quiz.title).toEqual(expectedRandom.bank);
          graded.push(...bankRows);
        }

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

        for (const row of [...rows.filter((r) => r.type !== 'random'), ...graded]) {
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
      'calculatedmulti',
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

describe('random slots draw from the imported question bank (issue 15 §7)', () => {
  const FIXTURE = 'moodlecore__mod_quiz__moodle_311_quiz.mbz';
  const db = () => world.t.database.db;
  const importInto = async (courseId: number, uploadId: number) => {
    const { status_key, import_id } = await world.startImport(courseId, uploadId);
    expect((await waitForImport(world.t, world.cookies.instructor, courseId, status_key)).status).toBe(1);
    return world.report(courseId, import_id);
  };
  const examOf = async (courseId: number) =>
    (
      await db()
        .select()
        .from(activities)
        .where(and(eq(activities.courseId, courseId), isNull(activities.deletedAt)))
    ).find((a) => a.type === 'exam')!;
  const bankOf = async (courseId: number) => ({
    categories: await db().select().from(examSubjectCategories).where(eq(examSubjectCategories.courseId, courseId)).orderBy(asc(examSubjectCategories.id)),
    subjects: await db()
      .select()
      .from(examSubjects)
      .where(and(eq(examSubjects.courseId, courseId), isNull(examSubjects.activityId)))
      .orderBy(asc(examSubjects.id)),
  });
  const start = async (examId: number) => {
    const res = await world.t.app.inject({ method: 'POST', url: `/api/exams/${examId}/attempts`, headers: world.as('student') });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; max_score: number; subjects: ({ id: number; type: string; score: number } & Record<string, unknown>)[] };
  };

  it('a learner’s attempt at the imported exam gets subjects drawn from the bank category, graded as Moodle’s questions', async () => {
    const course = await world.newCourse();
    await world.t.factories.enrol(course.id, world.w.student.id, 'student');
    const uploadId = await uploadFile(world.t, world.cookies.instructor, course.id, FIXTURE, readFileSync(fixturePath(`mbz/${FIXTURE}`)));
    await importInto(course.id, uploadId);
    const exam = await examOf(course.id);
    // The quiz's three random slots (one category, one mark) are one random subject drawing 3 from a category of 2.
    const [random] = await db().select().from(examSubjects).where(eq(examSubjects.activityId, exam.id));
    expect(random).toMatchObject({ type: 'random', score: 1, data: { count: 3 } });
    const bank = await bankOf(course.id);
    expect(bank.categories.map((c) => [c.id, c.name])).toEqual([[random!.categoryId, 'Default for moodle_311_quiz']]);
    expect(bank.subjects.map((s) => [s.type, (s.data.source as { name: string }).name])).toEqual([
      ['true_or_false', 'First question'],
      ['true_or_false', 'Second question'],
    ]);

    const attempt = await start(exam.id);
    expect(attempt.subjects.map((s) => s.id).sort()).toEqual(bank.subjects.map((s) => s.id).sort());
    expect(attempt.subjects.every((s) => s.type === 'true_or_false' && s.score === 1 && !('answer' in s))).toBe(true);
    expect(attempt.max_score).toBe(2);
    const answers = attempt.subjects.map((s) => ({ subject_id: s.id, answer: correctAnswerOf(keyOf(bank.subjects.find((b) => b.id === s.id)!)) }));
    const saved = await world.t.app.inject({
      method: 'PUT',
      url: `/api/exam-attempts/${attempt.id}/answers`,
      headers: world.as('student'),
      payload: { answers },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const submitted = await world.t.app.inject({ method: 'POST', url: `/api/exam-attempts/${attempt.id}/submit`, headers: world.as('student') });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ score: 2, max_score: 2 });
  });

  it('re-imports make the bank category once: a re-made exam draws from the category the first import made', async () => {
    const course = await world.newCourse();
    await world.t.factories.enrol(course.id, world.w.student.id, 'student');
    const uploadId = await uploadFile(world.t, world.cookies.instructor, course.id, FIXTURE, readFileSync(fixturePath(`mbz/${FIXTURE}`)));
    const first = await importInto(course.id, uploadId);
    expect(first.items.filter((i) => i.section === 'Question bank: Default for moodle_311_quiz').map((i) => [i.title, i.outcome])).toEqual([
      ['First question', 'imported'],
      ['Second question', 'imported'],
    ]);
    const before = await bankOf(course.id);
    const exam = await examOf(course.id);

    // The same backup again: the exam is there, nothing is added to the bank.
    const second = await importInto(course.id, uploadId);
    expect(second.items.filter((i) => i.kind === 'question')).toEqual([]);
    expect(await bankOf(course.id)).toEqual(before);

    // The exam deleted: a third import makes it again, drawing from the category the first import made.
    const removed = await world.t.app.inject({ method: 'DELETE', url: `/api/activities/${exam.id}`, headers: world.as('instructor') });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const third = await importInto(course.id, uploadId);
    expect(await bankOf(course.id)).toEqual(before);
    const again = await examOf(course.id);
    expect(again.id).not.toBe(exam.id);
    const [random] = await db().select().from(examSubjects).where(eq(examSubjects.activityId, again.id));
    expect(random).toMatchObject({ type: 'random', categoryId: before.categories[0]!.id });
    expect(third.items.filter((i) => i.source_type === 'random').map((i) => i.notes[0])).toEqual(
      Array(3).fill(
        'drawn per attempt from the question bank category "Default for moodle_311_quiz" (made by an earlier import of this backup, used as it is)',
      ),
    );
    const attempt = await start(again.id);
    expect(attempt.subjects.map((s) => s.id).sort()).toEqual(before.subjects.map((s) => s.id).sort());
  });

  it('a question the exam holds itself is linked to its bank copy, which its random subject never draws beside it', async () => {
    // A hand-written 3.x backup: slot 1 is question 30, slot 2 a random question of category 3, which holds 30 and 32.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-quiz-bank-'));
    try {
      const put = (rel: string, content: string) => {
        mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
        writeFileSync(path.join(dir, rel), content);
      };
      put(
        'moodle_backup.xml',
        `<moodle_backup><information><name>q.mbz</name><original_site_identifier_hash>h</original_site_identifier_hash><original_course_id>5</original_course_id><details><detail><type>activity</type></detail></details><contents><activities>
<activity><moduleid>7</moduleid><sectionid>1</sectionid><modulename>quiz</modulename><title>Linked</title><directory>activities/quiz_7</directory></activity>
</activities></contents></information></moodle_backup>`,
      );
      put('activities/quiz_7/module.xml', '<module id="7"><visible>1</visible></module>');
      put(
        'activities/quiz_7/quiz.xml',
        `<activity id="7" moduleid="7" modulename="quiz" contextid="50"><quiz id="7"><name>Linked</name><intro></intro><question_instances>
<question_instance id="1"><slot>1</slot><questionid>30</questionid><maxmark>1</maxmark></question_instance>
<question_instance id="2"><slot>2</slot><questionid>20</questionid><questioncategoryid>3</questioncategoryid><maxmark>2</maxmark></question_instance>
</question_instances></quiz></activity>`,
      );
      const tf =
        '<plugin_qtype_truefalse_question><answers><answer id="301"><answertext>True</answertext><fraction>1</fraction></answer><answer id="302"><answertext>False</answertext><fraction>0</fraction></answer></answers><truefalse id="1"><trueanswer>301</trueanswer></truefalse></plugin_qtype_truefalse_question>';
      const sa =
        '<plugin_qtype_shortanswer_question><answers><answer id="321"><answertext>two</answertext><fraction>1</fraction></answer></answers><shortanswer id="1"><usecase>0</usecase></shortanswer></plugin_qtype_shortanswer_question>';
      put(
        'questions.xml',
        `<question_categories><question_category id="3"><name>Pool</name><contextid>50</contextid><parent>0</parent><questions>
<question id="20"><parent>0</parent><name>Random (Pool)</name><questiontext>0</questiontext><qtype>random</qtype><defaultmark>1</defaultmark><hidden>0</hidden></question>
<question id="30"><parent>0</parent><name>One</name><questiontext>Sure?</questiontext><qtype>truefalse</qtype><defaultmark>1</defaultmark><hidden>0</hidden>${tf}</question>
<question id="32"><parent>0</parent><name>Two</name><questiontext>Say two</questiontext><qtype>shortanswer</qtype><defaultmark>1</defaultmark><hidden>0</hidden>${sa}</question>
</questions></question_category></question_categories>`,
      );
      const course = await world.newCourse();
      await world.t.factories.enrol(course.id, world.w.student.id, 'student');
      const { w } = world;
      const outcome = await importModel(world.t.app.deps as AppDeps, await readBackup(dir), {
        courseId: course.id,
        orgId: w.org.id,
        ownerId: w.instructor.id,
        importId: null,
      });
      const bank = await bankOf(course.id);
      const copyOf = (name: string) => bank.subjects.find((b) => (b.data.source as { name: string }).name === name)!;
      const rows = await db().select().from(examSubjects).where(eq(examSubjects.activityId, outcome.activityIds[0]!)).orderBy(asc(examSubjects.sort));
      expect(rows.map((r) => [r.type, r.score, r.sourceSubjectId, r.categoryId])).toEqual([
        ['true_or_false', 1, copyOf('One').id, null],
        ['random', 2, null, bank.categories[0]!.id],
      ]);
      const attempt = await start(outcome.activityIds[0]!);
      expect(attempt.subjects.map((s) => [s.id, s.score])).toEqual([
        [rows[0]!.id, 1],
        [copyOf('Two').id, 2],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
