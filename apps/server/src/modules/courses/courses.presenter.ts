import type { Course, CourseRole } from '@atrium/contracts';
import type { LatestImport } from '../imports/imports.repository.js';
import type { CourseWithDepartment } from './courses.repository.js';

/** The API shape of a course (spec §3 Course) from its row and the facts joined in. */
export function presentCourse(
  row: CourseWithDepartment,
  facts: { instructors: { id: number; name: string }[]; studentCount: number; myRoles: CourseRole[]; latestImport?: LatestImport | undefined },
): Course {
  return {
    id: row.id,
    name: row.name,
    display_name: row.displayName ?? row.name,
    course_code: row.courseCode,
    course_type: row.courseType,
    academic_year: row.academicYear ? { name: row.academicYear } : null,
    semester: row.semester ? { name: row.semester } : null,
    department: row.departmentName ? { name: row.departmentName } : null,
    instructors: facts.instructors.map((i) => ({ id: i.id, name: i.name, portfolio_url: null })),
    instructors_names: facts.instructors.map((i) => i.name).join(', '),
    course_attributes: {
      published: row.isPublished,
      student_count: facts.studentCount,
      data: { review_status: row.isReviewed ? 'reviewed' : 'unreviewed', ...(facts.latestImport ? { course_importer_status: facts.latestImport.status } : {}) },
    },
    imported_from: facts.latestImport
      ? { source: 'moodle', import_id: facts.latestImport.importId, upload_id: facts.latestImport.uploadId, name: facts.latestImport.name }
      : null,
    lite: row.isLite,
    recommended: row.isRecommended,
    course_outline: row.outline,
    start_date: row.startDate?.toISOString() ?? null,
    end_date: row.endDate?.toISOString() ?? null,
    deleted: row.deletedAt !== null,
    my_roles: facts.myRoles,
    hasAiAbility: row.hasAiAbility,
    created_at: row.createdAt.toISOString(),
  };
}
