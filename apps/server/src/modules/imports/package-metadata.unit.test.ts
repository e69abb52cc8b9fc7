import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tarGz, zip } from '../../../test/helpers/hostile-archives.js';
import { readPackageMetadata } from './package-metadata.js';

const LIMITS = { maxUncompressedBytes: 10 * 1024 * 1024, maxEntries: 100, maxCompressionRatio: 100 };
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-pkg-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('readPackageMetadata (spec §3 Course package item)', () => {
  it('reads name, code, category and the teachers of the course from a nested backup', async () => {
    const file = path.join(dir, 'p.mbz');
    writeFileSync(
      file,
      await tarGz([
        {
          name: 'backup/moodle_backup.xml',
          data: '<moodle_backup><information><original_course_fullname>Fallback</original_course_fullname><details><detail><type>course</type></detail></details></information></moodle_backup>',
        },
        {
          name: 'backup/course/course.xml',
          data: '<course id="2"><shortname>PHY-2024-2025-Autumn</shortname><fullname>Physics I</fullname><idnumber></idnumber><category id="4"><name>Faculty of Science</name></category></course>',
        },
        {
          name: 'backup/roles.xml',
          data: '<roles_definition><role id="3"><shortname>editingteacher</shortname></role><role id="4"><shortname>teacher</shortname></role><role id="5"><shortname>student</shortname></role></roles_definition>',
        },
        {
          name: 'backup/users.xml',
          data: '<users><user id="10"><firstname>Marie</firstname><lastname>Curie</lastname></user><user id="11"><firstname>Pierre</firstname><lastname>Curie</lastname></user><user id="12"><firstname>Stu</firstname><lastname>Dent</lastname></user></users>',
        },
        {
          name: 'backup/course/roles.xml',
          data: '<roles><role_overrides></role_overrides><role_assignments><assignment id="1"><roleid>3</roleid><userid>10</userid></assignment><assignment id="2"><roleid>4</roleid><userid>11</userid></assignment><assignment id="3"><roleid>5</roleid><userid>12</userid></assignment></role_assignments></roles>',
        },
      ]),
    );
    const data = await readPackageMetadata(file, LIMITS, dir);
    expect(data).toEqual({
      course_name: 'Physics I',
      course_code: 'PHY-2024-2025-Autumn',
      academic_year: '2024-2025',
      semester: 'Autumn',
      department: 'Faculty of Science',
      college: 'Faculty of Science',
      spoc_course_name: 'Physics I',
      instructors: ['Marie Curie', 'Pierre Curie'],
    });
  });

  it('refuses an archive without a Moodle backup inside, leaving no temporary folder', async () => {
    const file = path.join(dir, 'p.mbz');
    writeFileSync(file, zip([{ name: 'readme.txt', data: 'hello' }]));
    await expect(readPackageMetadata(file, LIMITS, path.join(dir, 'tmp'))).rejects.toThrow(/no moodle_backup.xml/);
    expect(readdirSync(path.join(dir, 'tmp'))).toEqual([]);
  });
});
