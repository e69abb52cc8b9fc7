import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Popconfirm, Progress, Skeleton, Table, Tag, Typography } from 'antd';
import { CheckCircleTwoTone, CloseCircleTwoTone } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatBytes, PLAN_FEATURES, type OrgPlan, type PlanRequest } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { isApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useOrgPlan, useOrgPlanRequests, useWithdrawPlanRequest } from '../api';
import { PlanApplyModal } from '../components/plan-apply-modal';
import { PlanChangesList, PlanRequestStatusTag, PlanStateTag } from '../components/plan-status-tag';

const PAGE_SIZE = 10;
const day = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD') : null);
const percent = (used: number, of: number) => (of > 0 ? Math.min(100, Math.round((used / of) * 100)) : 0);

/**
 * `/management/plan` (spec §2; issue 24 item 3): the organisation's plan — its seats, storage and features, when it
 * and its storage end — the usage against it, the pending change request (withdrawable), the apply popup, and the
 * history of requests with their decisions. Organisation admins only (the server answers 403 to anyone else).
 */
export function PlanPage() {
  const { t } = useTranslation('plans');
  const plan = useOrgPlan();
  const [applying, setApplying] = useState(false);

  const heading = (
    <Typography.Title level={1} style={{ fontSize: 24 }}>
      {t('title')}
    </Typography.Title>
  );
  if (plan.isError)
    return isApiError(plan.error, 403) ? (
      <div style={{ maxWidth: 720 }}>
        {heading}
        <Alert type="warning" showIcon message={t('forbidden')} />
      </div>
    ) : (
      <ApiErrorResult error={plan.error} onRetry={() => void plan.refetch()} pageTitle />
    );
  if (!plan.data) return <Skeleton active />;
  const data = plan.data;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 960 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        {heading}
        <Button type="primary" disabled={data.pending_request !== null} onClick={() => setApplying(true)}>
          {t('apply.open')}
        </Button>
      </Flex>
      {data.pending_request && <PendingRequest request={data.pending_request} />}
      <PlanSummary data={data} />
      <RequestHistory />
      {applying && <PlanApplyModal plan={data.plan} onClose={() => setApplying(false)} />}
    </Flex>
  );
}

/** The pending request, with its changes and a way to withdraw it. */
function PendingRequest({ request }: { request: PlanRequest }) {
  const { t } = useTranslation('plans');
  const toast = useToast();
  const withdraw = useWithdrawPlanRequest();
  return (
    <Alert
      type="info"
      showIcon
      data-testid="pending-request"
      message={t('pending.title', { date: day(request.created_at) })}
      description={<PlanChangesList request={request} />}
      action={
        <Popconfirm
          title={t('pending.withdrawConfirm')}
          okText={t('pending.withdraw')}
          cancelText={t('cancel')}
          onConfirm={() =>
            withdraw.mutateAsync(request.id).then(
              () => toast.success(t('pending.withdrawn')),
              (error: unknown) => toast.error(error),
            )
          }
        >
          <Button size="small" loading={withdraw.isPending}>
            {t('pending.withdraw')}
          </Button>
        </Popconfirm>
      }
    />
  );
}

/** The plan (or its absence) and the usage against it. */
function PlanSummary({ data }: { data: OrgPlan }) {
  const { t } = useTranslation('plans');
  const { plan, usage } = data;
  return (
    <Card title={plan ? t('current.title', { name: plan.name }) : t('current.none')}>
      {!plan && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('current.noneText')} />}
      {plan && (
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          style={{ marginBottom: 16 }}
          items={[
            {
              key: 'ends',
              label: t('current.expiresAt'),
              children: (
                <Flex gap={8} align="center">
                  {day(plan.expires_at) ?? t('current.noEnd')}
                  <PlanStateTag state={plan.state} />
                </Flex>
              ),
            },
            {
              key: 'storageEnds',
              label: t('current.storageExpiresAt'),
              children: (
                <Flex gap={8} align="center">
                  {day(plan.storage_expires_at) ?? t('current.noEnd')}
                  <PlanStateTag state={plan.storage_state} />
                </Flex>
              ),
            },
          ]}
        />
      )}
      <Flex vertical gap={12}>
        <Usage
          label={t('usage.seats')}
          text={plan ? t('usage.seatsOf', { used: usage.seats_used, total: plan.seats }) : t('usage.seatsOnly', { n: usage.seats_used })}
          percent={plan ? percent(usage.seats_used, plan.seats) : null}
        />
        <Usage
          label={t('usage.storage')}
          text={
            plan
              ? t('usage.storageOf', { used: formatBytes(usage.storage_used_bytes), total: formatBytes(plan.storage_bytes) })
              : formatBytes(usage.storage_used_bytes)
          }
          percent={plan ? percent(usage.storage_used_bytes, plan.storage_bytes) : null}
        />
        <Typography.Text>{t('usage.courses', { n: usage.courses })}</Typography.Text>
      </Flex>
      {plan && (
        <>
          <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
            {t('features.title')}
          </Typography.Title>
          <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 6 }} aria-label={t('features.title')}>
            {PLAN_FEATURES.map((f) => (
              <li key={f}>
                <Flex gap={8} align="center">
                  {plan.features[f] ? <CheckCircleTwoTone twoToneColor="#52c41a" /> : <CloseCircleTwoTone twoToneColor="#bfbfbf" />}
                  <span>{t(`features.${f}`)}</span>
                  <Tag>{plan.features[f] ? t('features.included') : t('features.notIncluded')}</Tag>
                </Flex>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

/** One usage line: a label, "used of total", and a bar (red past 90 %) when the plan caps it. */
function Usage({ label, text, percent: value }: { label: string; text: string; percent: number | null }) {
  return (
    <div>
      <Flex justify="space-between" wrap gap={8}>
        <Typography.Text strong>{label}</Typography.Text>
        <Typography.Text>{text}</Typography.Text>
      </Flex>
      {value !== null && <Progress percent={value} status={value >= 90 ? 'exception' : 'normal'} aria-label={label} />}
    </div>
  );
}

/** The organisation's requests, newest first, paged. */
function RequestHistory() {
  const { t } = useTranslation('plans');
  const [page, setPage] = useState(1);
  const requests = useOrgPlanRequests(page, PAGE_SIZE);
  return (
    <Card title={t('history.title')}>
      {requests.isError ? (
        <ApiErrorResult error={requests.error} onRetry={() => void requests.refetch()} />
      ) : (
        <Table<PlanRequest>
          size="small"
          rowKey="id"
          loading={requests.isFetching && !requests.data}
          dataSource={requests.data?.items ?? []}
          locale={{ emptyText: t('history.empty') }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: requests.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
          columns={[
            { key: 'date', title: t('history.date'), render: (_, r) => dayjs(r.created_at).format('YYYY-MM-DD HH:mm') },
            { key: 'changes', title: t('history.changes'), render: (_, r) => <PlanChangesList request={r} /> },
            { key: 'reason', title: t('history.reason'), dataIndex: 'reason' },
            { key: 'status', title: t('history.status'), render: (_, r) => <PlanRequestStatusTag status={r.status} /> },
            {
              key: 'decision',
              title: t('history.decision'),
              render: (_, r) =>
                r.decided_at && r.status !== 'withdrawn' ? (
                  <Flex vertical>
                    <span>{t('history.decidedBy', { name: r.decided_by?.name ?? '—', date: day(r.decided_at) })}</span>
                    {r.decision_note && <Typography.Text type="secondary">{r.decision_note}</Typography.Text>}
                  </Flex>
                ) : null,
            },
          ]}
        />
      )}
    </Card>
  );
}
