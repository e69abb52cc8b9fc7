import { useEffect, useMemo, useState } from 'react';
import { Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { authKeys } from '../../auth/api';
import { usePopupBulletins, useMarkBulletinRead } from '../api';
import { clearPopupSeen, isPopupSeen, markPopupSeen } from '../lib/popup-session';
import { usePopupClaimed } from '../../../lib/popup-turn';
import { useToast } from '../../../lib/toast';
import { BulletinContent } from './bulletin-content';

/**
 * The unread organisation bulletin popup (spec §2 popups, §7; issue 17 §3): after sign-in, the
 * organisation's unread bulletins marked show_on_popup (`GET /api/bulletins?type=org&unread=true&
 * show_on_popup=true&page_size=100`) one by one, with "Mark as read", "Next" and "Later". Once it
 * has been shown it stays away for the rest of the sign-in session, page loads included (session
 * storage, cleared when signing out clears the signed-in user from the query cache).
 */
export function UnreadBulletinPopup({ userId }: { userId: number | null | undefined }) {
  const { t } = useTranslation('bulletins');
  const toast = useToast();
  const queryClient = useQueryClient();
  const [isSeen, setSeen] = useState(() => (userId ? isPopupSeen(userId) : true));
  const popup = usePopupBulletins(Boolean(userId) && !isSeen);
  const markRead = useMarkBulletinRead();
  const [index, setIndex] = useState(0);
  const [readIds, setReadIds] = useState<ReadonlySet<number>>(new Set());

  // Signing out clears the query cache (the signed-in user goes with it): the next sign-in shows the popup again.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'removed' && event.query.queryKey[0] === authKeys.me[0] && event.query.queryKey[1] === authKeys.me[1]) clearPopupSeen();
      }),
    [queryClient],
  );

  const items = useMemo(() => popup.data?.items ?? [], [popup.data]);
  // One popup at a time: while an account prompt is open this one waits (and does not count as shown).
  const isWaiting = usePopupClaimed();
  // Shown once per sign-in session: a page load after it appeared does not show it again.
  const isShown = !isSeen && !isWaiting && items.length > 0;
  useEffect(() => {
    if (isShown && userId) markPopupSeen(userId);
  }, [isShown, userId]);
  const bulletin = items[index];
  const close = () => setSeen(true);
  const next = () => {
    const following = items.findIndex((b, i) => i > index && !readIds.has(b.id));
    if (following === -1) close();
    else setIndex(following);
  };
  const read = () => {
    if (!bulletin) return;
    markRead.mutate(bulletin.id, { onError: (error) => toast.error(error, t('errors.markRead')) });
    setReadIds((ids) => new Set(ids).add(bulletin.id));
    const following = items.findIndex((b, i) => i !== index && b.id !== bulletin.id && !readIds.has(b.id));
    if (following === -1) close();
    else setIndex(following);
  };

  if (!isShown || !bulletin) return null;
  const isLast = items.every((b, i) => i <= index || readIds.has(b.id));
  return (
    <Modal
      open
      title={
        <Flex vertical gap={2}>
          <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }} data-testid="bulletin-popup-position">
            {t('popup.position', { current: index + 1, total: items.length })}
          </Typography.Text>
          <span>{bulletin.title}</span>
        </Flex>
      }
      onCancel={close}
      width={720}
      data-testid="bulletin-popup"
      footer={[
        <Button key="later" onClick={close}>
          {t('popup.later')}
        </Button>,
        !isLast && (
          <Button key="next" onClick={next}>
            {t('popup.next')}
          </Button>
        ),
        <Button key="read" type="primary" onClick={read}>
          {t('actions.markRead')}
        </Button>,
      ]}
    >
      <BulletinContent bulletin={bulletin} />
    </Modal>
  );
}
