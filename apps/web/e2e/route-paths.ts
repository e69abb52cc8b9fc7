import type { RouteObject } from 'react-router';

/** One page of the route table: its full path pattern (`/course/:id/outline`) and the parameters it takes. */
export interface RoutePath {
  pattern: string;
  params: string[];
}

function join(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  const base = parent.endsWith('/') ? parent : `${parent}/`;
  return `${base}${path}`;
}

/** A pattern with each optional segment (`/:code?`) both left out and kept: `/a/:code?` → `/a`, `/a/:code`. */
function expandOptional(pattern: string): string[] {
  const segments = pattern.split('/');
  let paths = [''];
  for (const segment of segments.slice(1)) {
    if (segment.endsWith('?')) paths = [...paths, ...paths.map((path) => `${path}/${segment.slice(0, -1)}`)];
    else paths = paths.map((path) => `${path}/${segment}`);
  }
  return paths.map((path) => path || '/');
}

/**
 * Every page the route table draws, as full path patterns: the table flattened (children joined to their
 * parents' paths, index routes taking their parent's), optional segments expanded, layout-only routes
 * (no path of their own beyond their children's) kept too, since a layout can be a page (`/management`).
 * In the table's order, without duplicates.
 */
export function routePaths(routes: RouteObject[]): RoutePath[] {
  const patterns: string[] = [];
  const walk = (list: RouteObject[], parent: string) => {
    for (const route of list) {
      const full = route.index ? parent : route.path !== undefined ? join(parent, route.path) : parent;
      if (route.index || route.path !== undefined) patterns.push(...expandOptional(full));
      if (route.children) walk(route.children, full);
    }
  };
  walk(routes, '/');
  return [...new Set(patterns)].map((pattern) => ({
    pattern,
    params: [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1]!),
  }));
}

/** The pattern with each `:param` replaced by its value; throws on a parameter without one. */
export function fillPattern(pattern: string, values: Record<string, string | number | undefined>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${pattern}: add one to the parameter table`);
    return encodeURIComponent(String(value));
  });
}
