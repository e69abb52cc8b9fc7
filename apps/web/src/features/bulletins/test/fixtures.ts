import type { Bulletin, BulletinList } from '@atrium/contracts';

/** A published, unread organisation bulletin as the API answers it. */
export function bulletinOf(overrides: Partial<Bulletin> = {}): Bulletin {
  return {
    id: 5,
    type: 'org',
    org_id: 1,
    course_id: null,
    course_name: null,
    title: 'Campus closed on Friday',
    content: '<p>The campus is <strong>closed</strong> on Friday.</p>',
    show_on_popup: true,
    is_pinned: false,
    publish_at: '2099-01-05T01:00:00.000Z',
    is_published: true,
    is_read: false,
    author: { id: 2, name: 'Olga Admin' },
    attachments: [],
    created_at: '2099-01-05T01:00:00.000Z',
    updated_at: '2099-01-05T01:00:00.000Z',
    ...overrides,
  };
}

/** A list answer holding `items`. */
export function bulletinListOf(items: Bulletin[], overrides: Partial<BulletinList> = {}): BulletinList {
  return { items, page: 1, page_size: 10, pages: 1, total: items.length, unread_count: items.filter((b) => !b.is_read).length, ...overrides };
}

/** Signed-in users of the bulletin tests by role (spec §3 User role: 1 student, 2 org admin). */
export function userOf(role: 0 | 1 | 2 | 3, id = 9) {
  return {
    id,
    userNo: `U${id}`,
    user_name: `user${id}`,
    name: role === 2 ? 'Olga Admin' : 'Sam Student',
    role,
    org: { id: 1, name: 'Demo' },
    department: null,
    email: null,
    mobilePhone: null,
    time_zone: 'UTC',
  };
}
