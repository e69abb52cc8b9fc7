import { Suspense, useState, type ReactNode } from 'react';
import { Button, Card, Col, Empty, Flex, Pagination, Progress, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import { DownloadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { QuestionnaireResults } from '@atrium/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { ApiErrorResult } from '../../../components/status-results';
import { lazyNamed } from '../../../lib/lazy-named';
import { RichHtml } from '../../activities/components/views/rich-html';
import { questionnaireExportUrl, useQuestionnaireResults } from '../api';
import { percentOf, ratingRows } from '../lib/results';

// recharts is a chunk of its own, loaded only when results are shown.
const ChoiceChart = lazyNamed(() => import('./results-charts'), 'ChoiceChart');
const RatingChart = lazyNamed(() => import('./results-charts'), 'RatingChart');
const MatrixChart = lazyNamed(() => import('./results-charts'), 'MatrixChart');

type SubjectResult = QuestionnaireResults['subjects'][number];

const TEXT_PAGE_SIZE = 5;

function ChartSlot({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner minHeight={120} />}>{children}</Suspense>;
}

/** Percentage cell: "40%", or "—" when nobody answered. */
function Percent({ count, total }: { count: number; total: number }) {
  const percent = percentOf(count, total);
  return <>{percent === null ? '—' : `${percent}%`}</>;
}

function ChoiceResult({ subject, number }: { subject: SubjectResult; number: number }) {
  const { t } = useTranslation('questionnaires');
  const options = subject.options ?? [];
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={14}>
        <ChartSlot>
          <ChoiceChart options={options} label={t('results.chartLabel', { number })} />
        </ChartSlot>
      </Col>
      <Col xs={24} lg={10}>
        <Table
          size="small"
          pagination={false}
          rowKey="id"
          dataSource={options}
          aria-label={t('results.tableLabel', { number })}
          columns={[
            { key: 'content', dataIndex: 'content', title: t('results.option') },
            { key: 'count', dataIndex: 'count', title: t('results.count'), align: 'right', width: 80 },
            {
              key: 'percent',
              title: t('results.percent'),
              align: 'right',
              width: 80,
              render: (_value: unknown, option: { count: number }) => <Percent count={option.count} total={subject.answered} />,
            },
          ]}
        />
      </Col>
    </Row>
  );
}

function RatingResult({ subject, number }: { subject: SubjectResult; number: number }) {
  const { t } = useTranslation('questionnaires');
  const rating = subject.rating!;
  const mean = rating.mean === null ? null : rating.mean.toFixed(2);
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={14}>
        <ChartSlot>
          <RatingChart rating={rating} label={t('results.chartLabel', { number })} meanLabel={mean === null ? '' : t('results.meanShort', { mean })} />
        </ChartSlot>
      </Col>
      <Col xs={24} lg={10}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Statistic title={t('results.mean', { min: rating.min, max: rating.max })} value={mean ?? '—'} data-testid="rating-mean" />
          <Table
            size="small"
            pagination={false}
            rowKey="value"
            dataSource={ratingRows(rating)}
            aria-label={t('results.tableLabel', { number })}
            columns={[
              { key: 'value', dataIndex: 'value', title: t('results.rating') },
              { key: 'count', dataIndex: 'count', title: t('results.count'), align: 'right', width: 80 },
              {
                key: 'percent',
                title: t('results.percent'),
                align: 'right',
                width: 80,
                render: (_value: unknown, row: { count: number }) => <Percent count={row.count} total={subject.answered} />,
              },
            ]}
          />
        </Space>
      </Col>
    </Row>
  );
}

/** The matrix as a heat table: each cell's shade grows with its share of the largest count. */
function MatrixResult({ subject, number }: { subject: SubjectResult; number: number }) {
  const { t } = useTranslation('questionnaires');
  const matrix = subject.matrix!;
  const largest = Math.max(1, ...matrix.counts.flat());
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <ChartSlot>
        <MatrixChart matrix={matrix} label={t('results.chartLabel', { number })} />
      </ChartSlot>
      <div className="q-matrix-scroll">
        <table className="q-heat" aria-label={t('results.tableLabel', { number })}>
          <thead>
            <tr>
              <td />
              {matrix.columns.map((column) => (
                <th key={column.id} scope="col">
                  {column.content}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {matrix.rows.map((row, r) => (
              <tr key={row.id}>
                <th scope="row">{row.content}</th>
                {matrix.columns.map((column, c) => {
                  const count = matrix.counts[r]?.[c] ?? 0;
                  const share = count / largest;
                  return (
                    <td key={column.id} style={{ background: `rgba(22, 119, 255, ${(share * 0.75).toFixed(3)})`, color: share > 0.55 ? '#fff' : undefined }}>
                      {count}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Space>
  );
}

/** Text answers, newest first, a page at a time. */
function TextResult({ subject }: { subject: SubjectResult }) {
  const { t } = useTranslation('questionnaires');
  const [page, setPage] = useState(1);
  const texts = subject.texts ?? [];
  if (texts.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('results.noTexts')} />;
  const first = (page - 1) * TEXT_PAGE_SIZE;
  return (
    <Flex vertical gap={12}>
      <ol className="q-texts" start={first + 1} aria-label={t('results.textsLabel', { count: texts.length })}>
        {texts.slice(first, first + TEXT_PAGE_SIZE).map((item, index) => (
          <li key={first + index} data-testid="text-answer">
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{item.text}</Typography.Paragraph>
            {item.user && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <UserOutlined /> {item.user.name}
              </Typography.Text>
            )}
          </li>
        ))}
      </ol>
      {texts.length > TEXT_PAGE_SIZE && (
        <Pagination align="center" size="small" current={page} pageSize={TEXT_PAGE_SIZE} total={texts.length} showSizeChanger={false} onChange={setPage} />
      )}
    </Flex>
  );
}

function SubjectResultCard({ subject, number }: { subject: SubjectResult; number: number }) {
  const { t } = useTranslation('questionnaires');
  return (
    <Card
      size="small"
      data-testid="subject-result"
      title={
        <Flex gap={8} align="baseline" wrap>
          <span>{number}.</span>
          <Tag>{t(`types.${subject.type}`)}</Tag>
        </Flex>
      }
      extra={<Typography.Text type="secondary">{t('results.answered', { count: subject.answered })}</Typography.Text>}
    >
      {subject.description && (
        <div className="q-result-description">
          <RichHtml html={subject.description} />
        </div>
      )}
      {subject.type === 'single_selection' || subject.type === 'multiple_selection' ? (
        <ChoiceResult subject={subject} number={number} />
      ) : subject.type === 'rating' && subject.rating ? (
        <RatingResult subject={subject} number={number} />
      ) : subject.type === 'matrix' && subject.matrix ? (
        <MatrixResult subject={subject} number={number} />
      ) : (
        <TextResult subject={subject} />
      )}
    </Card>
  );
}

/**
 * Results of a questionnaire (issue 15 §5; `GET /api/questionnaires/{id}/results`): responses
 * against the course's learners, then per subject a chart (lazy recharts: bars for choices and
 * the rating distribution with its mean, stacked bars and a heat table for a matrix) beside a
 * table of the same numbers, and text answers in pages (names only in a named questionnaire seen
 * by the team). `canExport` (course team): CSV and XLSX download links.
 */
export function ResultsView({ activityId, canExport }: { activityId: number; canExport: boolean }) {
  const { t } = useTranslation('questionnaires');
  const results = useQuestionnaireResults(activityId);
  if (results.isPending) return <PageSpinner minHeight={160} />;
  if (results.isError) return <ApiErrorResult error={results.error} onRetry={() => void results.refetch()} />;
  const data = results.data;
  const reach = percentOf(data.response_count, data.learner_count);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="questionnaire-results">
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={16}>
          <Flex gap={32} align="center" wrap>
            <Statistic title={t('results.responses')} value={data.response_count} data-testid="response-count" />
            <Statistic title={t('results.learners')} value={data.learner_count} data-testid="learner-count" />
            <div style={{ minWidth: 200 }}>
              <Typography.Text type="secondary">{t('results.reach', { responses: data.response_count, learners: data.learner_count })}</Typography.Text>
              <Progress percent={Math.min(100, reach ?? 0)} size="small" aria-label={t('results.reachLabel')} />
            </div>
            {data.anonymous && <Tag>{t('settings.anonymousTag')}</Tag>}
          </Flex>
          {canExport && (
            <Space wrap>
              <Button icon={<DownloadOutlined />} href={questionnaireExportUrl(activityId, 'csv')} download>
                {t('results.exportCsv')}
              </Button>
              <Button icon={<DownloadOutlined />} href={questionnaireExportUrl(activityId, 'xlsx')} download>
                {t('results.exportXlsx')}
              </Button>
            </Space>
          )}
        </Flex>
      </Card>
      {data.subjects.length === 0 ? (
        <Empty description={t('results.noSubjects')} />
      ) : data.response_count === 0 ? (
        <Empty description={t('results.noResponses')} />
      ) : (
        data.subjects.map((subject, index) => <SubjectResultCard key={subject.subject_id} subject={subject} number={index + 1} />)
      )}
    </Space>
  );
}
