import { useState } from 'react';
import { Modal, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { confirmInvite, headerKeys, useMyInvites } from '../header-api';
import { inviteFailureKey } from '../lib/header-rules';
import { useToast } from '../../../lib/toast';

/**
 * In-app invite confirmation (spec §2, §4): shows the first invitation waiting
 * (or the one named by `?invite_id=` from the e-mail). Confirming checks its status
 * (404 → 'invite cancelled', other failure → 'course deleted', spec §8), confirms it
 * unless already joined, and opens the course content.
 */
export function InviteConfirmPopup() {
  const { t } = useTranslation('courses');
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const invites = useMyInvites();
  const [dismissed, setDismissed] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const wanted = Number(params.get('invite_id'));
  const pending = (invites.data?.invites ?? []).filter((i) => !dismissed.includes(i.invite_id));
  const invite = pending.find((i) => i.invite_id === wanted) ?? pending[0];
  const linkedId = invite ? undefined : Number.isInteger(wanted) && wanted > 0 && !dismissed.includes(wanted) && invites.isSuccess ? wanted : undefined;
  const inviteId = invite?.invite_id ?? linkedId;

  const close = () => {
    if (inviteId !== undefined) setDismissed((d) => [...d, inviteId]);
    if (params.has('invite_id')) {
      params.delete('invite_id');
      setParams(params, { replace: true });
    }
  };

  const accept = async () => {
    if (inviteId === undefined) return;
    setBusy(true);
    try {
      const status = await confirmInvite(inviteId);
      void queryClient.invalidateQueries({ queryKey: headerKeys.invites });
      void queryClient.invalidateQueries({ queryKey: ['courses'] });
      void navigate(`/course/${status.course_id}/content`);
    } catch (error) {
      toast.error(t(inviteFailureKey(error)));
      close();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={inviteId !== undefined}
      title={t('invite.confirmTitle')}
      okText={t('invite.accept')}
      cancelText={t('invite.later')}
      confirmLoading={busy}
      onOk={() => void accept()}
      onCancel={close}
    >
      {invite ? (
        <Typography.Paragraph>
          {t('invite.confirmText', { inviter: invite.inviter_name ?? '', course: invite.course_name, role: t(`roles.${invite.role}`) })}
        </Typography.Paragraph>
      ) : (
        <Typography.Paragraph>{t('invite.confirmLinked')}</Typography.Paragraph>
      )}
    </Modal>
  );
}
