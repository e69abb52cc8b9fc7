import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AUTH_CODE_LENGTH, AUTH_CODE_RESEND_SECONDS } from '@atrium/contracts';
import { ApiError, serverMessageOf } from '../../../lib/api-client';
import { useAuthCodeMutations } from '../api';
import { useToast } from '../../../lib/toast';

/** Spec §5: a messaging-platform auth code has exactly 6 characters. */
export function isAuthCodeShapeValid(code: string): boolean {
  return code.trim().length === AUTH_CODE_LENGTH;
}

/**
 * Messaging-platform auth-code validation (spec §2, §4, §6): send a code (then a
 * 60-second countdown before resending), type the 6 characters, validate. Closing
 * without validating returns to /user/index. Send failures toast their errors (spec §8).
 */
export function AuthCodePopup({ open }: { open: boolean }) {
  const { t } = useTranslation('management');
  const toast = useToast();
  const navigate = useNavigate();
  const { send, validate } = useAuthCodeMutations();
  const [code, setCode] = useState('');
  const [showError, setShowError] = useState(false);
  const [countdown, setCountdown] = useState(0);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = window.setTimeout(() => setCountdown((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [countdown]);

  const onSend = () =>
    send.mutate(undefined, {
      onSuccess: (answer) => {
        setCountdown(answer.resend_after_seconds || AUTH_CODE_RESEND_SECONDS);
        toast.success(t('authCode.sent'));
      },
      onError: (error) => {
        const errors = error instanceof ApiError ? Object.values(error.errors).flat() : [];
        toast.error(errors.join(' ') || serverMessageOf(error) || t('authCode.sendFailed'));
      },
    });

  const onValidate = () => {
    if (!isAuthCodeShapeValid(code)) {
      setShowError(true);
      return;
    }
    validate.mutate(code.trim(), { onError: () => setShowError(true) });
  };

  return (
    <Modal
      open={open}
      title={t('authCode.title')}
      onCancel={() => void navigate('/user/index')}
      okText={t('authCode.validate')}
      onOk={onValidate}
      confirmLoading={validate.isPending}
      cancelText={t('common:action.cancel')}
    >
      <Typography.Paragraph type="secondary">{t('authCode.hint')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('authCode.label')} validateStatus={showError ? 'error' : undefined} help={showError ? t('authCode.invalid') : undefined}>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              aria-label={t('authCode.label')}
              value={code}
              maxLength={AUTH_CODE_LENGTH}
              onChange={(e) => {
                setCode(e.target.value.trim());
                setShowError(false);
              }}
              onPressEnter={onValidate}
            />
            <Button onClick={onSend} disabled={countdown > 0} loading={send.isPending}>
              {countdown > 0 ? t('authCode.resendIn', { seconds: countdown }) : t('authCode.send')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}
