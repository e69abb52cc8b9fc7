import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders `children` from the first time `open` is true, then keeps them (a popup's close
 * animation and state survive). With a lazily loaded popup inside, its chunk is fetched on first
 * open instead of with the page (issue 22 §3: first loads light); nothing shows while it loads.
 */
export function MountWhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [hasOpened, setHasOpened] = useState(open);
  if (open && !hasOpened) setHasOpened(true);
  return hasOpened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
