import { useState } from 'react';
import { Button, Empty, Space, Table, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Activity } from '@atrium/contracts';
import { useCourseContent } from '../../activities/api';
import { useInclassSessions } from '../api';
import { ReportButtons } from './report-buttons';
import dayjs from 'dayjs';

/** Opens in-class mode in a new window (spec §2), on this classroom for the team. */
function openInclass(courseId: number, activityId: number | null) {
  window.open(`/inclass/courses/${courseId}${activityId ? `?activity=${activityId}` : ''}`, `inclass-${courseId}`, 'noopener');
}

/**
 * A classroom activity (spec §2 `#/classroom/{id}`; decision 0155): the team opens in-class mode on it in a new
 * window and finds its past sessions with their reports; learners join the class from here (or by scanning the
 * room's QR code).
 */
export function ClassroomView({ activity }: { activity: Activity }) {
  const { t } = useTranslation('inclass');
  const content = useCourseContent(activity.course_id);
  const isTeam = content.data?.can_edit === true;
  const [page, setPage] = useState(1);
  const sessions = useInclassSessions(activity.course_id, activity.id, page, isTeam);
  if (!isTeam)
    return (
      <Space direction="vertical">
        <Typography.Paragraph>{t('classroom.learnerIntro')}</Typography.Paragraph>
        <Button type="primary" icon={<ExportOutlined />} onClick={() => openInclass(activity.course_id, null)}>
          {t('classroom.join')}
        </Button>
      </Space>
    );
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph>{t('classroom.teamIntro')}</Typography.Paragraph>
      <Button type="primary" icon={<ExportOutlined />} onClick={() => openInclass(activity.course_id, activity.id)}>
        {t('classroom.open')}
      </Button>
      <Typography.Title level={3}>{t('classroom.sessions')}</Typography.Title>
      <Table
        rowKey="id"
        size="small"
        loading={sessions.isFetching}
        dataSource={sessions.data?.items ?? []}
        locale={{ emptyText: <Empty description={t('classroom.noSessions')} /> }}
        pagination={{ current: page, pageSize: 10, total: sessions.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
        columns={[
          { key: 'started', title: t('classroom.started'), render: (_, r) => dayjs(r.started_at).format('YYYY-MM-DD HH:mm') },
          { key: 'ended', title: t('classroom.ended'), render: (_, r) => (r.ended_at ? dayjs(r.ended_at).format('HH:mm') : t('classroom.running')) },
          { key: 'rollcalls', title: t('classroom.rollcalls'), dataIndex: 'rollcall_count' },
          { key: 'polls', title: t('classroom.polls'), dataIndex: 'poll_count' },
          {
            key: 'report',
            title: t('classroom.report'),
            render: (_, r) => (
              <ReportButtons courseId={activity.course_id} sessionId={r.id} fileName={`${r.activity_title} ${dayjs(r.started_at).format('YYYY-MM-DD')}`} />
            ),
          },
        ]}
      />
    </Space>
  );
}
