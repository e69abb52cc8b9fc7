import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { KeyboardEvent } from 'react';
import type { TableRef } from 'antd/es/table';
import { useVirtualRowTabbing } from './use-virtual-row-tabbing';

type Row = { id: number; isOpen: boolean };
const rows: Row[] = [
  { id: 1, isOpen: false },
  { id: 2, isOpen: false },
  { id: 3, isOpen: true },
  { id: 4, isOpen: false },
];
const canFocus = (row: Row) => !row.isOpen;

/** A virtual table's body holding only the rows `rendered` (each with its button), and its scrollTo. */
function table(rendered: number[]) {
  const nativeElement = document.createElement('div');
  const render = (ids: number[]) => {
    nativeElement.innerHTML = ids.map((id) => `<div data-row-key="${id}"><button>Grade ${id}</button></div>`).join('');
  };
  render(rendered);
  document.body.append(nativeElement);
  const scrollTo = vi.fn();
  return { ref: { nativeElement, scrollTo } as unknown as TableRef, scrollTo, render, nativeElement };
}
const tab = (shiftKey = false) =>
  ({ key: 'Tab', shiftKey, altKey: false, ctrlKey: false, metaKey: false, preventDefault: vi.fn() }) as unknown as KeyboardEvent<HTMLElement>;

describe('useVirtualRowTabbing (Tab through the rows of a virtual table)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  it('Tab on the last rendered row scrolls to the next focusable row (passing rows that cannot take focus) and focuses its control once rendered', async () => {
    const { result } = renderHook(() => useVirtualRowTabbing(rows, { isVirtual: true, selector: 'button', canFocus }));
    const t = table([1, 2]);
    result.current.tableRef.current = t.ref;
    const event = tab();
    result.current.onRowKeyDown(event, rows[1]!);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(t.scrollTo).toHaveBeenCalledWith({ index: 3, align: 'end' });
    t.render([3, 4]);
    await vi.waitFor(() => expect(document.activeElement).toHaveTextContent('Grade 4'));
  });

  it('leaves rendered rows, the table’s ends and a table that is not virtual to the browser', () => {
    const virtual = renderHook(() => useVirtualRowTabbing(rows, { isVirtual: true, selector: 'button', canFocus }));
    const t = table([1, 2]);
    virtual.result.current.tableRef.current = t.ref;
    for (const [event, row] of [
      [tab(), rows[0]!],
      [tab(true), rows[0]!],
      [tab(), rows[3]!],
    ] as const) {
      virtual.result.current.onRowKeyDown(event, row);
      expect(event.preventDefault).not.toHaveBeenCalled();
    }
    const plain = renderHook(() => useVirtualRowTabbing(rows, { isVirtual: false, selector: 'button', canFocus }));
    plain.result.current.tableRef.current = t.ref;
    const event = tab();
    plain.result.current.onRowKeyDown(event, rows[1]!);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(t.scrollTo).not.toHaveBeenCalled();
  });
});
