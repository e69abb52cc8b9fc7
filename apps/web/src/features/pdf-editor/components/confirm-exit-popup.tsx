import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** The PDF editor's confirm-exit popup (spec §2 popups, §4): leave and lose the unsaved changes, or stay. */
export function ConfirmExitPopup({ open, onLeave, onStay }: { open: boolean; onLeave: () => void; onStay: () => void }) {
  const { t } = useTranslation('pdfEditor');
  return (
    <Modal
      open={open}
      title={t('confirmExit.title')}
      okText={t('confirmExit.leave')}
      okButtonProps={{ danger: true }}
      cancelText={t('confirmExit.stay')}
      onOk={onLeave}
      onCancel={onStay}
      destroyOnHidden
    >
      {t('confirmExit.content')}
    </Modal>
  );
}
