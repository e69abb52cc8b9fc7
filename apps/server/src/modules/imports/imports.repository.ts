import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploads } from '../uploads/uploads.table.js';
import { courseImports } from './imports.table.js';

/** The latest package import of a course: its sync status (0 running, 1 done, 2 failed, spec §3) and the backup it came from. */
export interface LatestImport {
  importId: number;
  status: 0 | 1 | 2;
  uploadId: number;
  name: string;
}

/** The latest import per course id (spec §3 Course `imported_from`, `course_importer_status`); courses never imported into are absent. */
export async function latestImportsOf(db: Db, courseIds: number[]): Promise<Map<number, LatestImport>> {
  const result = new Map<number, LatestImport>();
  if (courseIds.length === 0) return result;
  const rows = await db
    .select({ id: courseImports.id, courseId: courseImports.courseId, status: courseImports.status, uploadId: courseImports.uploadId, name: uploads.name })
    .from(courseImports)
    .innerJoin(uploads, eq(uploads.id, courseImports.uploadId))
    .where(inArray(courseImports.courseId, courseIds))
    .orderBy(desc(courseImports.id));
  for (const row of rows) {
    if (!result.has(row.courseId)) result.set(row.courseId, { importId: row.id, status: row.status as 0 | 1 | 2, uploadId: row.uploadId, name: row.name });
  }
  return result;
}
