import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readBackup } from './backup-reader.js';
import { assignSettings, planImport } from './mbz-mapper.js';
import { parseSafeXml } from './safe-xml.js';

const parseXml = (xml: string) => parseSafeXml(xml, 'test');

let root: string;
function write(rel: string, content: string) {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), content);
}
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'atrium-mapper-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A Moodle 4.x course backup written by hand: question bank entries with two versions, a quiz slot by reference and a random slot, a page embedding an image. */
function moodle4Backup() {
  write(
    'moodle_backup.xml',
    `<?xml version="1.0"?><moodle_backup><information><name>m4.mbz</name><moodle_release>4.5.1 (Build: 20241209)</moodle_release><backup_release>4.5</backup_release>
<original_site_identifier_hash>abc</original_site_identifier_hash><original_course_id>3</original_course_id><original_course_fullname>Four</original_course_fullname>
<details><detail backup_id="b"><type>course</type></detail></details><contents>
<activities>
<activity><moduleid>11</moduleid><sectionid>5</sectionid><modulename>quiz</modulename><title>Quiz 4</title><directory>activities/quiz_11</directory></activity>
<activity><moduleid>12</moduleid><sectionid>5</sectionid><modulename>page</modulename><title>Pic page</title><directory>activities/page_12</directory></activity>
<activity><moduleid>13</moduleid><sectionid>6</sectionid><modulename>glossary</modulename><title>Terms</title><directory>activities/glossary_13</directory></activity>
</activities>
<sections><section><sectionid>5</sectionid><title>A</title><directory>sections/section_5</directory></section><section><sectionid>6</sectionid><title>B</title><directory>sections/section_6</directory></section></sections>
</contents></information></moodle_backup>`,
  );
  write(
    'sections/section_5/section.xml',
    '<section id="5"><number>0</number><name>$@NULL@$</name><summary></summary><sequence>12,11</sequence><visible>1</visible></section>',
  );
  write(
    'sections/section_6/section.xml',
    '<section id="6"><number>1</number><name>Hidden week</name><summary></summary><sequence>13</sequence><visible>0</visible></section>',
  );
  write('activities/quiz_11/module.xml', '<module id="11"><modulename>quiz</modulename><visible>1</visible></module>');
  write(
    'activities/quiz_11/quiz.xml',
    `<activity id="1" moduleid="11" modulename="quiz" contextid="70"><quiz id="1"><name>Quiz 4</name><intro></intro><timeopen>1700000000</timeopen><timeclose>0</timeclose><timelimit>600</timelimit><grade>10</grade>
<question_instances>
<question_instance id="2"><slot>2</slot><maxmark>3</maxmark><question_set_reference><filtercondition>{}</filtercondition></question_set_reference></question_instance>
<question_instance id="1"><slot>1</slot><maxmark>2</maxmark><question_reference id="1"><component>mod_quiz</component><questionbankentryid>900</questionbankentryid><version>$@NULL@$</version></question_reference></question_instance>
<question_instance id="3"><slot>3</slot><maxmark>4</maxmark><question_set_reference><filtercondition>${esc('{"filter":{"category":{"jointype":1,"values":["1"],"filteroptions":{"includesubcategories":false}}},"cat":"1,70"}')}</filtercondition></question_set_reference></question_instance>
<question_instance id="4"><slot>4</slot><maxmark>1</maxmark><question_set_reference><filtercondition>${esc('{"questioncategoryid":"1","includingsubcategories":"0"}')}</filtercondition></question_set_reference></question_instance>
</question_instances></quiz></activity>`,
  );
  write(
    'questions.xml',
    `<question_categories><question_category id="1"><name>Default</name><contextid>70</contextid><question_bank_entries>
<question_bank_entry id="900"><questioncategoryid>1</questioncategoryid><question_version><question_versions id="1"><version>1</version><questions>
<question id="501"><name>Old wording</name><questiontext>old</questiontext><qtype>multichoice</qtype><defaultmark>1</defaultmark></question></questions></question_versions>
<question_versions id="2"><version>2</version><questions>
<question id="502"><name>Capital</name><questiontext>${esc('<p>Which? <img src="@@PLUGINFILE@@/map%20one.png"></p>')}</questiontext><qtype>multichoice</qtype><defaultmark>1</defaultmark>
<plugin_qtype_multichoice_question><answers><answer id="1"><answertext>${esc('<p>Paris</p>')}</answertext><fraction>0.5</fraction></answer><answer id="2"><answertext>Lyon</answertext><fraction>0</fraction></answer><answer id="3"><answertext>Marseille</answertext><fraction>0.5</fraction></answer></answers>
<multichoice id="1"><single>0</single><shuffleanswers>1</shuffleanswers></multichoice></plugin_qtype_multichoice_question></question></questions></question_versions></question_version></question_bank_entry>
<question_bank_entry id="901"><question_version><question_versions id="3"><version>1</version><status>ready</status><questions>
<question id="601"><name>Drawn</name><questiontext>Sure?</questiontext><qtype>truefalse</qtype><defaultmark>1</defaultmark><plugin_qtype_truefalse_question><answers><answer id="7"><answertext>True</answertext><fraction>1</fraction></answer><answer id="8"><answertext>False</answertext><fraction>0</fraction></answer></answers><truefalse id="1"><trueanswer>7</trueanswer></truefalse></plugin_qtype_truefalse_question></question></questions></question_versions></question_version></question_bank_entry>
<question_bank_entry id="902"><question_version><question_versions id="4"><version>1</version><status>hidden</status><questions>
<question id="701"><name>Hidden one</name><questiontext>No</questiontext><qtype>truefalse</qtype><defaultmark>1</defaultmark></question></questions></question_versions></question_version></question_bank_entry>
</question_bank_entries></question_category></question_categories>`,
  );
  write('activities/page_12/module.xml', '<module id="12"><modulename>page</modulename><visible>0</visible></module>');
  write(
    'activities/page_12/page.xml',
    `<activity id="2" moduleid="12" modulename="page" contextid="71"><page id="2"><name>Pic page</name><intro></intro><content>${esc('<p><img src="@@PLUGINFILE@@/pic.png"><img src="@@PLUGINFILE@@/gone.png"><script>x()</script></p>')}</content></page></activity>`,
  );
  write('activities/glossary_13/module.xml', '<module id="13"><modulename>glossary</modulename><visible>1</visible></module>');
  write(
    'activities/glossary_13/glossary.xml',
    '<activity id="3" moduleid="13" modulename="glossary" contextid="72"><glossary id="3"><name>Terms</name></glossary></activity>',
  );
  const hashPic = 'a'.repeat(40);
  const hashMap = 'b'.repeat(40);
  const hashGone = 'c'.repeat(40);
  write(
    'files.xml',
    `<files>
<file id="1"><contenthash>${hashPic}</contenthash><contextid>71</contextid><component>mod_page</component><filearea>content</filearea><itemid>0</itemid><filepath>/</filepath><filename>pic.png</filename><filesize>3</filesize></file>
<file id="2"><contenthash>${hashGone}</contenthash><contextid>71</contextid><component>mod_page</component><filearea>content</filearea><itemid>0</itemid><filepath>/</filepath><filename>gone.png</filename><filesize>3</filesize></file>
<file id="3"><contenthash>${hashMap}</contenthash><contextid>70</contextid><component>question</component><filearea>questiontext</filearea><itemid>502</itemid><filepath>/</filepath><filename>map one.png</filename><filesize>3</filesize></file>
</files>`,
  );
  write(`files/aa/${hashPic}`, 'png');
  write(`files/bb/${hashMap}`, 'png');
}

describe('Moodle 4.x backups', () => {
  it('follows question bank entries to their latest version, draws random slots from the bank, rewrites @@PLUGINFILE@@ and reports losses', async () => {
    moodle4Backup();
    const model = await readBackup(root);
    expect(model.bankEntries.get('900')).toBe('502');
    let next = 100;
    const ids = new Map<string, number>();
    const plan = planImport(model, new Map(), (file) => {
      if (!ids.has(file.id)) ids.set(file.id, next++);
      return ids.get(file.id)!;
    });
    const [general, hidden] = plan.modules;
    expect(general!.title).toBe('General');
    expect(hidden).toMatchObject({ title: 'Hidden week', isPublished: false });
    // Section 5's sequence puts the page before the quiz.
    expect(general!.activities.map((a) => a.type)).toEqual(['page', 'exam']);
    const [page, exam] = general!.activities;
    expect(page!.isPublished).toBe(false);
    expect(String(page!.data.content)).toContain(`/api/uploads/${ids.get('1')}/blob`);
    expect(String(page!.data.content)).toContain('#missing-file');
    expect(String(page!.data.content)).not.toContain('script');
    expect(exam!.startTime?.toISOString()).toBe(new Date(1700000000 * 1000).toISOString());
    expect(exam!.endTime).toBeNull();
    expect(exam!.data).toMatchObject({ time_limit_seconds: 600, max_grade: 10 });
    // Slot 1 by reference; slot 2's filter names no category (skipped); slot 3 (4.3+ filter) draws from the
    // bank category made of "Default" (entry 900's latest version and 901; 902 is hidden); slot 4 (4.0–4.2 filter,
    // another mark) finds nothing left: 502 is the quiz's own, 601 slot 3's.
    expect(exam!.subjects.map((s) => [s.type, s.data.point, (s.data.source as { question_id?: string }).question_id ?? null, s.categoryKey ?? null])).toEqual([
      ['multiple_selection', 2, '502', null],
      ['random', 4, null, 'abc:3:question_category:1'],
    ]);
    expect(exam!.subjects[1]!.data).toEqual({ point: 4, count: 1, source: { qtype: 'random', category_id: '1', category: 'Default', slots: [3] } });
    expect(exam!.subjects[0]).toMatchObject({
      type: 'multiple_selection',
      data: { point: 2, options: [{ is_answer: true }, { is_answer: false }, { is_answer: true }] },
    });
    expect(exam!.subjects[0]!.description).toContain(`/api/uploads/${ids.get('3')}/blob`);
    expect(plan.bank).toHaveLength(1);
    expect(plan.bank[0]!.sourceKey).toBe('abc:3:question_category:1');
    expect(plan.bank[0]!.name).toBe('Default');
    expect(plan.bank[0]!.subjects.map((s) => [s.type, s.data.point, (s.data.source as { question_id: string }).question_id])).toEqual([
      ['multiple_selection', 1, '502'],
      ['true_or_false', 1, '601'],
    ]);
    expect(plan.bank[0]!.subjects[0]!.description).toContain(`/api/uploads/${ids.get('3')}/blob`);

    const byTitle = (title: string) => plan.report.items.find((i) => i.title === title);
    expect(byTitle('Pic page')).toMatchObject({
      outcome: 'imported_with_losses',
      notes: expect.arrayContaining(['embedded file /gone.png is missing from the backup', 'unsafe HTML (scripts, frames, event handlers) was removed']),
    });
    expect(byTitle('Quiz 4')).toMatchObject({ outcome: 'imported_with_losses' });
    expect(plan.report.items.filter((i) => i.kind === 'question').map((i) => [i.section, i.source_type, i.outcome, i.atrium_type])).toEqual([
      ['Quiz 4', 'multichoice', 'imported', 'multiple_selection'],
      ['Quiz 4', 'random', 'skipped', null],
      ['Quiz 4', 'random', 'imported', 'random'],
      ['Quiz 4', 'random', 'skipped', null],
      ['Question bank: Default', 'multichoice', 'imported', 'multiple_selection'],
      ['Question bank: Default', 'truefalse', 'imported', 'true_or_false'],
    ]);
    const randomLines = plan.report.items.filter((i) => i.source_type === 'random');
    expect(randomLines.map((i) => i.notes)).toEqual([
      ['a random question drawn from a category that is not in the backup'],
      ['drawn per attempt from the question bank category "Default" (2 question(s) imported there)'],
      ['a random question drawn from category "Default", every question of which the quiz already holds or draws'],
    ]);
    expect(byTitle('Terms')).toMatchObject({ outcome: 'skipped', note_keys: [{ key: 'skipped_glossary_empty', params: { count: 0 } }] });
    expect(plan.report.missing_files).toEqual([{ file_name: '/gone.png', content_hash: 'c'.repeat(40), used_by: 'page "Pic page"' }]);
  });

  it('plans nothing again for source keys already imported', async () => {
    moodle4Backup();
    const model = await readBackup(root);
    const existing = new Map([
      ['abc:3:section:5', 41],
      ['abc:3:activity:11', 0],
    ]);
    const plan = planImport(model, existing, () => 1);
    expect(plan.modules[0]).toMatchObject({ existingModuleId: 41 });
    expect(plan.modules[0]!.activities.map((a) => a.type)).toEqual(['page']);
    expect(plan.report.items.find((i) => i.title === 'Quiz 4')).toMatchObject({
      outcome: 'skipped',
      notes: ['already imported by an earlier import of this backup'],
    });
    expect(plan.bank).toEqual([]);
  });

  it('a random slot of a category an earlier import made draws from it as it is: no bank subject is planned again', async () => {
    moodle4Backup();
    const plan = planImport(await readBackup(root), new Map([['abc:3:question_category:1', 7]]), () => 1);
    expect(plan.bank).toEqual([]);
    const exam = plan.modules.flatMap((m) => m.activities).find((a) => a.type === 'exam')!;
    // Its questions are unknown now (the team's): both random slots draw from it.
    expect(exam.subjects.map((s) => [s.type, s.data.point, s.categoryKey ?? null])).toEqual([
      ['multiple_selection', 2, null],
      ['random', 4, 'abc:3:question_category:1'],
      ['random', 1, 'abc:3:question_category:1'],
    ]);
    const lines = plan.report.items.filter((i) => i.kind === 'question');
    expect(lines.every((i) => i.section === 'Quiz 4')).toBe(true);
    expect(lines.filter((i) => i.atrium_type === 'random').map((i) => i.notes)).toEqual([
      ['drawn per attempt from the question bank category "Default" (made by an earlier import of this backup, used as it is)'],
      ['drawn per attempt from the question bank category "Default" (made by an earlier import of this backup, used as it is)'],
    ]);
  });

  it('turns a book into one page per chapter (hidden chapters unpublished) and an assignment into homework', async () => {
    write(
      'moodle_backup.xml',
      `<moodle_backup><information><name>b.mbz</name><details><detail><type>activity</type></detail></details><contents><activities>
<activity><moduleid>1</moduleid><sectionid>9</sectionid><modulename>book</modulename><title>Handbook</title><directory>activities/book_1</directory></activity>
<activity><moduleid>2</moduleid><sectionid>9</sectionid><modulename>assign</modulename><title>Essay</title><directory>activities/assign_2</directory></activity>
</activities></contents></information></moodle_backup>`,
    );
    write('activities/book_1/module.xml', '<module id="1"><visible>1</visible></module>');
    write(
      'activities/book_1/book.xml',
      `<activity id="1" moduleid="1" modulename="book" contextid="80"><book id="1"><name>Handbook</name><intro></intro><chapters>
<chapter id="7"><pagenum>1</pagenum><title>Start</title><content>${esc('<p>One</p>')}</content><hidden>0</hidden></chapter>
<chapter id="8"><pagenum>2</pagenum><title>Draft</title><content>${esc('<p>Two</p>')}</content><hidden>1</hidden></chapter>
</chapters></book></activity>`,
    );
    write('activities/assign_2/module.xml', '<module id="2"><visible>1</visible></module>');
    write(
      'activities/assign_2/assign.xml',
      '<activity id="2" moduleid="2" modulename="assign" contextid="81"><assign id="2"><name>Essay</name><intro>Write</intro><allowsubmissionsfromdate>1700000000</allowsubmissionsfromdate><duedate>1700600000</duedate><cutoffdate>0</cutoffdate><grade>20</grade></assign></activity>',
    );
    const plan = planImport(await readBackup(root), new Map(), () => 1);
    expect(plan.modules).toHaveLength(1);
    const acts = plan.modules[0]!.activities;
    expect(acts.map((a) => [a.type, a.title, a.isPublished])).toEqual([
      ['page', 'Handbook – Start', true],
      ['page', 'Handbook – Draft', false],
      ['homework', 'Essay', true],
    ]);
    expect(acts[0]!.data).toEqual({ content: '<p>One</p>' });
    expect(acts[2]).toMatchObject({ description: 'Write', data: { max_grade: 20, due_date: new Date(1700600000 * 1000).toISOString(), cut_off_date: null } });
    expect(acts[2]!.startTime?.toISOString()).toBe(new Date(1700000000 * 1000).toISOString());
    // No cut-off: late work is taken, so the activity stays open after the due date.
    expect(acts[2]!.endTime).toBeNull();
  });

  it('a lesson of question pages only becomes an exam on its own key; one whose pages Atrium cannot ask is skipped with a line per page', async () => {
    write(
      'moodle_backup.xml',
      `<moodle_backup><information><name>l.mbz</name><details><detail><type>activity</type></detail></details><contents><activities>
<activity><moduleid>1</moduleid><sectionid>9</sectionid><modulename>lesson</modulename><title>Quick check</title><directory>activities/lesson_1</directory></activity>
<activity><moduleid>2</moduleid><sectionid>9</sectionid><modulename>lesson</modulename><title>Odd one</title><directory>activities/lesson_2</directory></activity>
</activities></contents></information></moodle_backup>`,
    );
    const lesson = (id: number, name: string, pages: string, extra = '') =>
      `<activity id="${id}" moduleid="${id}" modulename="lesson" contextid="${90 + id}"><lesson id="${id}"><name>${name}</name><intro></intro><grade>5</grade><custom>0</custom><retake>0</retake><usemaxgrade>1</usemaxgrade><maxattempts>3</maxattempts><usepassword>1</usepassword>${extra}<pages>${pages}</pages></lesson></activity>`;
    const page = (id: number, prev: number, next: number, qtype: number, answers: string) =>
      `<page id="${id}"><prevpageid>${prev}</prevpageid><nextpageid>${next}</nextpageid><qtype>${qtype}</qtype><qoption>0</qoption><title>P${id}</title><contents>${esc('<p>Q</p>')}</contents><answers>${answers}</answers></page>`;
    const answer = (id: number, text: string, jumpto: number) =>
      `<answer id="${id}"><jumpto>${jumpto}</jumpto><score>0</score><answer_text>${text}</answer_text></answer>`;
    write('activities/lesson_1/module.xml', '<module id="1"><visible>1</visible></module>');
    write(
      'activities/lesson_1/lesson.xml',
      lesson(1, 'Quick check', page(5, 0, 6, 3, answer(51, 'Yes', -1) + answer(52, 'No', 0)) + page(6, 5, 0, 10, answer(61, '', -9))),
    );
    write('activities/lesson_2/module.xml', '<module id="2"><visible>1</visible></module>');
    write('activities/lesson_2/lesson.xml', lesson(2, 'Odd one', page(7, 0, 0, 3, answer(71, 'Only', 0))));
    const plan = planImport(await readBackup(root), new Map(), () => 1);
    const acts = plan.modules.flatMap((m) => m.activities);
    expect(acts.map((a) => [a.sourceKey.split(':activity:')[1], a.type, a.subjects.map((x) => x.type)])).toEqual([
      ['1', 'exam', ['single_selection', 'essay']],
    ]);
    expect(acts[0]!.data).toEqual({ max_attempts: 1, max_grade: 5, grade_method: 'highest', shuffle_subjects: false, shuffle_options: false });
    const keys = (title: string) => plan.report.items.find((i) => i.kind === 'activity' && i.title === title)!.note_keys!.map((k) => k?.key);
    expect(keys('Quick check').sort()).toEqual(['lesson_jumps', 'lesson_password', 'lesson_question_tries']);
    expect(plan.report.items.find((i) => i.kind === 'activity' && i.title === 'Odd one')).toMatchObject({
      outcome: 'skipped',
      note_keys: [{ key: 'skipped_lesson_questions_only', params: { count: 1 } }],
    });
    expect(plan.report.items.filter((i) => i.kind === 'question').map((i) => [i.section, i.source_id, i.outcome, i.notes])).toEqual([
      ['Quick check', '5', 'imported', []],
      ['Quick check', '6', 'imported', []],
      ['Odd one', '7', 'skipped', ['the question has fewer than two answers']],
    ]);
  });

  it('keeps an assignment’s submission settings: types, file limits, cut-off and team submission, naming what it cannot keep', () => {
    const xml = (configs: string, extra = '') =>
      parseXml(
        `<assign><duedate>1700600000</duedate><cutoffdate>1700700000</cutoffdate><teamsubmission>1</teamsubmission><requireallteammemberssubmit>1</requireallteammemberssubmit><blindmarking>1</blindmarking>${extra}<plugin_configs>${configs}</plugin_configs></assign>`,
      ).assign;
    const config = (plugin: string, name: string, value: string | number, subtype = 'assignsubmission') =>
      `<plugin_config><plugin>${plugin}</plugin><subtype>${subtype}</subtype><name>${name}</name><value>${value}</value></plugin_config>`;
    const notes: string[] = [];
    const settings = assignSettings(
      xml(
        config('onlinetext', 'enabled', 1) +
          config('file', 'enabled', 1) +
          config('file', 'maxfilesubmissions', 2) +
          config('file', 'maxsubmissionsizebytes', 0) +
          config('comments', 'enabled', 1, 'assignfeedback'),
      ),
      notes,
    );
    expect(settings).toEqual({
      due_date: new Date(1700600000 * 1000).toISOString(),
      cut_off_date: new Date(1700700000 * 1000).toISOString(),
      submission_type: 'both',
      max_files: 2,
      group_mode: true,
    });
    expect(notes).toEqual(['anonymous (blind) marking was not kept', '"all team members must submit" was not kept: one member hands in for the group']);
    // Files only, with a size limit; a cut-off before the due date is dropped with a note.
    const filesOnly: string[] = [];
    expect(
      assignSettings(
        parseXml(
          `<assign><duedate>1700600000</duedate><cutoffdate>1700500000</cutoffdate><plugin_configs>${config('file', 'enabled', 1)}${config('onlinetext', 'enabled', 0)}${config('file', 'maxsubmissionsizebytes', 5242880)}</plugin_configs></assign>`,
        ).assign,
        filesOnly,
      ),
    ).toEqual({ due_date: new Date(1700600000 * 1000).toISOString(), cut_off_date: null, submission_type: 'file', max_file_size: 5242880 });
    expect(filesOnly).toEqual(['the cut-off date was before the due date and was not kept']);
  });
});

describe('forums', () => {
  /** A single-activity backup of a forum with two discussions as Moodle 3.x writes them (discussions → posts, embedded files in filearea "post" by post id). */
  function forumBackup() {
    write(
      'moodle_backup.xml',
      `<moodle_backup><information><name>f.mbz</name><original_site_identifier_hash>site</original_site_identifier_hash><original_course_id>4</original_course_id><details><detail><type>activity</type></detail></details><contents><activities>
<activity><moduleid>30</moduleid><sectionid>9</sectionid><modulename>forum</modulename><title>Class forum</title><directory>activities/forum_30</directory></activity>
</activities></contents></information></moodle_backup>`,
    );
    write('activities/forum_30/module.xml', '<module id="30"><modulename>forum</modulename><visible>1</visible></module>');
    write(
      'activities/forum_30/forum.xml',
      `<activity id="3" moduleid="30" modulename="forum" contextid="90"><forum id="3"><type>general</type><name>Class forum</name><intro>${esc('<p>Ask here</p>')}</intro>
<discussions>
<discussion id="1"><name>Welcome</name><firstpost>11</firstpost><userid>2</userid><posts>
<post id="11"><parent>0</parent><userid>2</userid><created>1700000000</created><modified>1700000000</modified><subject>Welcome</subject><message>${esc('<p>Hello <b>all</b><script>steal()</script><img src="@@PLUGINFILE@@/wave.png" onerror="x()"></p>')}</message></post>
<post id="12"><parent>11</parent><userid>3</userid><created>1700000600</created><modified>1700000900</modified><subject>Re: Welcome</subject><message>${esc('<p onclick="y()">Thanks</p>')}</message></post>
<post id="15"><parent>14</parent><userid>3</userid><created>1700002000</created><modified>1700002000</modified><subject>A different subject</subject><message>${esc('<p>Deep</p>')}</message></post>
<post id="14"><parent>12</parent><userid>2</userid><created>1700001000</created><modified>1700001000</modified><subject>Re: Welcome</subject><message>${esc('<p>Welcome back</p>')}</message></post>
<post id="16"><parent>11</parent><userid>3</userid><created>1700003000</created><modified>1700003000</modified><privatereplyto>2</privatereplyto><subject>Re: Welcome</subject><message>secret</message></post>
</posts></discussion>
<discussion id="2"><name>Exam dates</name><firstpost>13</firstpost><userid>2</userid><posts>
<post id="13"><parent>0</parent><userid>2</userid><created>1700100000</created><modified>1700100000</modified><subject>Exam dates</subject><message>${esc('<p>Friday</p>')}</message></post>
</posts></discussion>
</discussions></forum></activity>`,
    );
    write(
      'files.xml',
      `<files><file id="5"><contenthash>${'d'.repeat(40)}</contenthash><contextid>90</contextid><component>mod_forum</component><filearea>post</filearea><itemid>11</itemid><filepath>/</filepath><filename>wave.png</filename><filesize>3</filesize></file>
<file id="6"><contenthash>${'e'.repeat(40)}</contenthash><contextid>90</contextid><component>mod_forum</component><filearea>attachment</filearea><itemid>11</itemid><filepath>/</filepath><filename>notes.pdf</filename><filesize>3</filesize></file></files>`,
    );
    write(`files/dd/${'d'.repeat(40)}`, 'png');
    write(`files/ee/${'e'.repeat(40)}`, 'pdf');
    write(
      'users.xml',
      '<users><user id="2" contextid="5"><username>ada</username><firstname>Ada</firstname><lastname>Lovelace</lastname><email>a@example.invalid</email></user></users>',
    );
  }

  it('plans discussions as topics with threaded replies, sanitised HTML, attachments and named authors', async () => {
    forumBackup();
    const plan = planImport(await readBackup(root), new Map(), (file) => (file.fileName === 'wave.png' ? 77 : 78));
    const [forum] = plan.modules.flatMap((m) => m.activities);
    expect(forum).toMatchObject({ type: 'forum', title: 'Class forum', description: '<p>Ask here</p>', uploadIds: [] });
    expect(forum!.data).toEqual({ forum_type: 'general' }); // no data.discussions any more
    const topics = forum!.topics!;
    expect(topics.map((t) => [t.title, t.authorName, t.replies.length])).toEqual([
      ['Welcome', 'Ada Lovelace', 3],
      ['Exam dates', 'Ada Lovelace', 0],
    ]);
    const [welcome] = topics;
    expect(welcome!.sourceRef).toBe('site:4:discussion:1');
    expect(welcome!.createdAt).toEqual(new Date(1700000000 * 1000));
    expect(welcome!.content).toContain('Hello <b>all</b>');
    expect(welcome!.content).toContain('/api/uploads/77/blob');
    expect(welcome!.attachmentUploadIds).toEqual([78]);
    // 12 answers the first post, 14 answers 12 and 15 answers 14: both fold onto 12.
    expect(welcome!.replies.map((r) => [r.sourceRef, r.parentRef, r.authorName])).toEqual([
      ['site:4:post:12', null, 'Moodle user 3'],
      ['site:4:post:14', 'site:4:post:12', 'Ada Lovelace'],
      ['site:4:post:15', 'site:4:post:12', 'Moodle user 3'],
    ]);
    expect(welcome!.replies[0]!.editedAt).toEqual(new Date(1700000900 * 1000));
    expect(welcome!.replies[2]!.content).toContain('<strong>A different subject</strong>');
    for (const text of [...topics.map((t) => t.content), ...topics.flatMap((t) => t.replies.map((r) => r.content))])
      expect(text).not.toMatch(/script|steal|onerror|onclick|@@PLUGINFILE@@/i);
    const line = plan.report.items.find((i) => i.kind === 'activity' && i.title === 'Class forum');
    expect(line).toMatchObject({
      outcome: 'imported_with_losses',
      atrium_type: 'forum',
      notes: expect.arrayContaining([
        'some post authors are not in the backup and are shown as "Moodle user <id>"',
        '1 private or deleted post(s) were not imported',
        'unsafe HTML (scripts, frames, event handlers) was removed',
      ]),
    });
  });

  it('without users in the backup every author is "Moodle user <id>", and the report says why', async () => {
    forumBackup();
    rmSync(path.join(root, 'users.xml'));
    const plan = planImport(await readBackup(root), new Map(), () => 77);
    const topics = plan.modules.flatMap((m) => m.activities)[0]!.topics!;
    expect(topics.map((t) => t.authorName)).toEqual(['Moodle user 2', 'Moodle user 2']);
    expect(plan.report.items.find((i) => i.kind === 'activity')!.notes).toContain('the backup holds no users: post authors are shown as "Moodle user <id>"');
  });

  it('a forum without discussions has none and no loss', async () => {
    forumBackup();
    write(
      'activities/forum_30/forum.xml',
      '<activity id="3" moduleid="30" modulename="forum" contextid="90"><forum id="3"><type>qanda</type><name>Class forum</name><intro></intro></forum></activity>',
    );
    const plan = planImport(await readBackup(root), new Map(), () => 77);
    const [forum] = plan.modules.flatMap((m) => m.activities);
    expect(forum!.data).toEqual({ forum_type: 'qanda' });
    expect(plan.report.items.find((i) => i.kind === 'activity')).toMatchObject({ outcome: 'imported', notes: [] });
  });
});
