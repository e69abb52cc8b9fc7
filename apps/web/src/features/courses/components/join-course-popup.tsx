import { useState } from 'react';
import { Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isValidAccessCode } from '@atrium/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { validateAccessCode } from '../api';

interface JoinFormValues {
  access_code: string;
}

/** Upper-cases a typed code and drops spaces, so "ab c1234" becomes "ABC1234". */
export function normalizeAccessCode(value: string | undefined): string {
  return (value ?? '').replace(/\s+/g, '').toUpperCase();
}

/**
 * "Join a course" popup (spec §4, §5, §8): checks the access code locally (7+
 * digits or A-Z), then asks the server; on success opens `/course/join/{code}`,
 * on failure shows the server's message under the field.
 */
export function JoinCoursePopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  const [form] = Form.useForm<JoinFormValues>();
  const [checking, setChecking] = useState(false);

  const onFinish = async ({ access_code }: JoinFormValues) => {
    const code = normalizeAccessCode(access_code);
    setChecking(true);
    try {
      await validateAccessCode(code);
      onClose();
      void navigate(`/course/join/${code}`);
    } catch (error) {
      const message = serverMessageOf(error) ?? t('join.defaultError');
      form.setFields([{ name: 'access_code', errors: [message] }]);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Modal open={open} title={t('join.title')} onCancel={onClose} footer={null} destroyOnHidden afterClose={() => form.resetFields()}>
      <Typography.Paragraph type="secondary">{t('join.hint')}</Typography.Paragraph>
      <Form<JoinFormValues>
        form={form}
        layout="vertical"
        name="join-course"
        onValuesChange={() => form.setFields([{ name: 'access_code', errors: [] }])}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          label={t('join.codeLabel')}
          name="access_code"
          normalize={normalizeAccessCode}
          validateTrigger="onSubmit"
          rules={[
            {
              validator: (_rule, value: string | undefined) =>
                isValidAccessCode(normalizeAccessCode(value)) ? Promise.resolve() : Promise.reject(new Error(t('join.invalidCode'))),
            },
          ]}
        >
          <Input autoFocus autoComplete="off" spellCheck={false} maxLength={64} placeholder="ABC1234" />
        </Form.Item>
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('common:action.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={checking}>
            {t('join.submit')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
