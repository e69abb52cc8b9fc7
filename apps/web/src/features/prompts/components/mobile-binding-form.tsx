import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { MOBILE_CODE_LENGTH } from '@atrium/contracts';
import { isApiError } from '../../../lib/api-client';
import { showFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useBindMobile, useSendMobileCode } from '../api';
import { useCountdown } from '../hooks/use-countdown';

interface Values {
  mobile_phone: string;
  code: string;
}

/**
 * Binds a mobile phone (issue 17 §4): the number, "Send code" (then a 60 s countdown before it can
 * be sent again, spec §4), the 6-digit code, "Bind". Server errors show on their fields.
 */
export function MobileBindingForm({ initialPhone, onBound }: { initialPhone?: string | null; onBound?: () => void }) {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const [form] = Form.useForm<Values>();
  const sendCode = useSendMobileCode();
  const bind = useBindMobile();
  const countdown = useCountdown();

  const send = async () => {
    let phone: string;
    try {
      phone = (await form.validateFields(['mobile_phone'])).mobile_phone;
    } catch {
      return;
    }
    try {
      const answer = await sendCode.mutateAsync(phone.trim());
      countdown.start(answer.resend_after_seconds);
      toast.success(t('prompts.mobile.codeSent'));
    } catch (error) {
      if (isApiError(error, 429)) countdown.start(60);
      const shown = showFieldErrors(form, error, { fields: ['mobile_phone'] });
      if (shown.fieldErrors.length === 0) toast.error(error, t('prompts.mobile.sendFailed'));
    }
  };

  const submit = async ({ mobile_phone, code }: Values) => {
    try {
      await bind.mutateAsync({ mobile_phone: mobile_phone.trim(), code: code.trim() });
      toast.success(t('prompts.mobile.bound'));
      onBound?.();
    } catch (error) {
      const shown = showFieldErrors(form, error, { fields: ['mobile_phone', 'code'] });
      if (shown.fieldErrors.length === 0) toast.error(error, t('prompts.mobile.bindFailed'));
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} initialValues={{ mobile_phone: initialPhone ?? '', code: '' }}>
      <Form.Item
        name="mobile_phone"
        label={t('prompts.mobile.phone')}
        rules={[
          { required: true, message: t('prompts.mobile.phoneRequired') },
          { pattern: /^\+?[0-9]{6,15}$/, message: t('prompts.mobile.phoneInvalid') },
        ]}
      >
        <Input inputMode="tel" autoComplete="tel" />
      </Form.Item>
      <Form.Item label={t('prompts.mobile.code')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="code"
            noStyle
            rules={[
              { required: true, message: t('prompts.mobile.codeRequired') },
              { pattern: /^[0-9]{6}$/, message: t('prompts.mobile.codeInvalid', { count: MOBILE_CODE_LENGTH }) },
            ]}
          >
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={MOBILE_CODE_LENGTH} aria-label={t('prompts.mobile.code')} />
          </Form.Item>
          <Button onClick={() => void send()} disabled={countdown.remaining > 0} loading={sendCode.isPending}>
            {countdown.remaining > 0 ? t('prompts.mobile.resendIn', { count: countdown.remaining }) : t('prompts.mobile.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={bind.isPending}>
        {t('prompts.mobile.bind')}
      </Button>
    </Form>
  );
}
