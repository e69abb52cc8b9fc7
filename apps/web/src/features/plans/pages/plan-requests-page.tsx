import { useState } from 'react';
import { Alert, Button, Card, Flex, Input, Modal, Segmented, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PLAN_REQUEST_STATUSES, type PlanRequest, type PlanRequestStatus } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { isApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useDecidePlanRequest, useOperatorPlanRequests } from '../api';
import { PlanChangesList, PlanRequestStatusTag } from '../components/plan-status-tag';

const PAGE_SIZE = 20;
type Filter = PlanRequestStatus | 'all';

/**
 * `/wg-admin/request` (spec §2; issue 24 item 3): the platform operator's list of every organisation's plan requests,
 * pending first by default, each approved (its changes apply at once) or rejected with a note to the organisation.
 * Platform operators only (the server answers 403 to anyone else).
 */
export function PlanRequestsPage() {
  const { t } = useTranslation('plans');
  const [filter, setFilter] = useState<Filter>('pending');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<{ request: PlanRequest; decision: 'approved' | 'rejected' } | null>(null);
  const requests = useOperatorPlanRequests(filter === 'all' ? undefined : filter, page, PAGE_SIZE);

  const heading = (
    <Typography.Title level={1} style={{ fontSize: 24 }}>
      {t('operator.title')}
    </Typography.Title>
  );
  if (requests.isError && isApiError(requests.error, 403))
    return (
      <div style={{ maxWidth: 720 }}>
        {heading}
        <Alert type="warning" showIcon message={t('operator.forbidden')} />
      </div>
    );

  return (
    <Flex vertical gap={16}>
      {heading}
      <Card>
        <Flex vertical gap={16}>
          <Segmented<Filter>
            aria-label={t('operator.filter')}
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setPage(1);
            }}
            options={[...PLAN_REQUEST_STATUSES, 'all' as const].map((s) => ({ value: s, label: s === 'all' ? t('operator.all') : t(`requestStatus.${s}`) }))}
          />
          {requests.isError ? (
            <ApiErrorResult error={requests.error} onRetry={() => void requests.refetch()} />
          ) : (
            <Table<PlanRequest>
              rowKey="id"
              loading={requests.isFetching}
              dataSource={requests.data?.items ?? []}
              locale={{ emptyText: filter === 'pending' ? t('operator.emptyPending') : t('operator.empty') }}
              pagination={{
                current: page,
                pageSize: PAGE_SIZE,
                total: requests.data?.total ?? 0,
                showSizeChanger: false,
                hideOnSinglePage: true,
                onChange: setPage,
              }}
              columns={[
                { key: 'org', title: t('operator.org'), render: (_, r) => r.org.name },
                {
                  key: 'by',
                  title: t('operator.requestedBy'),
                  render: (_, r) => (
                    <Flex vertical>
                      <span>{r.requested_by?.name ?? '—'}</span>
                      <Typography.Text type="secondary">{dayjs(r.created_at).format('YYYY-MM-DD HH:mm')}</Typography.Text>
                    </Flex>
                  ),
                },
                { key: 'changes', title: t('history.changes'), render: (_, r) => <PlanChangesList request={r} /> },
                { key: 'reason', title: t('history.reason'), dataIndex: 'reason' },
                {
                  key: 'status',
                  title: t('history.status'),
                  render: (_, r) => (
                    <Flex vertical gap={4} align="start">
                      <PlanRequestStatusTag status={r.status} />
                      {r.decision_note && <Typography.Text type="secondary">{r.decision_note}</Typography.Text>}
                    </Flex>
                  ),
                },
                {
                  key: 'actions',
                  title: t('operator.actions'),
                  render: (_, r) =>
                    r.status === 'pending' ? (
                      <Flex gap={8} wrap>
                        <Button type="primary" size="small" onClick={() => setDeciding({ request: r, decision: 'approved' })}>
                          {t('operator.approve')}
                        </Button>
                        <Button danger size="small" onClick={() => setDeciding({ request: r, decision: 'rejected' })}>
                          {t('operator.reject')}
                        </Button>
                      </Flex>
                    ) : null,
                },
              ]}
            />
          )}
        </Flex>
      </Card>
      {deciding && <DecideModal {...deciding} onClose={() => setDeciding(null)} />}
    </Flex>
  );
}

/** Confirms a decision, with an optional note the organisation reads. */
function DecideModal({ request, decision, onClose }: { request: PlanRequest; decision: 'approved' | 'rejected'; onClose: () => void }) {
  const { t } = useTranslation('plans');
  const toast = useToast();
  const decide = useDecidePlanRequest();
  const [note, setNote] = useState('');
  return (
    <Modal
      open
      title={t(decision === 'approved' ? 'operator.approveTitle' : 'operator.rejectTitle', { org: request.org.name })}
      okText={t(decision === 'approved' ? 'operator.approve' : 'operator.reject')}
      okButtonProps={{ danger: decision === 'rejected' }}
      cancelText={t('cancel')}
      confirmLoading={decide.isPending}
      onCancel={onClose}
      onOk={() =>
        decide.mutateAsync({ id: request.id, body: { decision, ...(note.trim() ? { note: note.trim() } : {}) } }).then(
          () => {
            toast.success(t(decision === 'approved' ? 'operator.approved' : 'operator.rejected'));
            onClose();
          },
          (error: unknown) => toast.error(error),
        )
      }
    >
      <Flex vertical gap={12}>
        <PlanChangesList request={request} />
        {decision === 'approved' && <Typography.Text type="secondary">{t('operator.approveHint')}</Typography.Text>}
        <label>
          <Typography.Text>{t('operator.note')}</Typography.Text>
          <Input.TextArea value={note} onChange={(e) => setNote(e.target.value)} rows={3} maxLength={2000} />
        </label>
      </Flex>
    </Modal>
  );
}
