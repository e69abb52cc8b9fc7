import type { ContentModule, ContentOrderBody } from '@atrium/contracts';

/** Drag-and-drop ids: modules are `module-{id}`, activities `activity-{id}`. */
export const moduleDndId = (id: number) => `module-${id}`;
export const activityDndId = (id: number) => `activity-${id}`;

function parseDndId(value: string | number): { kind: 'module' | 'activity'; id: number } | null {
  const match = /^(module|activity)-(\d+)$/.exec(String(value));
  return match ? { kind: match[1] as 'module' | 'activity', id: Number(match[2]) } : null;
}

/**
 * The content after dropping `activeId` on `overId` (drag and drop, pointer or
 * keyboard): a module dropped on a module takes its place; an activity dropped
 * on an activity takes its place (in that activity's module, so it may change
 * module); an activity dropped on a module goes to that module's end. Answers
 * the same array when nothing moves.
 */
export function moveInContent(
  modules: readonly ContentModule[],
  activeId: string | number,
  overId: string | number | null | undefined,
): readonly ContentModule[] {
  if (overId === null || overId === undefined || activeId === overId) return modules;
  const active = parseDndId(activeId);
  const over = parseDndId(overId);
  if (!active || !over) return modules;

  if (active.kind === 'module') {
    const overModuleId = over.kind === 'module' ? over.id : modules.find((m) => m.activities.some((a) => a.id === over.id))?.id;
    const from = modules.findIndex((m) => m.id === active.id);
    const to = modules.findIndex((m) => m.id === overModuleId);
    if (from < 0 || to < 0 || from === to) return modules;
    const next = [...modules];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    return next;
  }

  const source = modules.find((m) => m.activities.some((a) => a.id === active.id));
  if (!source) return modules;
  const activity = source.activities.find((a) => a.id === active.id)!;
  const target = over.kind === 'module' ? modules.find((m) => m.id === over.id) : modules.find((m) => m.activities.some((a) => a.id === over.id));
  if (!target) return modules;
  const fromIndex = source.activities.findIndex((a) => a.id === active.id);
  let toIndex = over.kind === 'module' ? target.activities.length : target.activities.findIndex((a) => a.id === over.id);
  if (target.id === source.id) {
    if (over.kind === 'module') toIndex = source.activities.length - 1;
    if (toIndex === fromIndex) return modules;
    const list = [...source.activities];
    list.splice(fromIndex, 1);
    list.splice(toIndex, 0, activity);
    return modules.map((m) => (m.id === source.id ? { ...m, activities: list } : m));
  }
  const moved = { ...activity, module_id: target.id };
  return modules.map((m) => {
    if (m.id === source.id) return { ...m, activities: m.activities.filter((a) => a.id !== active.id) };
    if (m.id === target.id) {
      const list = [...m.activities];
      list.splice(toIndex, 0, moved);
      return { ...m, activities: list };
    }
    return m;
  });
}

/** The body of `PUT /api/courses/{id}/content/order` for a content order: every module with its activity ids, in order. */
export function orderBodyOf(modules: readonly ContentModule[]): ContentOrderBody {
  return { modules: modules.map((m) => ({ id: m.id, activity_ids: m.activities.map((a) => a.id) })) };
}
