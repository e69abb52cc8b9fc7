import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CoursePackageData } from '@atrium/contracts';
import { extractArchive, withTempDir, type ArchiveLimits } from './archive.js';
import { BackupReadError, findBackupRoot } from './backup-reader.js';
import { attr, child, list, parseSafeXml, text, type XmlNode } from './safe-xml.js';

async function xmlAt(root: string, relative: string): Promise<XmlNode | null> {
  const file = path.join(root, relative);
  if (!existsSync(file)) return null;
  return parseSafeXml(await readFile(file, 'utf8'), relative);
}

/** Moodle 'year/semester' hints in a course's idnumber or shortname, e.g. "2023-2024" and "Spring" / "S1" / "秋季". */
function academicHints(...texts: (string | null)[]): { academicYear: string | null; semester: string | null } {
  const joined = texts.filter(Boolean).join(' ');
  const year = /(20\d\d)\s*[-/]\s*(20\d\d)/.exec(joined);
  const semester = /\b(spring|summer|autumn|fall|winter|S[12]|T[123])\b|(春季|夏季|秋季|冬季)/i.exec(joined);
  return { academicYear: year ? `${year[1]}-${year[2]}` : null, semester: semester ? semester[0] : null };
}

/**
 * The package metadata of a Moodle backup (spec §3 Course package item): course
 * name and code from course/course.xml (or moodle_backup.xml), college and
 * department from the course category, instructors from the backup's users with
 * an editingteacher / teacher role in the course (when users were backed up),
 * academic year and semester when the code or idnumber carries them.
 * Unpacks the archive under `limits` in a temporary folder removed afterwards.
 * Throws ArchiveError, XmlRefusedError, BackupReadError.
 */
export async function readPackageMetadata(archive: string, limits: ArchiveLimits, tempParent: string): Promise<Omit<CoursePackageData, 'use_count'>> {
  return withTempDir(
    'atrium-pkg-',
    async (dir) => {
      const extracted = await extractArchive(archive, dir, limits);
      const root = findBackupRoot(dir, extracted.files);
      if (!root) throw new BackupReadError('The archive has no moodle_backup.xml: this is not a Moodle backup');
      const mainText = existsSync(path.join(root, 'moodle_backup.xml')) ? await readFile(path.join(root, 'moodle_backup.xml'), 'utf8') : '';
      if (mainText.trim() === '') throw new BackupReadError('moodle_backup.xml is missing or empty: this is not a Moodle backup');
      const information = child(child(parseSafeXml(mainText, 'moodle_backup.xml'), 'moodle_backup'), 'information');
      if (!information) throw new BackupReadError('moodle_backup.xml has no <information>: this is not a Moodle 2+ backup', 'BACKUP_UNSUPPORTED_VERSION');
      const course = child(await xmlAt(root, 'course/course.xml'), 'course');
      const name = text(course, 'fullname') ?? text(information, 'original_course_fullname') ?? '';
      const code = text(course, 'shortname') ?? text(information, 'original_course_shortname') ?? '';
      const category = text(child(course, 'category'), 'name');
      // Instructors: role assignments in the course context to teacher roles, named from users.xml.
      const roles = new Map(list(child(await xmlAt(root, 'roles.xml'), 'roles_definition'), 'role').map((r) => [attr(r, 'id'), text(r, 'shortname')]));
      const users = new Map(
        list(child(await xmlAt(root, 'users.xml'), 'users'), 'user').map((u) => [
          attr(u, 'id'),
          [text(u, 'firstname'), text(u, 'lastname')].filter(Boolean).join(' '),
        ]),
      );
      const assignments = list(child(child(await xmlAt(root, 'course/roles.xml'), 'roles'), 'role_assignments'), 'assignment');
      const instructors = [
        ...new Set(
          assignments
            .filter((a) => ['editingteacher', 'teacher'].includes(roles.get(text(a, 'roleid')) ?? ''))
            .map((a) => users.get(text(a, 'userid')) ?? '')
            .filter(Boolean),
        ),
      ];
      const hints = academicHints(code, text(course, 'idnumber'));
      return {
        course_name: name,
        course_code: code,
        academic_year: hints.academicYear,
        semester: hints.semester,
        department: category,
        college: category,
        spoc_course_name: name || null,
        instructors,
      };
    },
    tempParent,
  );
}
