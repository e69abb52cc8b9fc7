import { useEffect } from 'react';
import { useBlocker, type Blocker } from 'react-router';

/**
 * Spec §4 PDF editor: while `isChanged`, leaving inside the app (exit,
 * next/previous, browser back) is held by the router until the confirm-exit
 * popup answers, and closing or reloading the tab raises the browser's
 * before-unload warning. Answers the router's blocker.
 */
export function useLeaveGuard(isChanged: boolean): Blocker {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => isChanged && currentLocation.key !== nextLocation.key);
  useEffect(() => {
    if (!isChanged) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the warning only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isChanged]);
  return blocker;
}
