import type { Course, OrgResponse, User } from '@atrium/contracts';

/**
 * `GET /api/user` (spec §7) as a component test serves it: a Student of organisation 9 with no
 * department, e-mail, phone or own time zone; `over` replaces any field.
 */
export function userOf(over: Partial<User> = {}): User {
  return {
    id: 5,
    userNo: 'S5',
    user_name: 'sam',
    name: 'Sam',
    role: 1,
    org: { id: 9, name: 'Northwind' },
    department: null,
    email: null,
    mobilePhone: null,
    time_zone: null,
    ...over,
  };
}

/** `GET /api/org` (spec §7) as a component test serves it: organisation 9 in Asia/Shanghai, calendar toggles off, WPS preview on; `over` replaces any field. */
export function orgOf(over: Partial<OrgResponse> = {}): OrgResponse {
  return {
    id: 9,
    name: 'Northwind',
    time_zone: 'Asia/Shanghai',
    toggles: {
      timetable: false,
      meeting: false,
      instruction_meeting: false,
      cloud_classroom: false,
      vocabulary_entries: false,
      inclass_user_action_track: false,
      chat_group: false,
    },
    office_preview: { wps_preview: true, yz_office_preview: false, aliyun: false, private_wps: false },
    ...over,
  };
}

/** A course (spec §3) as `GET /api/courses/{id}` answers it in a component test: course 3, "Compilers" (CS401), published, the reader a student; `over` replaces any field. */
export function courseOf(over: Partial<Course> = {}): Course {
  return {
    id: 3,
    name: 'Compilers',
    display_name: 'Compilers',
    course_code: 'CS401',
    course_type: 0,
    academic_year: null,
    semester: null,
    department: null,
    instructors: [],
    instructors_names: '',
    course_attributes: { published: true, student_count: 2, data: { review_status: 'unreviewed' } },
    imported_from: null,
    lite: false,
    recommended: false,
    course_outline: null,
    start_date: null,
    end_date: null,
    deleted: false,
    my_roles: ['student'],
    hasAiAbility: false,
    created_at: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}
