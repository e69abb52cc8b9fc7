import { Alert, Button, Drawer, Empty, Flex, Form, InputNumber, Select, Space, Switch, Table, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TIME_FORMAT, type Certificate, type CertificateRule, type CertificateRuleBody, type GradeItem } from '@atrium/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { ApiErrorResult } from '../../../components/status-results';
import { showFieldErrors } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { useCertificateRule, useCourseCertificates, useSaveCertificateRule } from '../api';
import { formatScore } from '../lib/format';
import { formatInZone, useUserZone } from '../hooks/use-user-zone';
import { ItemTypeIcon } from './item-type-icon';

const RULE_FIELDS = ['enabled', 'pass_total', 'required_activity_ids'] as const;

/** The rule's form: enable switch, pass total (percent of the published gradebook total), required activities among the gradebook's items. */
function CertificateRuleForm({ courseId, rule, items }: { courseId: number; rule: CertificateRule; items: readonly GradeItem[] }) {
  const { t } = useTranslation('gradebook');
  const toast = useToast();
  const [form] = Form.useForm<CertificateRuleBody>();
  const save = useSaveCertificateRule(courseId);
  const submit = async (values: CertificateRuleBody) => {
    try {
      await save.mutateAsync(values);
      toast.success(t('certificate.saved'));
    } catch (error) {
      const shown = showFieldErrors(form, error, { fields: RULE_FIELDS });
      if (shown.fieldErrors.length === 0) toast.error(error, t('certificate.saveFailed'));
    }
  };
  // A required activity that is no longer graded still shows (by id) so that it can be removed.
  const known = new Set(items.map((i) => i.activity_id));
  const options = [
    ...items.map((item) => ({
      value: item.activity_id,
      title: item.title,
      label: (
        <Space size={6}>
          <ItemTypeIcon type={item.type} />
          {item.title}
        </Space>
      ),
    })),
    ...rule.required_activity_ids
      .filter((id) => !known.has(id))
      .map((id) => ({ value: id, title: t('certificate.unknownActivity', { id }), label: t('certificate.unknownActivity', { id }) })),
  ];
  return (
    <Form
      form={form}
      layout="vertical"
      name="certificate-rule"
      initialValues={{ enabled: rule.enabled, pass_total: rule.pass_total, required_activity_ids: rule.required_activity_ids }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item name="enabled" label={t('certificate.enabled')} valuePropName="checked" extra={t('certificate.enabledHint')}>
        <Switch />
      </Form.Item>
      <Form.Item
        name="pass_total"
        label={t('certificate.passTotal')}
        extra={t('certificate.passTotalHint')}
        rules={[{ required: true, type: 'number', min: 0, max: 100, message: t('certificate.passTotalRange') }]}
      >
        <InputNumber min={0} max={100} step={1} suffix="%" style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="required_activity_ids" label={t('certificate.required')} extra={t('certificate.requiredHint')}>
        <Select
          mode="multiple"
          allowClear
          options={options}
          optionFilterProp="title"
          placeholder={t('certificate.requiredPlaceholder')}
          notFoundContent={t('certificate.noItems')}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden />} loading={save.isPending}>
        {t('actions.save')}
      </Button>
    </Form>
  );
}

/** The certificates issued in the course: learner, code, total, issued at (the user's zone) and the PDF. */
function IssuedCertificates({ courseId, open }: { courseId: number; open: boolean }) {
  const { t } = useTranslation('gradebook');
  const zone = useUserZone();
  const certificates = useCourseCertificates(courseId, open);
  if (certificates.isPending) return <PageSpinner minHeight={120} />;
  if (certificates.isError) return <ApiErrorResult error={certificates.error} onRetry={() => void certificates.refetch()} />;
  const columns: TableColumnsType<Certificate> = [
    { key: 'learner', title: t('certificate.learner'), render: (_, c) => c.user_name },
    { key: 'code', title: t('certificate.code'), render: (_, c) => <Typography.Text code>{c.code}</Typography.Text> },
    { key: 'total', title: t('certificate.total'), align: 'right', render: (_, c) => t('table.percent', { value: formatScore(c.total) }) },
    { key: 'issued', title: t('certificate.issuedAt'), render: (_, c) => formatInZone(c.issued_at, zone, TIME_FORMAT.display) },
    {
      key: 'pdf',
      title: t('certificate.pdf'),
      render: (_, c) => (
        <a href={c.pdf_url} download>
          <DownloadOutlined aria-hidden /> {t('certificate.download')}
        </a>
      ),
    },
  ];
  return (
    <Table<Certificate>
      rowKey="id"
      size="small"
      dataSource={certificates.data.items}
      columns={columns}
      pagination={certificates.data.items.length > 20 ? { pageSize: 20 } : false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('certificate.noneIssued')} /> }}
      data-testid="issued-certificates"
    />
  );
}

/**
 * The course's certificate (issue 16 §4), for the course team: the rule — enabled, pass total in
 * percent of the published gradebook total, required activities among the gradebook's items (a
 * 400 naming a field shows on it) — and the certificates issued so far.
 */
export function CertificateDrawer({ courseId, items, open, onClose }: { courseId: number; items: readonly GradeItem[]; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('gradebook');
  const rule = useCertificateRule(courseId, open);
  let form;
  if (rule.isPending) form = <PageSpinner minHeight={160} />;
  else if (rule.isError) form = <ApiErrorResult error={rule.error} onRetry={() => void rule.refetch()} />;
  else form = <CertificateRuleForm key={JSON.stringify(rule.data)} courseId={courseId} rule={rule.data} items={items} />;
  return (
    <Drawer open={open} onClose={onClose} title={t('certificate.title')} size="large" data-testid="certificate-drawer">
      <Flex vertical gap={8}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('certificate.intro')}
        </Typography.Paragraph>
        {items.length === 0 && <Alert type="info" showIcon title={t('certificate.noItems')} />}
        {open && form}
      </Flex>
      <Typography.Title level={3} style={{ fontSize: 16, marginTop: 32 }}>
        {t('certificate.issued')}
      </Typography.Title>
      {open && <IssuedCertificates courseId={courseId} open={open} />}
    </Drawer>
  );
}
