import { useCurrentUser } from '../../auth/api';
import { UnreadBulletinPopup } from '../../bulletins/components/unread-bulletin-popup';
import { useNotificationStream } from '../hooks/use-notification-stream';

/**
 * What the signed-in shell mounts once (issue 17 §2–3): the tab's notification stream (closed on
 * sign-out) and the unread organisation bulletin popup. Renders nothing else.
 */
export function NotificationsLayer() {
  const { data: user } = useCurrentUser();
  useNotificationStream(user?.id);
  return <UnreadBulletinPopup key={user?.id ?? 0} userId={user?.id} />;
}
