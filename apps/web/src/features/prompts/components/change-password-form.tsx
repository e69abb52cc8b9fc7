import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useChangePassword } from '../api';

interface Values {
  old_password: string;
  new_password: string;
  confirm: string;
}

/** Changes my password (`PUT /api/user/password`; issue 17 §4 password expiry). Server errors show on their fields. */
export function ChangePasswordForm() {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();

  const submit = async ({ old_password, new_password }: Values) => {
    try {
      await change.mutateAsync({ old_password, new_password });
      form.resetFields();
      toast.success(t('prompts.password.changed'));
    } catch (error) {
      const shown = showFieldErrors(form, error, { fields: ['old_password', 'new_password'] });
      if (shown.fieldErrors.length === 0) toast.error(error, t('prompts.password.failed'));
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit}>
      <Form.Item name="old_password" label={t('prompts.password.old')} rules={[{ required: true, message: t('prompts.password.oldRequired') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="new_password"
        label={t('prompts.password.new')}
        rules={[
          { required: true, message: t('prompts.password.newRequired') },
          { min: 8, message: t('prompts.password.tooShort', { count: 8 }) },
          { max: 128, message: t('prompts.password.tooLong', { count: 128 }) },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('prompts.password.confirm')}
        dependencies={['new_password']}
        rules={[
          { required: true, message: t('prompts.password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_rule, value) =>
              !value || getFieldValue('new_password') === value ? Promise.resolve() : Promise.reject(new Error(t('prompts.password.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('prompts.password.submit')}
      </Button>
    </Form>
  );
}
