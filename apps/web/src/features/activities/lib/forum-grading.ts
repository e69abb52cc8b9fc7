import { ForumGradingSchema } from '@atrium/contracts';

/**
 * A forum's participation grading in the activity form (issue 18 §1, ForumGradingSchema as
 * `data.grading`): off, or participation with the points of a full score and the posts (topics +
 * replies) that earn it. The form keeps what else an imported forum's data holds (its Moodle type,
 * discussions of an import made before issue 18) so saving does not drop it.
 */
export interface ForumFormData {
  grading?: { type: 'none' | 'participation'; max_score?: number | null; posts_for_full?: number | null };
  forum_type?: string;
  discussions?: unknown;
}

/** A newly switched-on grading's starting values: 100 points for 5 posts. */
export const FORUM_GRADING_DEFAULTS = { max_score: 100, posts_for_full: 5 } as const;

/** The form's forum settings of a stored forum's `data`. */
export function forumFormOfData(data: Record<string, unknown>): ForumFormData {
  const parsed = ForumGradingSchema.safeParse(data.grading);
  return {
    grading: parsed.success ? { ...parsed.data } : { type: 'none' },
    ...(typeof data.forum_type === 'string' ? { forum_type: data.forum_type } : {}),
    ...(data.discussions !== undefined ? { discussions: data.discussions } : {}),
  };
}

/** The forum's `data` of the form's values: `grading` null when off. */
export function forumDataOfForm(values: ForumFormData | undefined): Record<string, unknown> {
  const g = values?.grading;
  return {
    ...(values?.forum_type ? { forum_type: values.forum_type } : {}),
    ...(values?.discussions !== undefined ? { discussions: values.discussions } : {}),
    grading:
      g?.type === 'participation'
        ? {
            type: 'participation',
            max_score: g.max_score ?? FORUM_GRADING_DEFAULTS.max_score,
            posts_for_full: g.posts_for_full ?? FORUM_GRADING_DEFAULTS.posts_for_full,
          }
        : null,
  };
}
