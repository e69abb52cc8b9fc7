import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Meeting } from '@atrium/contracts';
import { useReviewMeeting } from '../api';
import { isReviewable } from '../lib/meeting-body';
import { useToast } from '../../../lib/toast';

/** Props of MeetingReviewActions. */
export interface MeetingReviewActionsProps {
  meeting: Meeting;
  size?: 'small' | 'middle';
  /** Called with the new status after a successful review. */
  onReviewed?: (status: Meeting['data']['audit_status']) => void;
}

/**
 * Approve and reject buttons of an organisation administrator (spec §4 audit_status, decision
 * 0021): approve unless already approved, reject (after a confirmation) unless already rejected.
 * Nothing shows for meetings that need no review or can no longer change (agreed and started).
 * A refusal toasts the server message.
 */
export function MeetingReviewActions({ meeting, size = 'middle', onReviewed }: MeetingReviewActionsProps) {
  const { t } = useTranslation('calendar');
  const toast = useToast();
  const review = useReviewMeeting();
  if (!isReviewable(meeting)) return null;
  const status = meeting.data.audit_status;

  const send = async (audit_status: Meeting['data']['audit_status']) => {
    try {
      await review.mutateAsync({ meeting, audit_status });
      toast.success(t(audit_status === 'agree' ? 'review.approved' : 'review.rejected', { title: meeting.title }));
      onReviewed?.(audit_status);
    } catch (error) {
      toast.error(error, t('review.failed'));
    }
  };

  return (
    <Space size="small">
      {status !== 'agree' && (
        <Button
          size={size}
          type="primary"
          loading={review.isPending && review.variables?.audit_status === 'agree'}
          onClick={() => void send('agree')}
          aria-label={t('review.approveMeeting', { title: meeting.title })}
        >
          {t('review.approve')}
        </Button>
      )}
      {status !== 'reject' && (
        <Popconfirm
          title={t('review.confirmReject')}
          description={t('review.rejectHint')}
          okText={t('review.reject')}
          cancelText={t('common.cancel')}
          onConfirm={() => send('reject')}
        >
          <Button
            size={size}
            danger
            loading={review.isPending && review.variables?.audit_status === 'reject'}
            aria-label={t('review.rejectMeeting', { title: meeting.title })}
          >
            {t('review.reject')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
