import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ActivitySummary, CourseContent } from '@atrium/contracts';
import { renderWithApp } from '../../../test/render';
import { LiveActivitiesLink } from './live-activities-link';

const summary = (type: ActivitySummary['type']): ActivitySummary => ({
  id: 1,
  module_id: 1,
  type,
  title: 'A',
  is_published: true,
  start_time: null,
  end_time: null,
  completion_criterion: 'viewed',
  completion_percent: null,
  sort: 1,
  is_completed: false,
  access: 'open',
});
const content = (types: ActivitySummary['type'][]): CourseContent => ({
  learning_mode: 'free',
  can_edit: false,
  modules: [{ id: 1, title: 'M', summary: null, sort: 1, is_published: true, activities: types.map(summary) }],
  study: { study_completeness: 0, last_activity: null, last_update_completeness_time: null },
});

describe('LiveActivitiesLink (decision 0150)', () => {
  it('links to the live-activities page when the content holds a meeting', () => {
    renderWithApp(<LiveActivitiesLink courseId={4} content={content(['page', 'dingtalk_live'])} />);
    expect(screen.getByRole('link', { name: /Live activities/ })).toHaveAttribute('href', '/course/4/live-activities');
  });

  it('is absent without one', () => {
    renderWithApp(<LiveActivitiesLink courseId={4} content={content(['page', 'exam'])} />);
    expect(screen.queryByRole('link', { name: /Live activities/ })).not.toBeInTheDocument();
  });
});
