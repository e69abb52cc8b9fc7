import { useEffect } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { defaultInviteRole, splitInviteEmails, type CourseRole } from '@atrium/contracts';
import { ApiError } from '../../../lib/api-client';
import { useCourseRoles, useInvite } from '../header-api';
import { useToast } from '../../../lib/toast';

interface InviteForm {
  emails: string;
  invite_type: CourseRole;
}

/**
 * Invite users to a course (spec §2, §6, §7): e-mails with whitespace removed and
 * split on commas, the role defaulting to student, else assistant, else instructor
 * among the roles the user may invite; `errors.emails_not_exist` shows on the field; on
 * success a toast counts the invitations sent, in the user's language and its plural forms.
 */
export function InvitePopup({ courseId, open, onClose }: { courseId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('courses');
  const toast = useToast();
  const [form] = Form.useForm<InviteForm>();
  const roles = useCourseRoles(courseId, open);
  const invite = useInvite(courseId);
  const invitable = roles.data?.invitable_roles ?? [];

  useEffect(() => {
    if (open && roles.data) form.setFieldValue('invite_type', defaultInviteRole(roles.data.invitable_roles));
  }, [open, roles.data, form]);

  const submit = async (values: InviteForm) => {
    const emails = splitInviteEmails(values.emails);
    try {
      await invite.mutateAsync({ emails, invite_type: values.invite_type });
      // The server's message ("N invitation(s) sent") is English only; the count is what was sent.
      toast.success(t('invite.sent', { count: emails.length }));
      form.resetFields();
      onClose();
    } catch (error) {
      if (error instanceof ApiError && (error.errors.emails_not_exist || error.errors.emails)) {
        const missing = error.errors.emails_not_exist;
        form.setFields([{ name: 'emails', errors: [missing ? t('invite.notExist', { emails: missing.join(', ') }) : (error.errors.emails?.[0] ?? '')] }]);
      } else {
        const fieldError = error instanceof ApiError ? Object.entries(error.errors).find(([key]) => key.startsWith('emails'))?.[1][0] : undefined;
        if (fieldError) form.setFields([{ name: 'emails', errors: [fieldError] }]);
        else toast.error(error, t('common:result.error.title'));
      }
    }
  };

  return (
    <Modal
      open={open}
      title={t('invite.title')}
      okText={t('invite.submit')}
      cancelText={t('common:action.cancel')}
      confirmLoading={invite.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        <Form.Item
          name="emails"
          label={t('invite.emails')}
          extra={t('invite.emailsHint')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                value && splitInviteEmails(value).length > 0 ? Promise.resolve() : Promise.reject(new Error(t('invite.emailsRequired'))),
            },
          ]}
          normalize={(value: string) => value.replace(/\s+/g, '')}
        >
          <Input.TextArea rows={3} autoFocus placeholder="name@example.edu, other@example.edu" />
        </Form.Item>
        <Form.Item name="invite_type" label={t('invite.role')} rules={[{ required: true, message: t('invite.roleRequired') }]}>
          <Select loading={roles.isPending} options={invitable.map((role) => ({ value: role, label: t(`roles.${role}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
