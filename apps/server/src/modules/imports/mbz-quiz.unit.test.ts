import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grade, matchingChoices } from '../exams/grading.js';
import { correctAnswerOf, keyOf } from '../exams/subjects.js';
import { readBackup } from './backup-reader.js';
import { planImport, type PlannedActivity } from './mbz-mapper.js';
import { quizSettings, reviewVisibility, type PlannedSubject } from './mbz-quiz.js';
import { parseSafeXml } from './safe-xml.js';

let root: string;
function write(rel: string, content: string) {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), content);
}
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'atrium-quiz-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface Q {
  id: number;
  qtype: string;
  name?: string;
  text: string;
  mark?: number;
  parent?: number;
  hidden?: boolean;
  plugin?: string;
  tags?: string[];
}
const answer = (id: number, text: string, fraction: number, feedback = '') =>
  `<answer id="${id}"><answertext>${esc(text)}</answertext><fraction>${fraction}</fraction><feedback>${esc(feedback)}</feedback></answer>`;
const answers = (...xs: string[]) => `<answers>${xs.join('')}</answers>`;
function question(q: Q): string {
  const plugin = q.plugin === undefined ? '' : `<plugin_qtype_${q.qtype}_question>${q.plugin}</plugin_qtype_${q.qtype}_question>`;
  const tags = (q.tags ?? []).map((t, i) => `<tag id="${i + 1}"><name>${t}</name><rawname>${t}</rawname></tag>`).join('');
  return `<question id="${q.id}"><parent>${q.parent ?? 0}</parent><name>${q.name ?? `${q.qtype} ${q.id}`}</name><questiontext>${esc(q.text)}</questiontext>
<generalfeedback>${esc('<p>Because.</p>')}</generalfeedback><defaultmark>${q.mark ?? 1}</defaultmark><qtype>${q.qtype}</qtype><hidden>${q.hidden ? 1 : 0}</hidden>${plugin}<tags>${tags}</tags></question>`;
}

/** The questions of the hand-written quiz: one of each type Moodle 3.x writes into a backup. */
const QUESTIONS: Q[] = [
  {
    id: 1,
    qtype: 'multichoice',
    text: '<p>Pick two</p>',
    plugin:
      answers(answer(11, 'a', 0.5), answer(12, 'b', 0.5), answer(13, 'c', -1)) +
      '<multichoice id="1"><single>0</single><shuffleanswers>1</shuffleanswers></multichoice>',
  },
  {
    id: 2,
    qtype: 'truefalse',
    text: 'Sky is blue',
    plugin: answers(answer(21, 'True', 1), answer(22, 'False', 0)) + '<truefalse id="1"><trueanswer>21</trueanswer><falseanswer>22</falseanswer></truefalse>',
  },
  {
    id: 3,
    qtype: 'shortanswer',
    text: 'Salt?',
    plugin: answers(answer(31, 'NaCl', 1), answer(32, 'salt', 0.5), answer(33, '*', 0)) + '<shortanswer id="1"><usecase>1</usecase></shortanswer>',
  },
  {
    id: 4,
    qtype: 'numerical',
    text: 'How long?',
    plugin:
      answers(answer(41, '1.5', 1), answer(42, '2', 0.5)) +
      '<numerical_records><numerical_record id="1"><answer>41</answer><tolerance>0.05</tolerance></numerical_record><numerical_record id="2"><answer>42</answer><tolerance>0</tolerance></numerical_record></numerical_records>' +
      '<numerical_options><numerical_option id="1"><showunits>0</showunits><unitsleft>0</unitsleft><unitgradingtype>0</unitgradingtype><unitpenalty>0.1</unitpenalty></numerical_option></numerical_options>' +
      '<numerical_units><numerical_unit id="2"><multiplier>100</multiplier><unit>cm</unit></numerical_unit><numerical_unit id="1"><multiplier>1</multiplier><unit>m</unit></numerical_unit></numerical_units>',
  },
  {
    id: 5,
    qtype: 'calculated',
    text: '<p>Rectangle {a} by {b}: perimeter? (half is {={a}+{b}})</p>',
    plugin:
      answers(answer(51, '2*({a}+{b})', 1)) +
      '<numerical_units></numerical_units><numerical_options></numerical_options>' +
      '<dataset_definitions><dataset_definition id="1"><name>a</name><itemcount>2</itemcount><dataset_items><dataset_item id="2"><number>2</number><value>9</value></dataset_item><dataset_item id="1"><number>1</number><value>2.5</value></dataset_item></dataset_items></dataset_definition>' +
      '<dataset_definition id="2"><name>b</name><itemcount>1</itemcount><dataset_items><dataset_item id="3"><number>1</number><value>4</value></dataset_item></dataset_items></dataset_definition></dataset_definitions>' +
      '<calculated_records><calculated_record id="1"><answer>51</answer><tolerance>0.5</tolerance><tolerancetype>2</tolerancetype></calculated_record></calculated_records>',
  },
  {
    id: 6,
    qtype: 'calculatedsimple',
    text: 'Area of a circle of radius {r}?',
    plugin:
      answers(answer(61, 'pi() * {r}**2', 1)) +
      '<dataset_definitions><dataset_definition id="3"><name>r</name><dataset_items><dataset_item id="4"><number>1</number><value>2</value></dataset_item></dataset_items></dataset_definition></dataset_definitions>' +
      '<calculated_records><calculated_record id="2"><answer>61</answer><tolerance>0.01</tolerance><tolerancetype>1</tolerancetype></calculated_record></calculated_records>',
  },
  { id: 7, qtype: 'essay', text: 'Discuss.', plugin: '<essay id="1"><responsetemplate>I think…</responsetemplate><attachments>1</attachments></essay>' },
  {
    id: 8,
    qtype: 'match',
    text: 'Match capitals',
    plugin:
      '<matches><match id="81"><questiontext>&lt;p&gt;France&lt;/p&gt;</questiontext><answertext>Paris</answertext></match><match id="82"><questiontext>Italy</questiontext><answertext>Rome</answertext></match><match id="83"><questiontext></questiontext><answertext>Madrid</answertext></match></matches>',
  },
  {
    id: 9,
    qtype: 'ddwtos',
    text: '<p>The [[2]] sat on the [[1]]; a [[3]] too.</p>',
    plugin: answers(
      answer(91, 'mat', 0, 'O:8:"stdClass":2:{s:9:"draggroup";s:1:"1";s:8:"infinite";b:0;}'),
      answer(92, 'cat', 0, 'O:8:"stdClass":2:{s:9:"draggroup";s:1:"2";s:8:"infinite";b:0;}'),
      answer(93, 'dog', 0, 'O:8:"stdClass":2:{s:9:"draggroup";s:1:"2";s:8:"infinite";b:0;}'),
      answer(94, 'rug', 0, 'O:8:"stdClass":2:{s:9:"draggroup";s:1:"1";s:8:"infinite";b:0;}'),
    ),
  },
  {
    id: 10,
    qtype: 'gapselect',
    text: 'Water is [[1]] and ice is [[2]].',
    plugin: answers(answer(101, 'wet', 0, '1'), answer(102, 'cold', 0, '2'), answer(103, 'dry', 0, '1'), answer(104, 'hot', 0, '2')),
  },
  {
    id: 11,
    qtype: 'multianswer',
    text: '<p>Capital {#1}, state {#2}, pick {#3}, number {#4}.</p>',
    mark: 4,
    plugin: '<multianswer id="1"><question>11</question><sequence>12,13,14,15</sequence></multianswer>',
  },
  {
    id: 12,
    qtype: 'shortanswer',
    parent: 11,
    text: '{1:SHORTANSWER:=Paris~%50%Lyon}',
    plugin: answers(answer(121, 'Paris', 1), answer(122, 'Lyon', 0.5)) + '<shortanswer id="2"><usecase>0</usecase></shortanswer>',
  },
  {
    id: 13,
    qtype: 'multichoice',
    parent: 11,
    text: '{1:MULTICHOICE:=Arizona~Texas}',
    plugin: answers(answer(131, 'Arizona', 1), answer(132, 'Texas', 0)) + '<multichoice id="2"><single>1</single></multichoice>',
  },
  {
    id: 14,
    qtype: 'multichoice',
    parent: 11,
    text: '{1:MULTIRESPONSE:=a~=b}',
    plugin: answers(answer(141, 'a', 0.5), answer(142, 'b', 0.5)) + '<multichoice id="3"><single>0</single></multichoice>',
  },
  {
    id: 15,
    qtype: 'numerical',
    parent: 11,
    mark: 2,
    text: '{2:NUMERICAL:=42:0}',
    plugin:
      answers(answer(151, '42', 1)) +
      '<numerical_records><numerical_record id="3"><answer>151</answer><tolerance>0</tolerance></numerical_record></numerical_records>',
  },
  {
    id: 16,
    qtype: 'multianswer',
    text: 'Raw cloze: {1:SAC:=DNA} and {1:MCV:~=RNA~ATP}.',
    plugin: '<multianswer id="2"><question>16</question><sequence></sequence></multianswer>',
  },
  { id: 17, qtype: 'description', text: '<p>Read this first.</p>' },
  { id: 18, qtype: 'ordering', text: 'Order these' },
  {
    id: 19,
    qtype: 'calculatedmulti',
    text: '<p>Which are {a} + {b}? (about {={a}/{b}} times)</p>',
    plugin:
      answers(answer(191, '{={a}+{b}}', 0.5), answer(192, '{={a}*{b}}', 0), answer(193, '{a}+{b}, i.e. {={a}+{b}}', 0.5)) +
      '<numerical_units></numerical_units><numerical_options></numerical_options>' +
      '<dataset_definitions><dataset_definition id="5"><name>a</name><dataset_items><dataset_item id="6"><number>1</number><value>2.5</value></dataset_item></dataset_items></dataset_definition>' +
      '<dataset_definition id="6"><name>b</name><dataset_items><dataset_item id="7"><number>1</number><value>3</value></dataset_item><dataset_item id="8"><number>2</number><value>7</value></dataset_item></dataset_items></dataset_definition></dataset_definitions>' +
      '<calculated_records><calculated_record id="3"><answer>191</answer><tolerance>0.01</tolerance><tolerancetype>1</tolerancetype><correctanswerlength>2</correctanswerlength><correctanswerformat>1</correctanswerformat></calculated_record>' +
      '<calculated_record id="4"><answer>192</answer><tolerance>0.01</tolerance><tolerancetype>1</tolerancetype><correctanswerlength>3</correctanswerlength><correctanswerformat>2</correctanswerformat></calculated_record>' +
      '<calculated_record id="5"><answer>193</answer><tolerance>0.01</tolerance><tolerancetype>1</tolerancetype><correctanswerlength>1</correctanswerlength><correctanswerformat>1</correctanswerformat></calculated_record></calculated_records>' +
      '<calculated_options><calculated_option id="3"><single>0</single><shuffleanswers>0</shuffleanswers></calculated_option></calculated_options>',
  },
];
/**
 * The pool of the random slots, category 3: the random questions 20 (with sub-categories) and 21 (without),
 * 30, 31 (hidden) and 33 (a description); its sub-category 4 holds 32 (tagged "hard").
 */
const POOL: Q[] = [
  { id: 20, qtype: 'random', text: '1', name: 'Random (Pool)' },
  { id: 21, qtype: 'random', text: '0', name: 'Random (Pool, tagged)' },
  {
    id: 30,
    qtype: 'truefalse',
    text: 'Pool one',
    plugin: answers(answer(301, 'True', 0), answer(302, 'False', 1)) + '<truefalse id="2"><trueanswer>301</trueanswer></truefalse>',
  },
  { id: 31, qtype: 'truefalse', text: 'Hidden', hidden: true, plugin: answers(answer(311, 'True', 1)) },
  { id: 33, qtype: 'description', text: 'Never drawn' },
];
const SUB_POOL: Q[] = [
  {
    id: 32,
    qtype: 'shortanswer',
    text: 'Pool two',
    tags: ['hard'],
    plugin: answers(answer(321, 'two', 1)) + '<shortanswer id="3"><usecase>0</usecase></shortanswer>',
  },
];

function quizBackup(slots: { id: number; mark?: number; tags?: string[] }[], settings = '', gradeItem?: { max: number; pass: number }) {
  if (gradeItem)
    write(
      'activities/quiz_7/grades.xml',
      `<activity_gradebook><grade_items><grade_item id="9"><itemtype>mod</itemtype><itemmodule>quiz</itemmodule><iteminstance>7</iteminstance><itemnumber>0</itemnumber><grademax>${gradeItem.max}</grademax><gradepass>${gradeItem.pass}</gradepass></grade_item></grade_items></activity_gradebook>`,
    );
  write(
    'moodle_backup.xml',
    `<moodle_backup><information><name>q.mbz</name><original_site_identifier_hash>s</original_site_identifier_hash><original_course_id>1</original_course_id><details><detail><type>activity</type></detail></details><contents><activities>
<activity><moduleid>7</moduleid><sectionid>1</sectionid><modulename>quiz</modulename><title>All types</title><directory>activities/quiz_7</directory></activity>
</activities></contents></information></moodle_backup>`,
  );
  write('activities/quiz_7/module.xml', '<module id="7"><visible>1</visible></module>');
  const instances = slots
    .map(
      (s, i) =>
        `<question_instance id="${i + 1}"><slot>${i + 1}</slot><questionid>${s.id}</questionid><maxmark>${s.mark ?? 1}</maxmark><tags>${(s.tags ?? [])
          .map((t, j) => `<tag id="${j + 1}"><tagid>${j + 1}</tagid><tagname>${t}</tagname></tag>`)
          .join('')}</tags></question_instance>`,
    )
    .join('');
  write(
    'activities/quiz_7/quiz.xml',
    `<activity id="7" moduleid="7" modulename="quiz" contextid="50"><quiz id="7"><name>All types</name><intro></intro>${
      settings ||
      '<timeopen>1700000000</timeopen><timeclose>1700086400</timeclose><timelimit>1800</timelimit><attempts_number>3</attempts_number><grademethod>2</grademethod><shuffleanswers>0</shuffleanswers><grade>20</grade>'
    }<question_instances>${instances}</question_instances><sections><section id="1"><firstslot>1</firstslot><shufflequestions>1</shufflequestions></section></sections></quiz></activity>`,
  );
  write(
    'questions.xml',
    `<question_categories>
<question_category id="2"><name>Quiz questions</name><contextid>50</contextid><parent>0</parent><questions>${QUESTIONS.map(question).join('')}</questions></question_category>
<question_category id="3"><name>Pool</name><contextid>50</contextid><parent>0</parent><questions>${POOL.map(question).join('')}</questions></question_category>
<question_category id="4"><name>Pool, hard</name><contextid>50</contextid><parent>3</parent><questions>${SUB_POOL.map(question).join('')}</questions></question_category>
</question_categories>`,
  );
}

async function plan() {
  const p = planImport(await readBackup(root), new Map(), () => 1);
  const exam = p.modules.flatMap((m) => m.activities).find((a) => a.type === 'exam') as PlannedActivity;
  return { exam, items: p.report.items, bank: p.bank };
}
/** A planned subject as the repository stores it (score from data.point). */
const rowOf = (s: PlannedSubject) => ({ type: s.type, description: s.description, data: s.data, score: typeof s.data.point === 'number' ? s.data.point : 0 });
const keyOfPlanned = (s: PlannedSubject) => keyOf(rowOf(s) as Parameters<typeof keyOf>[0]);

describe('a Moodle quiz of every core type', () => {
  it('maps each type to its canonical subject, lists what is not mapped, and every imported subject grades its right answer in full', async () => {
    quizBackup([
      { id: 1, mark: 2 },
      { id: 2 },
      { id: 3 },
      { id: 4 },
      { id: 5 },
      { id: 6 },
      { id: 7, mark: 5 },
      { id: 8, mark: 3 },
      { id: 9 },
      { id: 10 },
      { id: 11, mark: 4 },
      { id: 16 },
      { id: 17 },
      { id: 18 },
      { id: 19 },
    ]);
    const { exam, items } = await plan();
    const byName = (name: string) => exam.subjects.find((s) => (s.data.source as { name: string }).name === name)!;
    expect(exam.subjects.map((s) => s.type)).toEqual([
      'multiple_selection',
      'true_or_false',
      'short_answer',
      'numerical',
      'numerical',
      'numerical',
      'essay',
      'matching',
      'fill_in_blank',
      'fill_in_blank',
      'fill_in_blank',
      'fill_in_blank',
      'description',
      'multiple_selection',
    ]);
    expect(exam.subjects.map((s) => s.sort)).toEqual(exam.subjects.map((_, i) => i));

    // Canonical shapes.
    expect(byName('shortanswer 3').data).toMatchObject({ answers: [['NaCl']], case_sensitive: true, explanation: '<p>Because.</p>' });
    expect(byName('numerical 4').data).toMatchObject({
      numerical_answers: [{ value: 1.5, tolerance: 0.05 }],
      units: [
        { unit: 'm', multiplier: 1 },
        { unit: 'cm', multiplier: 100 },
      ],
    });
    expect(byName('calculated 5').data).toMatchObject({ numerical_answers: [{ value: 13, tolerance: 0.5 }], fixed_values: { a: '2.5', b: '4' } });
    expect(byName('calculated 5').description).toBe('<p>Rectangle 2.5 by 4: perimeter? (half is 6.5)</p>');
    expect(byName('calculatedsimple 6').data).toMatchObject({ numerical_answers: [{ value: 12.5663706144, tolerance: 0.125663706144 }] });
    expect(byName('essay 7').data).toMatchObject({ response_template: 'I think…', attachments: 1 });
    expect(byName('match 8').data).toMatchObject({
      pairs: [
        { prompt: '<p>France</p>', answer: 'Paris' },
        { prompt: 'Italy', answer: 'Rome' },
      ],
      distractors: ['Madrid'],
    });
    // ddwtos: [[k]] names choice k; blanks are renumbered in order of appearance, each offered its group's choices.
    expect(byName('ddwtos 9').description).toBe('<p>The [[1]] sat on the [[2]]; a [[3]] too.</p>');
    expect(byName('ddwtos 9').data).toMatchObject({
      answers: [['cat'], ['mat'], ['dog']],
      choices_per_blank: [
        ['cat', 'dog'],
        ['mat', 'rug'],
        ['cat', 'dog'],
      ],
    });
    expect(byName('gapselect 10').data).toMatchObject({
      answers: [['wet'], ['cold']],
      choices_per_blank: [
        ['wet', 'dry'],
        ['cold', 'hot'],
      ],
    });
    // Cloze from a backup ({#n} and sub-questions): the multi-response part cannot be a blank.
    expect(byName('multianswer 11').description).toBe('<p>Capital [[1]], state [[2]], pick …, number [[3]].</p>');
    expect(byName('multianswer 11').data).toMatchObject({
      point: 4,
      answers: [['Paris'], ['Arizona'], ['42']],
      choices_per_blank: [null, ['Arizona', 'Texas'], null],
    });
    // Cloze written in the text itself.
    expect(byName('multianswer 16').description).toBe('Raw cloze: [[1]] and [[2]].');
    expect(byName('multianswer 16').data).toMatchObject({ answers: [['DNA'], ['RNA']], case_sensitive: true });
    expect(byName('description 17').data.point).toBe(0);
    // Ids of options and pairs say nothing of the authoring order.
    const ids = (byName('multichoice 1').data.options as { id: string }[]).map((o) => o.id);
    expect(ids.every((id) => /^[0-9a-f]{10}$/.test(id))).toBe(true);
    expect([...ids].sort()).not.toEqual(['0', '1', '2']);

    // The report: a line per slot; unmapped types by name; losses said.
    const line = (title: string) => items.find((i) => i.kind === 'question' && i.title === title)!;
    expect(items.filter((i) => i.kind === 'question')).toHaveLength(15);
    expect(line('ordering 18')).toMatchObject({ outcome: 'skipped', source_type: 'ordering', notes: ['question type "ordering" has no Atrium equivalent'] });
    // calculatedmulti: the choices' {=formulas} at the first dataset item, each written as Moodle does (2 decimals,
    // 3 significant figures, 1 decimal), {variables} as the backup wrote them; the text and feedback likewise.
    expect(byName('calculatedmulti 19').description).toBe('<p>Which are 2.5 + 3? (about 0.833333333333 times)</p>');
    expect(byName('calculatedmulti 19').data).toMatchObject({
      options: [
        { content: '5.50', is_answer: true, fraction: 0.5 },
        { content: '7.50', is_answer: false, fraction: 0 },
        { content: '2.5+3, i.e. 5.5', is_answer: true, fraction: 0.5 },
      ],
      shuffle: false,
      fixed_values: { a: '2.5', b: '3' },
      explanation: '<p>Because.</p>',
    });
    expect(line('calculatedmulti 19')).toMatchObject({
      outcome: 'imported_with_losses',
      atrium_type: 'multiple_selection',
      notes: ['fixed values: {a} = 2.5, {b} = 3 (the first dataset item), the same for every learner'],
    });
    expect(line('calculated 5')).toMatchObject({
      outcome: 'imported_with_losses',
      notes: ['fixed values: {a} = 2.5, {b} = 4 (the first dataset item), the same for every learner'],
    });
    expect(line('shortanswer 3').notes).toEqual(['answers worth part of the points were dropped (only fully right ones are accepted)']);
    expect(line('multianswer 11').notes).toEqual(
      expect.arrayContaining([
        'part 1: answers worth part of the points were dropped (only fully right ones are accepted)',
        'part 3 (MULTIRESPONSE) takes several answers, which one blank cannot: it was left out',
        'every blank weighs the same (in Moodle the parts had different weights)',
      ]),
    );
    expect(line('ddwtos 9').notes).toEqual(['each gap is typed in: its drag-and-drop choices are kept for a later select UI']);
    expect(line('truefalse 2')).toMatchObject({ outcome: 'imported', atrium_type: 'true_or_false', notes: [] });

    // Grading through the exams module: the right answer earns the subject's points, a wrong one nothing.
    for (const s of exam.subjects) {
      const key = keyOfPlanned(s);
      const name = (s.data.source as { name: string }).name;
      expect(key.type, name).toBe(s.type);
      if (s.type === 'essay') {
        expect(grade(key, '<p>My essay</p>'), name).toBeNull();
        continue;
      }
      if (s.type === 'description') {
        expect(grade(key, null), name).toBe(0);
        continue;
      }
      expect(grade(key, correctAnswerOf(key)), name).toBe(key.score);
      expect(grade(key, null), name).toBe(0);
    }
    const key = (name: string) => keyOfPlanned(byName(name));
    expect(grade(key('multichoice 1'), ids.slice(0, 2))).toBe(2);
    expect(grade(key('multichoice 1'), [ids[0]!])).toBe(1);
    expect(grade(key('multichoice 1'), [ids[0]!, ids[2]!])).toBe(0);
    expect(grade(key('truefalse 2'), false)).toBe(0);
    expect(grade(key('shortanswer 3'), 'nacl')).toBe(0);
    expect(grade(key('numerical 4'), '1.54')).toBe(1);
    expect(grade(key('numerical 4'), '150 cm')).toBe(1);
    expect(grade(key('numerical 4'), '2')).toBe(0);
    expect(grade(key('calculated 5'), '13.4')).toBe(1);
    expect(grade(key('calculated 5'), '14')).toBe(0);
    expect(grade(key('calculatedsimple 6'), '12.6')).toBe(1);
    const match = key('match 8');
    const choiceOf = (text: string) => matchingChoices(match).find((c) => c.content === text)!.id;
    const [france, italy] = match.pairs;
    expect(grade(match, { [france!.id]: choiceOf('Paris'), [italy!.id]: choiceOf('Madrid') })).toBe(1.5);
    expect(grade(key('ddwtos 9'), ['cat', 'mat', 'cat'])).toBe(0.67);
    expect(grade(key('gapselect 10'), ['WET', 'cold'])).toBe(1);
    expect(grade(key('multianswer 11'), ['paris', 'Arizona', '41'])).toBe(2.67);
    expect(grade(key('multianswer 16'), ['dna', 'RNA'])).toBe(0.5);
  });

  it('random slots become random subjects drawing from bank categories made of their Moodle categories (sub-categories, tags, hidden and description said)', async () => {
    quizBackup([{ id: 30 }, { id: 20, mark: 2 }, { id: 20, mark: 2 }, { id: 21, tags: ['hard'] }, { id: 21, tags: ['missing tag'] }]);
    const { exam, items, bank } = await plan();
    // Slot 1 is question 30 itself. Slots 2 and 3 (with sub-categories, same mark) become one random subject drawing 2
    // from "Pool" with its sub-category: 30 and 32 (31 is hidden, 33 a description, 20 and 21 random questions).
    // Slots 4 and 5 (without sub-categories) would draw from 30 alone, which the quiz holds: skipped.
    expect(exam.subjects.map((s) => [s.type, s.data.point, s.categoryKey ?? null])).toEqual([
      ['true_or_false', 1, null],
      ['random', 2, 's:1:question_category:3+sub'],
    ]);
    expect(exam.subjects[1]).toMatchObject({
      description: '',
      data: { count: 2, source: { qtype: 'random', category_id: '3', category: 'Pool', slots: [2, 3] } },
    });
    // Only the category a random subject draws from is made; its questions worth their default marks.
    expect(bank.map((c) => [c.sourceKey, c.name])).toEqual([['s:1:question_category:3+sub', 'Pool (with sub-categories)']]);
    expect(bank[0]!.subjects.map((s) => [(s.data.source as { question_id: string }).question_id, s.type, s.data.point, s.sort])).toEqual([
      ['30', 'true_or_false', 1, 0],
      ['32', 'short_answer', 1, 1],
    ]);
    for (const s of bank[0]!.subjects) expect(grade(keyOfPlanned(s), correctAnswerOf(keyOfPlanned(s)))).toBe(1);

    const questionLines = items.filter((i) => i.kind === 'question');
    expect(questionLines.map((i) => [i.section, i.source_type, i.outcome, i.atrium_type])).toEqual([
      ['All types', 'truefalse', 'imported', 'true_or_false'],
      ['All types', 'random', 'imported_with_losses', 'random'],
      ['All types', 'random', 'imported', 'random'],
      ['All types', 'random', 'skipped', null],
      ['All types', 'random', 'skipped', null],
      ['Question bank: Pool (with sub-categories)', 'truefalse', 'imported', 'true_or_false'],
      ['Question bank: Pool (with sub-categories)', 'shortanswer', 'imported', 'short_answer'],
    ]);
    expect(questionLines[1]!.notes).toEqual([
      'drawn per attempt from the question bank category "Pool (with sub-categories)" (2 question(s) imported there)',
      'slots 2 and 3 draw from it together: one random subject draws 2',
      'the category has 1 question(s) to draw for 2 draws: an attempt gets 1 (Moodle would repeat questions)',
    ]);
    expect(questionLines[2]!.notes).toEqual([
      'drawn per attempt from the question bank category "Pool (with sub-categories)" (2 question(s) imported there)',
      'slots 2 and 3 draw from it together: one random subject draws 2',
    ]);
    expect(questionLines[3]!.notes).toEqual(['a random question drawn from category "Pool", every question of which the quiz already holds or draws']);
    const quizLine = items.find((i) => i.kind === 'activity')!;
    expect(quizLine.notes).toEqual(['2 question(s) skipped (see below)']);
  });

  it('adjacent random slots merge only for the same category and mark; tag filters are named; a category is made once per backup', async () => {
    quizBackup([{ id: 21, tags: ['hard'] }, { id: 21 }, { id: 20 }, { id: 20, mark: 3 }, { id: 2 }, { id: 20 }]);
    const { exam, items, bank } = await plan();
    // Category 3 alone holds one question (30), with its sub-category two (30, 32). Slots 1–2 draw 2 from
    // the first; slots 3 and 4 (other marks) one each from the second; slot 6 finds nothing left in it.
    expect(exam.subjects.map((s) => [s.type, s.data.point, s.data.count ?? null, s.categoryKey ?? null])).toEqual([
      ['random', 1, 2, 's:1:question_category:3'],
      ['random', 1, 1, 's:1:question_category:3+sub'],
      ['random', 3, 1, 's:1:question_category:3+sub'],
      ['true_or_false', 1, null, null],
    ]);
    expect(bank.map((c) => [c.sourceKey, c.subjects.length])).toEqual([
      ['s:1:question_category:3', 1],
      ['s:1:question_category:3+sub', 2],
    ]);
    const lines = items.filter((i) => i.kind === 'question' && i.section === 'All types');
    expect(lines.map((i) => [i.source_type, i.outcome])).toEqual([
      ['random', 'imported_with_losses'],
      ['random', 'imported'],
      ['random', 'imported'],
      ['random', 'imported'],
      ['truefalse', 'imported'],
      ['random', 'skipped'],
    ]);
    expect(lines[0]!.notes).toEqual([
      'drawn per attempt from the question bank category "Pool" (1 question(s) imported there)',
      'slots 1 and 2 draw from it together: one random subject draws 2',
      'Moodle drew only questions tagged "hard": the draw is from the whole category',
      'the category has 1 question(s) to draw for 2 draws: an attempt gets 1 (Moodle would repeat questions)',
    ]);
    // Each category's questions are reported once, under the category.
    expect(items.filter((i) => i.section?.startsWith('Question bank: ')).map((i) => [i.section, i.source_id])).toEqual([
      ['Question bank: Pool', '30'],
      ['Question bank: Pool (with sub-categories)', '30'],
      ['Question bank: Pool (with sub-categories)', '32'],
    ]);
  });

  it('quiz settings become the exam’s: window, time limit, attempts, grade method, shuffling', async () => {
    quizBackup([{ id: 2 }]);
    const { exam, items } = await plan();
    expect(exam.startTime?.toISOString()).toBe(new Date(1700000000 * 1000).toISOString());
    expect(exam.endTime?.toISOString()).toBe(new Date(1700086400 * 1000).toISOString());
    expect(exam.data).toEqual({
      time_limit_seconds: 1800,
      max_attempts: 3,
      max_grade: 20,
      grade_method: 'average',
      shuffle_subjects: true,
      shuffle_options: false,
    });
    expect(items.find((i) => i.kind === 'activity')).toMatchObject({ outcome: 'imported', notes: [] });

    const settings = (xml: string) => {
      const notes: string[] = [];
      return { data: quizSettings(parseSafeXml(`<quiz>${xml}</quiz>`, 'quiz.xml').quiz as never, notes), notes };
    };
    expect(settings('<grademethod>1</grademethod>').data).toMatchObject({
      grade_method: 'highest',
      max_attempts: 0,
      shuffle_subjects: false,
      shuffle_options: true,
    });
    expect(settings('<grademethod>3</grademethod>').data).toMatchObject({ grade_method: 'first' });
    expect(settings('<grademethod>4</grademethod><attempts>2</attempts><shufflequestions>1</shufflequestions>').data).toMatchObject({
      grade_method: 'last',
      max_attempts: 2,
      shuffle_subjects: true,
    });
    expect(settings('<timelimit>0</timelimit>').data).not.toHaveProperty('time_limit_seconds');
    expect(settings('<timelimit>0</timelimit>').data).not.toHaveProperty('show_score');
    expect(settings(`<timelimit>${30 * 24 * 3600}</timelimit><password>x</password>`)).toEqual({
      data: expect.objectContaining({ time_limit_seconds: 7 * 24 * 3600 }),
      notes: ['the time limit (720 h) was shortened to 7 days', 'the quiz password was not kept'],
    });
  });

  it('review options become show_score / show_answers (the closest moment), said where Moodle differs', () => {
    const moment = (mask: number, close: boolean) => {
      const notes: string[] = [];
      return [reviewVisibility(mask, close, 'marks', notes), notes];
    };
    // Bits: 0x10000 during, 0x1000 immediately after, 0x100 later while open, 0x10 after close.
    expect(moment(0x11110, true)).toEqual(['after_submit', []]);
    expect(moment(0x11100, false)).toEqual(['after_submit', []]); // no close date: "later while open" is for ever
    expect(moment(0x1100, false)).toEqual(['after_submit', []]);
    expect(moment(0x0100, false)).toEqual(['after_submit', []]);
    expect(moment(0x1100, true)).toEqual(['after_submit', ['marks stay visible after the close date (Moodle hid them then)']]);
    expect(moment(0x1000, false)).toEqual(['after_submit', ['marks stay visible after submission (Moodle showed them only right after the attempt)']]);
    expect(moment(0x0010, true)).toEqual(['after_end', []]);
    expect(moment(0x0010, false)).toEqual(['never', []]); // Moodle never reaches "after close" without a close date
    expect(moment(0x10000, true)).toEqual(['never', []]); // during the attempt only
    expect(moment(0, false)).toEqual(['never', []]);
    expect(reviewVisibility(null, false, 'marks', [])).toBeUndefined();

    const notes: string[] = [];
    const data = quizSettings(
      parseSafeXml('<quiz><timeclose>1700000000</timeclose><reviewmarks>16</reviewmarks><reviewrightanswer>69904</reviewrightanswer></quiz>', 'quiz.xml')
        .quiz as never,
      notes,
    );
    expect(data).toMatchObject({ show_score: 'after_end', show_answers: 'after_submit' });
    expect(notes).toEqual(['right answers are shown only along with the marks (Moodle showed them without)']);
  });

  it('the pass grade of the quiz’s grade item becomes pass_score: the same share of the points imported', async () => {
    // Grade out of 20, pass at 12 (60 %); the slots are worth 2 + 1 + 5 = 8 points, so 4.8.
    quizBackup([{ id: 1, mark: 2 }, { id: 2 }, { id: 7, mark: 5 }], '<grade>20</grade><sumgrades>8</sumgrades>', { max: 20, pass: 12 });
    const { exam, items } = await plan();
    expect(exam.data.pass_score).toBe(4.8);
    expect(items.find((i) => i.kind === 'activity')!.notes).toEqual([]);

    // A slot that is not imported: 60 % of what is.
    quizBackup(
      [
        { id: 1, mark: 2 },
        { id: 18, mark: 3 },
        { id: 7, mark: 5 },
      ],
      '<grade>20</grade><sumgrades>10</sumgrades>',
      { max: 20, pass: 12 },
    );
    const second = await plan();
    expect(second.exam.data.pass_score).toBe(4.2);
    expect(second.items.find((i) => i.kind === 'activity')!.notes).toContain(
      "the pass grade 12 of 20 became 4.2 of the 7 points imported (the quiz's questions were worth 10)",
    );

    // No pass grade (0, as in every fixture): none.
    quizBackup([{ id: 2 }], '<grade>10</grade>', { max: 10, pass: 0 });
    expect((await plan()).exam.data).not.toHaveProperty('pass_score');
  });
});
