import { useId, useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { isSafeLinkHref } from './toolbar-items';

/** Link popup (mounted while open, so it starts from `initialHref`): an http, https or mailto address (anything else is refused on the field); an empty address removes the link. */
export function LinkPopup({
  open,
  initialHref,
  lng,
  onSave,
  onClose,
}: {
  open: boolean;
  initialHref: string;
  lng: string;
  onSave: (href: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('editor', { lng });
  const [href, setHref] = useState(initialHref);
  const [isInvalid, setInvalid] = useState(false);
  const inputId = useId();
  const save = () => {
    const value = href.trim();
    if (value !== '' && !isSafeLinkHref(value)) {
      setInvalid(true);
      return;
    }
    onSave(value);
  };
  return (
    <Modal open={open} title={t('link.title')} okText={t('link.save')} cancelText={t('cancel')} onOk={save} onCancel={onClose} destroyOnHidden>
      <Form layout="vertical" onFinish={save}>
        <Form.Item
          label={t('link.url')}
          htmlFor={inputId}
          validateStatus={isInvalid ? 'error' : undefined}
          help={isInvalid ? t('link.invalid') : t('link.hint')}
        >
          <Input id={inputId} autoFocus value={href} placeholder="https://" onChange={(event) => setHref(event.target.value)} onPressEnter={save} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
