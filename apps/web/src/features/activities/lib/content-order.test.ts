import { describe, expect, it } from 'vitest';
import type { ActivitySummary, ContentModule } from '@atrium/contracts';
import { moveInContent, orderBodyOf } from './content-order';

const activity = (id: number, moduleId: number): ActivitySummary => ({
  id,
  module_id: moduleId,
  type: 'page',
  title: `A${id}`,
  is_published: true,
  start_time: null,
  end_time: null,
  completion_criterion: 'viewed',
  completion_percent: null,
  sort: id,
  is_completed: false,
  access: 'open',
});
const content: ContentModule[] = [
  { id: 1, title: 'M1', summary: null, sort: 1, is_published: true, activities: [activity(11, 1), activity(12, 1), activity(13, 1)] },
  { id: 2, title: 'M2', summary: null, sort: 2, is_published: true, activities: [activity(21, 2)] },
  { id: 3, title: 'M3', summary: null, sort: 3, is_published: true, activities: [] },
];

describe('moveInContent (drag and drop order)', () => {
  it('moves an activity within its module', () => {
    expect(orderBodyOf(moveInContent(content, 'activity-11', 'activity-13')).modules[0]).toEqual({ id: 1, activity_ids: [12, 13, 11] });
  });

  it("moves an activity onto another module's activity, and onto an empty module", () => {
    const across = orderBodyOf(moveInContent(content, 'activity-12', 'activity-21')).modules;
    expect(across).toEqual([
      { id: 1, activity_ids: [11, 13] },
      { id: 2, activity_ids: [12, 21] },
      { id: 3, activity_ids: [] },
    ]);
    const moved = moveInContent(content, 'activity-13', 'module-3');
    expect(orderBodyOf(moved).modules[2]).toEqual({ id: 3, activity_ids: [13] });
    expect(moved[2]!.activities[0]!.module_id).toBe(3);
  });

  it('moves modules, and leaves the order alone for a drop on itself or nowhere', () => {
    expect(orderBodyOf(moveInContent(content, 'module-3', 'module-1')).modules.map((m) => m.id)).toEqual([3, 1, 2]);
    expect(moveInContent(content, 'activity-11', 'activity-11')).toBe(content);
    expect(moveInContent(content, 'activity-11', null)).toBe(content);
  });
});
