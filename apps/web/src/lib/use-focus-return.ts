import { useEffect, useRef } from 'react';

/**
 * Gives the focus back, when the calling component unmounts, to the element that had it when the
 * component first rendered (WCAG 2.2 2.4.3 focus order; the ARIA dialog pattern's focus return).
 * For dialogs their parent mounts only while open (`{open && <Dialog />}`): antd's Modal returns the
 * focus when its `open` turns false, which such a dialog never sees. Nothing happens when that
 * element has left the page or the focus has already moved outside the body (another window).
 */
export function useFocusReturn(): void {
  const opener = useRef<Element | null | undefined>(undefined);
  if (opener.current === undefined) opener.current = typeof document === 'undefined' ? null : document.activeElement;
  useEffect(
    () => () => {
      const element = opener.current;
      if (!(element instanceof HTMLElement) || !element.isConnected || element === document.body) return;
      // After the dialog's own nodes are gone: React runs this cleanup while they are being removed.
      queueMicrotask(() => element.focus({ preventScroll: true }));
    },
    [],
  );
}
