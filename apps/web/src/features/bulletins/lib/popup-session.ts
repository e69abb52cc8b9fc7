/** Session storage key prefix: the popup was closed (or all read) in this sign-in session, per user id. */
const KEY = 'atrium.bulletinPopup.seen';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** True when user `userId` closed the unread bulletin popup in this sign-in session. */
export function isPopupSeen(userId: number): boolean {
  return storage()?.getItem(KEY) === String(userId);
}

/** Remembers for this tab's sign-in session that user `userId` closed the popup. */
export function markPopupSeen(userId: number): void {
  storage()?.setItem(KEY, String(userId));
}

/** Forgets it (signing out): the next sign-in shows the popup again while unread bulletins remain. */
export function clearPopupSeen(): void {
  storage()?.removeItem(KEY);
}
