import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WARNING_RULE_NAMES, WarningList, WarningRulesAnswer, WarningRulesInput } from '@atrium/contracts';
import { api } from '../../lib/api-client';

/** One of the four rules (the list's `rule` filter). */
export type WarningRuleName = (typeof WARNING_RULE_NAMES)[number];

/** Whose rules: a course's (its team) or the signed-in user's organisation's (its admins). */
export type WarningRulesScope = { kind: 'course'; courseId: number } | { kind: 'org' };

/** Query keys of early warning (issue 25 item 4). */
export const warningKeys = {
  all: ['warnings'] as const,
  lists: (courseId: number) => ['warnings', 'list', courseId] as const,
  list: (courseId: number, page: number, pageSize: number, rule: WarningRuleName | undefined) =>
    ['warnings', 'list', courseId, page, pageSize, rule ?? 'all'] as const,
  rules: (scope: WarningRulesScope) =>
    scope.kind === 'course' ? (['warnings', 'rules', 'course', scope.courseId] as const) : (['warnings', 'rules', 'org'] as const),
};

function rulesPath(scope: WarningRulesScope): string {
  return scope.kind === 'course' ? `/api/courses/${scope.courseId}/warning-rules` : '/api/org/warning-rules';
}

/** `GET /api/courses/{id}/warnings?page=&page_size=&rule=`: the students the rules flag now, with the reasons (the course team and the organisation's admins). */
export function useCourseWarnings(courseId: number, page: number, pageSize: number, rule?: WarningRuleName) {
  return useQuery({
    queryKey: warningKeys.list(courseId, page, pageSize, rule),
    queryFn: ({ signal }) => api.get<WarningList>(`/api/courses/${courseId}/warnings`, { page, page_size: pageSize, rule }, signal),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/courses/{id}/warning-rules` or `GET /api/org/warning-rules`: the rules in force and what this level set itself. */
export function useWarningRules(scope: WarningRulesScope) {
  return useQuery({
    queryKey: warningKeys.rules(scope),
    queryFn: ({ signal }) => api.get<WarningRulesAnswer>(rulesPath(scope), undefined, signal),
  });
}

/**
 * `PUT` of the same path: what this level sets (the server replaces what it set before; a key left out
 * follows the level above, null turns the rule off). The answer goes into the cache, and the alert lists
 * the new rules change are read again (a course's; every course's for the organisation's rules).
 */
export function useSaveWarningRules(scope: WarningRulesScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WarningRulesInput) => api.put<WarningRulesAnswer>(rulesPath(scope), body),
    onSuccess: (answer) => {
      queryClient.setQueryData(warningKeys.rules(scope), answer);
      if (scope.kind === 'course') void queryClient.invalidateQueries({ queryKey: warningKeys.lists(scope.courseId) });
      else void queryClient.invalidateQueries({ queryKey: warningKeys.all });
    },
  });
}
