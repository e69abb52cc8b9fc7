import { useMemo, useState } from 'react';
import { App, Button, Card, Flex, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { EyeInvisibleOutlined, NotificationOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PAGE_SIZE_OPTIONS, TIME_FORMAT, type SubmissionList as SubmissionListData } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { useToast } from '../../../lib/toast';
import { fetchSubmission, usePublishHomeworkScores, useSubmissionList, type SubmissionListQuery } from '../api';
import { isEditable, pdfEditorPath } from '../lib/grading';
import { GradeDrawer } from './grade-drawer';

type Row = SubmissionListData['items'][number];
/** The list's page sizes: the app's, then whole classes at once (the server pages up to 500). */
const PAGE_SIZES = [...PAGE_SIZE_OPTIONS, 200, 500];
const format = (iso: string | null) => (iso ? dayjs(iso).format(TIME_FORMAT.display) : '—');

/**
 * The course team's submissions of one homework (issue 16 §2; spec §2 `#/{homeworkId}?view=scores`):
 * counts over the whole homework ("12 of 30 handed in · 5 graded · 2 late"), filters (graded or
 * not, late or on time, a learner's name or number) and server paging; per row "Grade" opens the
 * first editable file in the PDF editor (`/pdf/editor?submissionId&uploadId&fileName`), or the
 * grading drawer for a text-only submission; "Details" always opens the drawer. Publish /
 * unpublish the scores (confirmed) through the gradebook.
 */
export function SubmissionList({ courseId, activityId }: { courseId: number; activityId: number }) {
  const { t } = useTranslation('homework');
  const { modal } = App.useApp();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState<SubmissionListQuery>({ page: 1, page_size: 20, state: 'all' });
  const [grading, setGrading] = useState<number | null>(null);
  const [opening, setOpening] = useState<number | null>(null);
  const list = useSubmissionList(activityId, query);
  const publish = usePublishHomeworkScores(courseId, activityId);
  const isPublished = list.data?.scores_published ?? false;
  const filter = (patch: Partial<SubmissionListQuery>) => setQuery((q) => ({ ...q, ...patch, page: 1 }));

  const openGrading = async (row: Row) => {
    if (row.file_count === 0) {
      setGrading(row.id);
      return;
    }
    setOpening(row.id);
    try {
      const submission = await fetchSubmission(queryClient, row.id);
      const upload = submission.uploads.find(isEditable);
      if (upload) void navigate(pdfEditorPath(row.id, upload));
      else setGrading(row.id);
    } catch (error) {
      toast.error(error, t('list.openFailed'));
    } finally {
      setOpening(null);
    }
  };

  const confirmPublish = () =>
    modal.confirm({
      title: isPublished ? t('publish.unpublishTitle') : t('publish.publishTitle'),
      content: isPublished ? t('publish.unpublishText') : t('publish.publishText'),
      okText: isPublished ? t('publish.unpublish') : t('publish.publish'),
      cancelText: t('form.cancel'),
      onOk: () =>
        publish.mutateAsync(!isPublished).then(
          () => toast.success(isPublished ? t('publish.unpublished') : t('publish.published')),
          (error: unknown) => toast.error(error, t('publish.failed')),
        ),
    });

  // The group column shows only for group homework (some submission belongs to a group).
  const hasGroups = (list.data?.items ?? []).some((row) => row.group_id !== null);
  const columns = useMemo<TableColumnsType<Row>>(
    () => [
      { key: 'learner', title: t('list.learner'), fixed: 'left', width: 150, render: (_, row) => row.user_name },
      { key: 'user_no', title: t('list.userNo'), width: 100, render: (_, row) => row.user_no ?? '—' },
      ...(hasGroups ? [{ key: 'group', title: t('list.group'), width: 110, render: (_: unknown, row: Row) => row.group_name ?? '—' }] : []),
      {
        key: 'submitted_at',
        title: t('list.submittedAt'),
        width: 160,
        render: (_, row) => (
          <Space size={4} wrap>
            {format(row.submitted_at)}
            {row.submission_count > 1 && <Tag>{t('state.count', { count: row.submission_count })}</Tag>}
          </Space>
        ),
      },
      {
        key: 'late',
        title: t('list.late'),
        width: 80,
        render: (_, row) => (row.is_late ? <Tag color="error">{t('state.late')}</Tag> : <Typography.Text type="secondary">{t('list.onTime')}</Typography.Text>),
      },
      { key: 'files', title: t('list.files'), width: 60, align: 'right', render: (_, row) => row.file_count },
      {
        key: 'score',
        title: t('list.score'),
        width: 80,
        align: 'right',
        render: (_, row) => (row.score === null ? <Tag color="orange">{t('list.ungraded')}</Tag> : <Typography.Text strong>{row.score}</Typography.Text>),
      },
      { key: 'graded_by', title: t('list.gradedBy'), width: 120, render: (_, row) => row.graded_by_name ?? '—' },
      {
        key: 'actions',
        title: t('list.actions'),
        fixed: 'right',
        width: 140,
        render: (_, row) => (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              loading={opening === row.id}
              onClick={() => void openGrading(row)}
              aria-label={t('list.gradeOne', { name: row.user_name })}
            >
              {t('list.grade')}
            </Button>
            <Button type="link" size="small" onClick={() => setGrading(row.id)} aria-label={t('list.detailsOne', { name: row.user_name })}>
              {t('list.details')}
            </Button>
          </Space>
        ),
      },
    ],
    // openGrading reads only state setters and stable hooks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, opening, hasGroups],
  );

  const summary = list.data?.summary;
  const isFiltered = query.state !== 'all' || query.late !== undefined || Boolean(query.keyword);
  return (
    <Card
      data-testid="homework-submission-list"
      title={
        <Space wrap>
          <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
            {t('list.title')}
          </Typography.Title>
          {list.data && (isPublished ? <Tag color="success">{t('publish.isPublished')}</Tag> : <Tag>{t('publish.notPublished')}</Tag>)}
        </Space>
      }
      extra={
        <Button
          icon={isPublished ? <EyeInvisibleOutlined aria-hidden /> : <NotificationOutlined aria-hidden />}
          onClick={confirmPublish}
          loading={publish.isPending}
          disabled={!list.data}
          data-testid="homework-publish"
        >
          {isPublished ? t('publish.unpublish') : t('publish.publish')}
        </Button>
      }
    >
      {summary && (
        <Typography.Paragraph data-testid="homework-summary">
          {t('list.summary', { submitted: summary.submitted, expected: summary.expected, graded: summary.graded, late: summary.late })}
        </Typography.Paragraph>
      )}
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Select<SubmissionListQuery['state']>
          aria-label={t('list.stateFilter')}
          value={query.state}
          onChange={(state) => filter({ state })}
          options={[
            { value: 'all', label: t('list.states.all') },
            { value: 'ungraded', label: t('list.states.ungraded') },
            { value: 'graded', label: t('list.states.graded') },
          ]}
          style={{ width: 160 }}
        />
        <Select<'any' | 'true' | 'false'>
          aria-label={t('list.lateFilter')}
          value={query.late ?? 'any'}
          onChange={(late) => filter({ late: late === 'any' ? undefined : late })}
          options={[
            { value: 'any', label: t('list.lateOptions.any') },
            { value: 'true', label: t('list.lateOptions.late') },
            { value: 'false', label: t('list.lateOptions.onTime') },
          ]}
          style={{ width: 160 }}
        />
        <Input.Search
          aria-label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          allowClear
          maxLength={100}
          onSearch={(value) => filter({ keyword: value.trim() || undefined })}
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
          dataSource={list.data?.items ?? []}
          columns={columns}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: isFiltered ? t('list.noMatch') : t('list.empty') }}
          pagination={{
            current: query.page,
            pageSize: query.page_size,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (total) => t('list.total', { count: total }),
            onChange: (page, size) => setQuery((q) => ({ ...q, page: size === q.page_size ? page : 1, page_size: size })),
          }}
        />
      )}
      <GradeDrawer submissionId={grading} activityId={activityId} onClose={() => setGrading(null)} onNavigate={setGrading} />
    </Card>
  );
}
