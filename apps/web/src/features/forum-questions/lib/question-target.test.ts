import { describe, expect, it } from 'vitest';
import { notificationDestination } from '@atrium/contracts';
import { questionTargetOf } from './question-target';

describe('questionTargetOf (issue 18 §5: a question notice opens the previewer)', () => {
  it('reads the destination a question notice gets, and nothing from other hashes', () => {
    const url = notificationDestination({
      type: 'topic',
      course_id: 3,
      activity_id: 9,
      topic_id: 41,
      payload: { space: 'question', upload_id: 5, anchor_page: 3 },
    });
    expect(url).toBe('/course/3/learning-activity#/9?upload=5&page=3&question=41');
    expect(questionTargetOf(url.slice(url.indexOf('#')))).toEqual({ uploadId: 5, questionId: 41, page: 3 });
    expect(questionTargetOf('#/9?upload=5&question=41')).toEqual({ uploadId: 5, questionId: 41, page: null });
    expect(questionTargetOf('#/9')).toBeNull();
    expect(questionTargetOf('#/9?view=scores')).toBeNull();
    expect(questionTargetOf('#/9?upload=x&question=41')).toBeNull();
  });
});
