import type { ForumAuthor, Reply, ReplyThread, Topic, TopicDetail, TopicPage } from '@atrium/contracts';

export const student: ForumAuthor = { id: 9, name: 'Sam Student', avatar_url: null, is_team: false };
export const teacher: ForumAuthor = { id: 2, name: 'Iris Instructor', avatar_url: null, is_team: true };

/** A topic as the lists answer it. */
export function topicOf(overrides: Partial<Topic> = {}): Topic {
  return {
    id: 5,
    course_id: 7,
    space: 'course',
    activity_id: null,
    group_id: null,
    group_name: null,
    upload_id: null,
    anchor_page: null,
    anchor_second: null,
    title: 'How do enzymes work?',
    excerpt: 'I do not get the lock and key model.',
    author: student,
    is_pinned: false,
    is_locked: false,
    is_closed: false,
    is_hidden: false,
    reply_count: 2,
    like_count: 1,
    liked: false,
    subscribed: false,
    unread: true,
    last_activity_at: '2099-01-05T01:00:00.000Z',
    created_at: '2099-01-04T01:00:00.000Z',
    edited_at: null,
    ...overrides,
  };
}

export function replyOf(overrides: Partial<Reply> = {}): Reply {
  return {
    id: 100,
    topic_id: 5,
    parent_id: null,
    content: '<p>Think of a key in a lock.</p>',
    author: teacher,
    attachments: [],
    like_count: 0,
    liked: false,
    is_hidden: false,
    created_at: '2099-01-04T02:00:00.000Z',
    edited_at: null,
    can_edit: false,
    ...overrides,
  };
}

export function threadOf(reply: Partial<Reply>, replies: Reply[] = []): ReplyThread {
  return { ...replyOf(reply), replies };
}

/** A topic with its content and replies. */
export function detailOf(overrides: Partial<TopicDetail> = {}): TopicDetail {
  return {
    ...topicOf({ unread: false }),
    content: '<p>I do not get the <strong>lock and key</strong> model.</p>',
    attachments: [],
    replies: [],
    can_reply: true,
    can_edit: false,
    can_moderate: false,
    ...overrides,
  };
}

export function pageOf(items: Topic[], overrides: Partial<TopicPage> = {}): TopicPage {
  return { items, page: 1, page_size: 20, pages: 1, total: items.length, total_exact: true, ...overrides };
}

/** A course as `GET /api/courses/{id}` answers it, for the course context. */
export function courseOf(roles: string[]) {
  return {
    id: 7,
    name: 'Biology 101',
    display_name: '',
    course_code: 'BIO101',
    my_roles: roles,
    instructors_names: 'Iris Instructor',
    academic_year: null,
    semester: null,
    lite: false,
    course_attributes: { published: true },
  };
}
