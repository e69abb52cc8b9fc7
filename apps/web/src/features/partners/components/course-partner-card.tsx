import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Form, Input, Modal, Select, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PartnerInfo, PartnerInfoBody } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { showFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useOrg } from '../../calendar/api';
import { useCoursePartner, usePartnerTypes, useSaveCoursePartner } from '../api';

type Values = Record<'partner_type' | 'partner_name' | 'contact_name' | 'contact_email' | 'website' | 'description', string | undefined>;
const FIELDS = ['partner_type', 'partner_name', 'contact_name', 'contact_email', 'website', 'description'] as const;

/** The partner form (mounted while open): its kind, one of the organisation's; its name; contact, website and description (optional). */
function PartnerModal({ courseId, info, onClose }: { courseId: number; info: PartnerInfo | null; onClose: () => void }) {
  const { t } = useTranslation('partners');
  const toast = useToast();
  const org = useOrg();
  const types = usePartnerTypes(org.data?.id);
  const save = useSaveCoursePartner(courseId);
  const [form] = Form.useForm<Values>();
  const noTypes = types.data !== undefined && types.data.types.length === 0;
  const submit = async (values: Values) => {
    const text = (v: string | undefined) => (v?.trim() ? v.trim() : null);
    const body: PartnerInfoBody = {
      partner_type: values.partner_type ?? '',
      partner_name: (values.partner_name ?? '').trim(),
      contact_name: text(values.contact_name),
      contact_email: text(values.contact_email),
      website: text(values.website),
      description: text(values.description),
    };
    try {
      await save.mutateAsync({ body, exists: info !== null });
      toast.success(t('course.saved'));
      onClose();
    } catch (error) {
      const shown = showFieldErrors(form, error, { fields: FIELDS });
      if (shown.fieldErrors.length === 0) toast.error(error, t('course.saveFailed'));
    }
  };
  return (
    <Modal
      open
      title={info ? t('course.editTitle') : t('course.recordTitle')}
      okText={t('course.save')}
      cancelText={t('course.cancel')}
      okButtonProps={{ disabled: noTypes }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {noTypes && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('course.noTypes')} />}
      <Form
        form={form}
        layout="vertical"
        requiredMark="optional"
        onFinish={submit}
        initialValues={{
          partner_type: info?.partner_type,
          partner_name: info?.partner_name ?? '',
          contact_name: info?.contact_name ?? '',
          contact_email: info?.contact_email ?? '',
          website: info?.website ?? '',
          description: info?.description ?? '',
        }}
      >
        <Form.Item name="partner_type" label={t('course.partnerType')} required rules={[{ required: true, message: t('course.partnerTypeRequired') }]}>
          <Select loading={types.isPending} disabled={noTypes} options={(types.data?.types ?? []).map((type) => ({ value: type.code, label: type.name }))} />
        </Form.Item>
        <Form.Item
          name="partner_name"
          label={t('course.partnerName')}
          required
          rules={[{ required: true, whitespace: true, message: t('course.partnerNameRequired') }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="contact_name" label={t('course.contactName')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="contact_email" label={t('course.contactEmail')} rules={[{ type: 'email', message: t('course.emailInvalid') }]}>
          <Input type="email" maxLength={254} />
        </Form.Item>
        <Form.Item name="website" label={t('course.website')} rules={[{ pattern: /^\s*https?:\/\/\S+\s*$/i, message: t('course.websiteInvalid') }]}>
          <Input inputMode="url" placeholder="https://" maxLength={2000} />
        </Form.Item>
        <Form.Item name="description" label={t('course.description')}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The partner a course is run with (issue 24 item 4; decision 0152): members read it
 * (`GET /api/courses/{id}/associated-partner-info`); with `canEdit` (its instructors, the org admins) it is recorded
 * (`POST`) or changed (`PUT`) in a form whose kinds are the organisation's.
 */
export function CoursePartnerCard({ courseId, canEdit }: { courseId: number; canEdit: boolean }) {
  const { t } = useTranslation('partners');
  const partner = useCoursePartner(courseId);
  const [editing, setEditing] = useState(false);
  const info = partner.data?.info ?? null;

  let body;
  if (partner.isError) body = <ApiErrorResult error={partner.error} onRetry={() => void partner.refetch()} />;
  else if (partner.isPending)
    body = (
      <div role="status" aria-busy="true" aria-label={t('course.loading')}>
        <Skeleton active />
      </div>
    );
  else if (!info) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('course.empty')} />;
  else
    body = (
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'type', label: t('course.partnerType'), children: info.partner_type_name ?? info.partner_type },
          { key: 'name', label: t('course.partnerName'), children: info.partner_name },
          ...(info.contact_name ? [{ key: 'contact', label: t('course.contactName'), children: info.contact_name }] : []),
          ...(info.contact_email
            ? [{ key: 'email', label: t('course.contactEmail'), children: <a href={`mailto:${info.contact_email}`}>{info.contact_email}</a> }]
            : []),
          ...(info.website
            ? [
                {
                  key: 'website',
                  label: t('course.website'),
                  children: (
                    <a href={info.website} target="_blank" rel="noopener noreferrer">
                      {info.website}
                    </a>
                  ),
                },
              ]
            : []),
          ...(info.description ? [{ key: 'description', label: t('course.description'), children: info.description }] : []),
        ]}
      />
    );

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {t('course.title')}
        </Typography.Title>
      }
      extra={canEdit && partner.isSuccess ? <Button onClick={() => setEditing(true)}>{info ? t('course.edit') : t('course.record')}</Button> : null}
      style={{ marginTop: 16 }}
      data-testid="course-partner"
    >
      {body}
      {editing && <PartnerModal courseId={courseId} info={info} onClose={() => setEditing(false)} />}
    </Card>
  );
}
