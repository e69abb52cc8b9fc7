import { useState } from 'react';
import { Alert, Checkbox, DatePicker, Form, Input, InputNumber, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PLAN_FEATURES, type Plan, type PlanChanges, type PlanFeature } from '@atrium/contracts';
import { isApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useApplyForPlanChange } from '../api';

const GIB = 1024 ** 3;

type Values = {
  seats: number | null;
  storage_gib: number | null;
  features: PlanFeature[];
  expires_at: Dayjs | null;
  storage_expires_at: Dayjs | null;
  reason: string;
};

/** What the form asks for against the current plan: only what differs (null plan: every value given). */
export function changesOf(values: Values, plan: Plan | null): PlanChanges {
  const changes: PlanChanges = {};
  if (values.seats !== null && values.seats !== plan?.seats) changes.seats = values.seats;
  const bytes = values.storage_gib === null ? null : Math.round(values.storage_gib * GIB);
  if (bytes !== null && bytes !== plan?.storage_bytes) changes.storage_bytes = bytes;
  const features: Partial<Record<PlanFeature, boolean>> = {};
  for (const f of PLAN_FEATURES) {
    const on = values.features.includes(f);
    if (on !== (plan ? plan.features[f] : true)) features[f] = on;
  }
  if (Object.keys(features).length > 0) changes.features = features;
  const day = (d: Dayjs | null) => (d ? d.endOf('day').toISOString() : null);
  const sameDay = (a: string | null, b: string | null) => (a === null || b === null ? a === b : dayjs(a).isSame(dayjs(b), 'day'));
  if (!sameDay(day(values.expires_at), plan?.expires_at ?? null)) changes.expires_at = day(values.expires_at);
  if (!sameDay(day(values.storage_expires_at), plan?.storage_expires_at ?? null)) changes.storage_expires_at = day(values.storage_expires_at);
  return changes;
}

/**
 * The org plan apply popup (spec §2 popups "organisation plan apply"; issue 24 item 3): the organisation admin asks
 * for more seats or storage, features, a later end of the plan or of its storage, and says why. Only what differs
 * from the current plan is sent (`POST /api/org/plan/requests`); a platform operator decides it.
 */
export function PlanApplyModal({ plan, onClose }: { plan: Plan | null; onClose: () => void }) {
  const { t } = useTranslation('plans');
  const toast = useToast();
  const apply = useApplyForPlanChange();
  const [form] = Form.useForm<Values>();
  const [nothing, setNothing] = useState(false);
  const initial: Values = {
    seats: plan?.seats ?? null,
    storage_gib: plan ? Math.round((plan.storage_bytes / GIB) * 100) / 100 : null,
    features: PLAN_FEATURES.filter((f) => (plan ? plan.features[f] : true)),
    expires_at: plan?.expires_at ? dayjs(plan.expires_at) : null,
    storage_expires_at: plan?.storage_expires_at ? dayjs(plan.storage_expires_at) : null,
    reason: '',
  };

  const submit = async (values: Values) => {
    const changes = changesOf(values, plan);
    if (Object.keys(changes).length === 0) {
      setNothing(true);
      return;
    }
    setNothing(false);
    try {
      await apply.mutateAsync({ changes, reason: values.reason.trim() });
      toast.success(t('apply.sent'));
      onClose();
    } catch (error) {
      if (isApiError(error) && Object.keys(error.errors).length > 0) {
        form.setFields(
          Object.entries(error.errors)
            .filter(([field]) => field === 'reason')
            .map(([name, messages]) => ({ name: name as keyof Values, errors: messages })),
        );
      }
    }
  };

  return (
    <Modal
      open
      title={t('apply.title')}
      okText={t('apply.submit')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={apply.isPending}
      width={560}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('apply.intro')}</Typography.Paragraph>
      {nothing && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('apply.nothing')} />}
      {apply.error && !(isApiError(apply.error) && apply.error.errors.reason) && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} message={apply.error.message} />
      )}
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => void submit(v)}>
        <Form.Item name="seats" label={t('apply.seats')}>
          <InputNumber min={1} max={10_000_000} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="storage_gib" label={t('apply.storage')} extra={t('apply.storageHint')}>
          <InputNumber min={1} max={1024 * 1024} step={10} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="features" label={t('apply.features')}>
          <Checkbox.Group options={PLAN_FEATURES.map((f) => ({ value: f, label: t(`features.${f}`) }))} style={{ display: 'grid', gap: 4 }} />
        </Form.Item>
        <Form.Item name="expires_at" label={t('apply.expiresAt')} extra={t('apply.dateHint')}>
          <DatePicker allowClear format="YYYY-MM-DD" />
        </Form.Item>
        <Form.Item name="storage_expires_at" label={t('apply.storageExpiresAt')}>
          <DatePicker allowClear format="YYYY-MM-DD" />
        </Form.Item>
        <Form.Item name="reason" label={t('apply.reason')} rules={[{ required: true, whitespace: true, message: t('apply.reasonRequired') }]}>
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
