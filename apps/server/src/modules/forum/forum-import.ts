/**
 * Moodle forum discussions as Atrium forum topics (issue 18 §6, decision 0040 "Forums"). Pure: the
 * importer reads the backup (mbz-mapper.ts) and writes the plan (forum-import.repository.ts).
 *
 * A discussion becomes a topic (its first post: title and content); every other post a reply,
 * threaded two levels deep as Atrium shows them: a post answering the first post is a first-level
 * reply; a deeper one is folded onto its first-level ancestor (Moodle nests without limit).
 */

/** One Moodle post as the mapper hands it over (HTML already sanitised, files already resolved). */
export interface MoodlePost {
  /** Moodle post id. */
  id: string;
  /** The post it answers (Moodle `parent`; '0' or null for the first post). */
  parentId: string | null;
  subject: string;
  content: string;
  authorName: string;
  /** Unix seconds → Date (null when not set). */
  createdAt: Date | null;
  modifiedAt: Date | null;
  /** Uploads of the post's attachments (filearea `attachment`). */
  attachmentUploadIds: number[];
}

export interface PlannedReply {
  sourceRef: string;
  /** The first-level reply this one answers (its `sourceRef`), null when it answers the topic. */
  parentRef: string | null;
  content: string;
  authorName: string;
  createdAt: Date;
  updatedAt: Date;
  editedAt: Date | null;
  attachmentUploadIds: number[];
}

export interface PlannedTopic {
  sourceRef: string;
  title: string;
  content: string;
  authorName: string;
  isPinned: boolean;
  isLocked: boolean;
  createdAt: Date;
  updatedAt: Date;
  editedAt: Date | null;
  attachmentUploadIds: number[];
  /** First-level replies before the second-level ones that answer them; each level oldest first. */
  replies: PlannedReply[];
}

const TITLE_MAX = 200;

function clipTitle(title: string): string {
  const t = title.replace(/\s+/g, ' ').trim();
  return t.length > TITLE_MAX ? `${t.slice(0, TITLE_MAX - 1)}…` : t || 'Untitled';
}

/** Earlier of two instants, ties by id: the order replies are shown in. */
function byTime(a: MoodlePost, b: MoodlePost): number {
  return (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0) || Number(a.id) - Number(b.id) || a.id.localeCompare(b.id);
}

/**
 * The two-level threading of a discussion's posts: for each post but the first, the id of the
 * first-level reply it is folded onto (null: it is first-level itself). A post whose parent chain
 * does not reach the first post (a missing parent, a loop) is first-level.
 */
export function foldThreads(firstPostId: string, posts: readonly Pick<MoodlePost, 'id' | 'parentId'>[]): Map<string, string | null> {
  const parentOf = new Map(posts.map((p) => [p.id, p.parentId && p.parentId !== '0' ? p.parentId : null]));
  const folded = new Map<string, string | null>();
  for (const post of posts) {
    if (post.id === firstPostId) continue;
    let current = post.id;
    const seen = new Set<string>([current]);
    let firstLevel: string | null = null;
    for (;;) {
      const parent = parentOf.get(current) ?? null;
      if (parent === firstPostId) {
        firstLevel = current;
        break;
      }
      if (parent === null || !parentOf.has(parent) || seen.has(parent)) break;
      seen.add(parent);
      current = parent;
    }
    folded.set(post.id, firstLevel === null || firstLevel === post.id ? null : firstLevel);
  }
  return folded;
}

/**
 * The topic of one Moodle discussion: `posts` in any order; the first post is `firstPostId`
 * (else the one without a parent, else the earliest). A reply whose subject is its own (not
 * "Re: …" of the discussion) keeps it as a bold first line. `now` dates posts without times.
 * Answers null for a discussion without posts.
 */
export function planTopic(
  discussion: { sourceRef: string; postRefPrefix: string; name: string; firstPostId: string | null; pinned: boolean; locked: boolean },
  posts: readonly MoodlePost[],
  now: Date,
): PlannedTopic | null {
  if (posts.length === 0) return null;
  const sorted = [...posts].sort(byTime);
  const first = sorted.find((p) => p.id === discussion.firstPostId) ?? sorted.find((p) => p.parentId === null || p.parentId === '0') ?? sorted[0]!;
  const title = clipTitle(discussion.name || first.subject);
  const folded = foldThreads(
    first.id,
    sorted.map((p) => ({ id: p.id, parentId: p.parentId })),
  );
  const times = (p: MoodlePost) => {
    const createdAt = p.createdAt ?? now;
    const updatedAt = p.modifiedAt && p.modifiedAt > createdAt ? p.modifiedAt : createdAt;
    return { createdAt, updatedAt, editedAt: updatedAt > createdAt ? updatedAt : null };
  };
  const ownSubject = (p: MoodlePost) => {
    const s = p.subject.replace(/\s+/g, ' ').trim();
    return s === '' || /^re:/i.test(s) || s === title ? '' : `<p><strong>${escapeHtml(s)}</strong></p>`;
  };
  const replies = sorted
    .filter((p) => p !== first)
    .map((p): PlannedReply => ({
      sourceRef: `${discussion.postRefPrefix}${p.id}`,
      parentRef: folded.get(p.id) ? `${discussion.postRefPrefix}${folded.get(p.id)!}` : null,
      content: `${ownSubject(p)}${p.content}` || '<p></p>',
      authorName: p.authorName,
      ...times(p),
      attachmentUploadIds: p.attachmentUploadIds,
    }));
  return {
    sourceRef: discussion.sourceRef,
    title,
    content: first.content,
    authorName: first.authorName,
    isPinned: discussion.pinned,
    isLocked: discussion.locked,
    ...times(first),
    attachmentUploadIds: first.attachmentUploadIds,
    replies: [...replies.filter((r) => r.parentRef === null), ...replies.filter((r) => r.parentRef !== null)],
  };
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The name an imported author is shown by when the backup does not name them (no users in it, or a deleted user). */
export function moodleUserLabel(userId: string | null): string {
  return userId ? `Moodle user ${userId}` : 'Moodle user';
}
