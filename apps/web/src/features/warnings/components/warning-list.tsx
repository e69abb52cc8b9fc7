import { useState } from 'react';
import { Alert, Empty, Flex, Segmented, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS, WARNING_RULE_NAMES, type Warning, type WarningReason, type WarningRules } from '@atrium/contracts';
import { ApiErrorResult } from '../../../components/status-results';
import { useUserZone } from '../../gradebook/hooks/use-user-zone';
import { useCourseWarnings, type WarningRuleName } from '../api';
import { formatPercent, formatWarningTime } from '../lib/warning-format';

/** The tag colour of each rule (preset colours the theme darkens to AA contrast, providers.tsx). */
const RULE_COLOR: Record<WarningRuleName, string> = {
  inactive: 'orange',
  behind_schedule: 'gold',
  missed_deadlines: 'red',
  falling_scores: 'volcano',
};

type Filter = WarningRuleName | 'all';

/** One reason a student is flagged, as a line: the rule's tag, then its figures in words. */
export function WarningReasonLine({ reason, zone }: { reason: WarningReason; zone: string }) {
  const { t, i18n } = useTranslation('warnings');
  const percent = (points: number) => formatPercent(points, i18n.language);
  let detail;
  switch (reason.rule) {
    case 'inactive':
      detail =
        reason.days === null ? (
          t('reason.neverSignedIn')
        ) : (
          <>
            {t('reason.inactive', { count: reason.days })}
            {reason.last_sign_in_at && (
              <Typography.Text type="secondary">
                {' '}
                (<time dateTime={reason.last_sign_in_at}>{t('reason.lastSignIn', { time: formatWarningTime(reason.last_sign_in_at, zone) })}</time>)
              </Typography.Text>
            )}
          </>
        );
      break;
    case 'behind_schedule':
      detail = t('reason.behind', { completeness: percent(reason.completeness), expected: percent(reason.expected) });
      break;
    case 'missed_deadlines':
      detail = (
        <>
          {t('reason.missed', { count: reason.activities.length })}
          <ul style={{ margin: '2px 0 0', paddingInlineStart: 20 }}>
            {reason.activities.map((activity) => (
              <li key={activity.id}>
                {activity.title}{' '}
                <Typography.Text type="secondary">
                  (<time dateTime={activity.end_time}>{t('reason.ended', { time: formatWarningTime(activity.end_time, zone) })}</time>)
                </Typography.Text>
              </li>
            ))}
          </ul>
        </>
      );
      break;
    case 'falling_scores':
      detail = t('reason.falling', { scores: reason.scores.map(percent).join(' → ') });
      break;
  }
  return (
    <div data-testid="warning-reason" data-rule={reason.rule}>
      <Tag color={RULE_COLOR[reason.rule]}>{t(`rules.${reason.rule}`)}</Tag>
      <span>{detail}</span>
    </div>
  );
}

/** True when every rule is off: the list is empty whatever the students do. */
function allOff(rules: WarningRules): boolean {
  return rules.inactive_days === null && rules.behind_percent === null && rules.missed_deadlines === null && rules.falling_scores === null;
}

/**
 * The alert list of a course (issue 25 item 4; spec §2 `/course/{id}/warning` and the management
 * `alert-list`): `GET /api/courses/{id}/warnings`, the students the rules flag now by name and number,
 * each with the reasons in words; a filter keeps one rule's (`rule=`), the server pages (10–100 a page);
 * above, how many of the course's students need attention and when the list was computed.
 */
export function WarningList({ courseId }: { courseId: number }) {
  const { t } = useTranslation('warnings');
  const zone = useUserZone();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE_OPTIONS[0]);
  const list = useCourseWarnings(courseId, page, pageSize, filter === 'all' ? undefined : filter);

  const filterControl = (
    <div style={{ maxWidth: '100%', overflowX: 'auto', marginBottom: 12 }}>
      <Segmented<Filter>
        aria-label={t('filter.label')}
        value={filter}
        onChange={(value) => {
          setFilter(value);
          setPage(1);
        }}
        options={[{ value: 'all', label: t('filter.all') }, ...WARNING_RULE_NAMES.map((name) => ({ value: name, label: t(`rules.${name}`) }))]}
      />
    </div>
  );

  if (list.isError) return <ApiErrorResult error={list.error} onRetry={() => void list.refetch()} />;
  if (list.isPending) {
    return (
      <>
        {filterControl}
        <div role="status" aria-busy="true" aria-label={t('list.loading')} data-testid="warnings-loading">
          <Skeleton active />
        </div>
      </>
    );
  }
  const data = list.data;
  return (
    <>
      {filterControl}
      {allOff(data.rules) && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('list.allOff')} />}
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Text data-testid="warnings-summary">{t('list.summary', { count: data.total, students: data.student_count })}</Typography.Text>
        <Typography.Text type="secondary" data-testid="warnings-computed-at">
          <time dateTime={data.computed_at}>{t('list.computedAt', { time: formatWarningTime(data.computed_at, zone) })}</time>
        </Typography.Text>
      </Flex>
      <Table<Warning>
        rowKey={(item) => item.user.id}
        dataSource={data.items}
        loading={list.isFetching}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filter === 'all' ? t('list.empty') : t('list.emptyRule')} data-testid="warnings-empty" />
          ),
        }}
        columns={[
          {
            key: 'student',
            title: t('list.student'),
            width: 220,
            render: (_, item) => (
              <>
                <Typography.Text strong>{item.user.name}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{item.user.user_no}</Typography.Text>
              </>
            ),
          },
          {
            key: 'reasons',
            title: t('list.reasons'),
            render: (_, item) => (
              <Flex vertical gap={6}>
                {item.reasons.map((reason) => (
                  <WarningReasonLine key={reason.rule} reason={reason} zone={zone} />
                ))}
              </Flex>
            ),
          },
        ]}
        pagination={{
          current: data.page,
          pageSize: data.page_size,
          total: data.total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          hideOnSinglePage: false,
          onChange: (next, size) => {
            setPage(size === pageSize ? next : 1);
            setPageSize(size);
          },
        }}
      />
    </>
  );
}
