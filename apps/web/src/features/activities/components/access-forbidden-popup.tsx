import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ForbiddenView } from '../lib/activity-rules';

/**
 * Access-forbidden popup (spec §2): "not yet started" with the start time,
 * "ended" with the end time (YYYY-MM-DD HH:mm, spec §9), "unpublished", and
 * "locked" for checkpoint mode (an earlier activity is unfinished).
 */
export function AccessForbiddenPopup({ view, onClose }: { view: ForbiddenView | null; onClose: () => void }) {
  const { t } = useTranslation('activities');
  return (
    <Modal
      open={view !== null}
      title={view ? t(view.titleKey) : ''}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('forbidden.ok')}
    >
      {view?.titleKey === 'forbidden.notStarted' && view.time && (
        <Typography.Paragraph data-testid="forbidden-time">{t('forbidden.startTime', { time: view.time })}</Typography.Paragraph>
      )}
      {view?.titleKey === 'forbidden.ended' && view.time && (
        <Typography.Paragraph data-testid="forbidden-time">{t('forbidden.endTime', { time: view.time })}</Typography.Paragraph>
      )}
      {view?.titleKey === 'forbidden.locked' && <Typography.Paragraph>{t('forbidden.lockedText')}</Typography.Paragraph>}
    </Modal>
  );
}
