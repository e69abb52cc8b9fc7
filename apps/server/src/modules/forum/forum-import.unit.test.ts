import { describe, expect, it } from 'vitest';
import { foldThreads, planTopic, type MoodlePost } from './forum-import.js';

const post = (id: string, parentId: string | null, created: number, extra: Partial<MoodlePost> = {}): MoodlePost => ({
  id,
  parentId,
  subject: 'Re: Topic',
  content: `<p>post ${id}</p>`,
  authorName: `Author ${id}`,
  createdAt: new Date(created * 1000),
  modifiedAt: new Date(created * 1000),
  attachmentUploadIds: [],
  ...extra,
});

describe('foldThreads (Moodle nesting → two levels)', () => {
  it('answers to the first post are first-level; deeper posts fold onto their first-level ancestor', () => {
    // 1 ← 2 ← 3 ← 4 ; 1 ← 5 ; 5 ← 6
    const folded = foldThreads('1', [
      { id: '1', parentId: '0' },
      { id: '2', parentId: '1' },
      { id: '3', parentId: '2' },
      { id: '4', parentId: '3' },
      { id: '5', parentId: '1' },
      { id: '6', parentId: '5' },
    ]);
    expect(Object.fromEntries(folded)).toEqual({ '2': null, '3': '2', '4': '2', '5': null, '6': '5' });
  });

  it('a post whose parent is missing or that sits in a loop becomes first-level', () => {
    const folded = foldThreads('1', [
      { id: '1', parentId: null },
      { id: '2', parentId: '99' }, // parent not in the backup (e.g. a private reply left out)
      { id: '3', parentId: '2' },
      { id: '4', parentId: '5' },
      { id: '5', parentId: '4' }, // a loop
    ]);
    expect(Object.fromEntries(folded)).toEqual({ '2': null, '3': null, '4': null, '5': null });
  });
});

describe('planTopic', () => {
  const discussion = { sourceRef: 's:1:discussion:7', postRefPrefix: 's:1:post:', name: 'Topic', firstPostId: '1', pinned: true, locked: false };

  it('takes the first post as the topic, lists first-level replies before second-level ones, oldest first', () => {
    const topic = planTopic(
      discussion,
      [post('4', '2', 400), post('3', '1', 300), post('1', '0', 100), post('2', '1', 200, { modifiedAt: new Date(250_000) })],
      new Date(0),
    )!;
    expect(topic).toMatchObject({ title: 'Topic', content: '<p>post 1</p>', authorName: 'Author 1', isPinned: true, editedAt: null });
    expect(topic.replies.map((r) => [r.sourceRef, r.parentRef])).toEqual([
      ['s:1:post:2', null],
      ['s:1:post:3', null],
      ['s:1:post:4', 's:1:post:2'],
    ]);
    expect(topic.replies[0]).toMatchObject({ createdAt: new Date(200_000), updatedAt: new Date(250_000), editedAt: new Date(250_000) });
  });

  it('keeps a reply subject of its own as a bold first line (escaped) and answers null without posts', () => {
    const topic = planTopic(discussion, [post('1', '0', 1), post('2', '1', 2, { subject: 'Why <this>?' })], new Date(0))!;
    expect(topic.replies[0]!.content).toBe('<p><strong>Why &lt;this&gt;?</strong></p><p>post 2</p>');
    expect(planTopic(discussion, [], new Date(0))).toBeNull();
  });
});
