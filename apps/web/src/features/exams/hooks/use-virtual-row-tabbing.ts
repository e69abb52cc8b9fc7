import { useCallback, useRef, type KeyboardEvent, type RefObject } from 'react';
import type { TableRef } from 'antd/es/table';

/** Frames to wait for a row scrolled to (Table `scrollTo`) to be rendered before giving up on focusing it. */
const FOCUS_FRAMES = 10;

/**
 * Tab and Shift+Tab between the rows of an antd Table in virtual mode, where only the rows in
 * view exist in the page: on a row's control, when the next (or previous) row whose control can
 * take focus (`canFocus`, a stable function) is not rendered, the table scrolls to it
 * (`scrollTo({ index })`) and the control `selector` of that row (by `data-row-key`) takes focus
 * once it is rendered. Rows already rendered are left to the browser's own Tab. Returns the ref
 * for the Table and the key-down handler for the rows' controls; with `isVirtual` false the
 * handler does nothing.
 */
export function useVirtualRowTabbing<Row extends { id: number }>(
  rows: readonly Row[],
  { isVirtual, selector, canFocus }: { isVirtual: boolean; selector: string; canFocus: (row: Row) => boolean },
): { tableRef: RefObject<TableRef | null>; onRowKeyDown: (event: KeyboardEvent<HTMLElement>, row: Row) => void } {
  const tableRef = useRef<TableRef | null>(null);
  const onRowKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>, row: Row) => {
      const table = tableRef.current;
      if (!isVirtual || !table || event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
      const step = event.shiftKey ? -1 : 1;
      let next = rows.findIndex((r) => r.id === row.id) + step;
      while (next >= 0 && next < rows.length && !canFocus(rows[next]!)) next += step;
      const target = rows[next];
      if (!target) return;
      const find = () => table.nativeElement.querySelector<HTMLElement>(`[data-row-key="${target.id}"] ${selector}`);
      if (find()) return;
      event.preventDefault();
      table.scrollTo({ index: next, align: step > 0 ? 'end' : 'start' });
      let frames = 0;
      const focusWhenRendered = () => {
        const element = find();
        if (element) element.focus();
        else if (++frames < FOCUS_FRAMES) requestAnimationFrame(focusWhenRendered);
      };
      requestAnimationFrame(focusWhenRendered);
    },
    [rows, isVirtual, selector, canFocus],
  );
  return { tableRef, onRowKeyDown };
}
