import { useMemo, useState } from 'react';
import { App, Button, Card, Flex, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined, NotificationOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ATTEMPT_STATUSES, PAGE_SIZE_OPTIONS, TIME_FORMAT, type AttemptStatus, type ScoreList as ScoreListData } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { useToast } from '../../../lib/toast';
import { usePublishScores, useScoreList } from '../api';
import { useVirtualRowTabbing } from '../hooks/use-virtual-row-tabbing';
import { formatPoints } from './attempt-result';
import { GradeDrawer } from './grade-drawer';

type Row = ScoreListData['attempts'][number];
/** The list's page sizes: the app's, then whole classes at once (the server pages up to 500, ScoreListQuerySchema). */
const SCORE_PAGE_SIZES = [...PAGE_SIZE_OPTIONS, 200, 500];
const STATUS_COLORS: Record<AttemptStatus, string> = { in_progress: 'processing', submitted: 'warning', graded: 'success' };
/** Above this page size the table renders only the rows in view (antd's virtual mode): 500 full rows took over a second. */
const VIRTUAL_ABOVE = 100;
/** The virtual table's own scroll box: its width (px, the columns' widths summed) and height (px). */
const VIRTUAL_SCROLL = { x: 1160, y: 640 };
/** An attempt the team can open in the grading drawer (one in progress cannot be graded yet). */
const isGradable = (row: Row) => row.status !== 'in_progress';

/**
 * The exam's score list for the course team (issue 15, spec §2 `#/exam/{id}/score-list`): the
 * learners' attempts paged by the server, filtered by status and a name / user number, with
 * score / maximum and answers still to grade; "grade" opens the review in GradeDrawer; "publish
 * scores" (confirmed) lets learners see them. `backTo` is the exam's own hash link.
 */
export function ScoreList({ activityId, backTo }: { activityId: number; backTo: string }) {
  const { t } = useTranslation('exams');
  const { modal } = App.useApp();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE_OPTIONS[1] ?? 20);
  const [status, setStatus] = useState<AttemptStatus>();
  const [keyword, setKeyword] = useState('');
  const [grading, setGrading] = useState<Row | null>(null);
  const list = useScoreList(activityId, { page, page_size: pageSize, ...(status ? { status } : {}), ...(keyword ? { keyword } : {}) });
  const publish = usePublishScores(activityId);
  const isVirtual = pageSize > VIRTUAL_ABOVE;
  const rows = list.data?.attempts ?? [];
  // Only the rows in view exist in virtual mode: Tab goes on from the last one shown.
  const { tableRef, onRowKeyDown } = useVirtualRowTabbing(rows, { isVirtual, selector: 'button', canFocus: isGradable });

  const confirmPublish = () =>
    modal.confirm({
      title: t('scores.publishTitle'),
      content: t('scores.publishConfirm'),
      okText: t('scores.publish'),
      cancelText: t('form.cancel'),
      onOk: () =>
        publish.mutateAsync().then(
          (result) => toast.success(t('scores.published', { count: result.attempts })),
          (error: unknown) => toast.error(error, t('scores.publishFailed')),
        ),
    });

  const columns = useMemo<TableColumnsType<Row>>(
    () => [
      { key: 'learner', width: 220, title: t('scores.learner'), render: (_, row) => row.user.name },
      { key: 'user_no', width: 140, title: t('scores.userNo'), render: (_, row) => row.user.user_no ?? '—' },
      { key: 'number', title: t('scores.attempt'), dataIndex: 'number', width: 90 },
      { key: 'status', width: 130, title: t('scores.status'), render: (_, row) => <Tag color={STATUS_COLORS[row.status]}>{t(`status.${row.status}`)}</Tag> },
      {
        key: 'submitted_at',
        width: 170,
        title: t('scores.submittedAt'),
        render: (_, row) => (row.submitted_at ? dayjs(row.submitted_at).format(TIME_FORMAT.display) : '—'),
      },
      {
        key: 'score',
        width: 190,
        title: t('scores.score'),
        render: (_, row) =>
          row.score === null
            ? t('scores.scorePending', {
                objective: row.objective_score === null ? '—' : formatPoints(row.objective_score),
                max: formatPoints(row.max_score),
              })
            : t('result.scoreOf', { score: formatPoints(row.score), max: formatPoints(row.max_score) }),
      },
      {
        key: 'ungraded',
        width: 110,
        title: t('scores.ungraded'),
        render: (_, row) => (row.ungraded > 0 ? <Tag color="orange">{row.ungraded}</Tag> : <Typography.Text type="secondary">0</Typography.Text>),
      },
      {
        key: 'actions',
        width: 110,
        title: t('scores.actions'),
        fixed: 'right',
        render: (_, row) => (
          <Button
            type="link"
            disabled={!isGradable(row)}
            onClick={() => setGrading(row)}
            onKeyDown={(event) => onRowKeyDown(event, row)}
            aria-label={t('scores.gradeOne', { name: row.user.name, number: row.number })}
          >
            {t('scores.grade')}
          </Button>
        ),
      },
    ],
    [t, onRowKeyDown],
  );

  const publishedAt = list.data?.scores_published_at;
  return (
    <Card
      data-testid="exam-score-list"
      title={
        <Space wrap>
          <Link to={backTo} aria-label={t('scores.back')}>
            <ArrowLeftOutlined />
          </Link>
          <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
            {t('scores.title')}
          </Typography.Title>
          {publishedAt && <Tag color="success">{t('scores.publishedAt', { time: dayjs(publishedAt).format(TIME_FORMAT.display) })}</Tag>}
        </Space>
      }
      extra={
        <Button icon={<NotificationOutlined />} onClick={confirmPublish} loading={publish.isPending}>
          {publishedAt ? t('scores.publishAgain') : t('scores.publish')}
        </Button>
      }
    >
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Select<AttemptStatus>
          aria-label={t('scores.status')}
          allowClear
          placeholder={t('scores.allStatuses')}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={ATTEMPT_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
          style={{ width: 200 }}
        />
        <Input.Search
          aria-label={t('scores.search')}
          placeholder={t('scores.searchPlaceholder')}
          allowClear
          maxLength={100}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
          style={{ width: 280 }}
        />
      </Flex>
      {list.isError ? (
        <ApiErrorResult error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<Row>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          ref={tableRef}
          dataSource={rows}
          locale={{ emptyText: keyword || status ? t('scores.noMatch') : t('scores.empty') }}
          virtual={isVirtual}
          scroll={isVirtual ? VIRTUAL_SCROLL : { x: 'max-content' }}
          columns={columns}
          pagination={{
            current: page,
            pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: SCORE_PAGE_SIZES.map(String),
            onChange: (p, size) => {
              setPage(size === pageSize ? p : 1);
              setPageSize(size);
            },
          }}
        />
      )}
      <GradeDrawer
        attemptId={grading?.id ?? null}
        activityId={activityId}
        title={grading ? t('grade.titleOf', { name: grading.user.name, number: grading.number }) : ''}
        onClose={() => setGrading(null)}
      />
    </Card>
  );
}
