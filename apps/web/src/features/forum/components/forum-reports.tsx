import { Button, Empty, List, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiErrorResult } from '../../../components/status-results';
import { useToast } from '../../../lib/toast';
import { useForumReports, useResolveReport } from '../api';
import { ForumTime } from './forum-bits';

/** The course team's open reports (`GET /api/courses/{id}/forum/reports`): what, why, by whom; open the topic, mark handled. */
export function ForumReports({ courseId, onOpenTopic }: { courseId: number; onOpenTopic: (topicId: number, replyId?: number | null) => void }) {
  const { t } = useTranslation('forum');
  const toast = useToast();
  const reports = useForumReports(courseId, true);
  const resolve = useResolveReport(courseId);
  if (reports.isPending) return <Skeleton active />;
  if (reports.isError) return <ApiErrorResult error={reports.error} onRetry={() => void reports.refetch()} />;
  const open = reports.data.filter((r) => !r.resolved_at);
  if (open.length === 0) return <Empty description={t('reports.none')} />;
  return (
    <section aria-label={t('reports.title')}>
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
        {t('reports.title')}
      </Typography.Title>
      <List
        dataSource={open}
        rowKey="id"
        data-testid="forum-reports"
        renderItem={(report) => (
          <List.Item
            actions={[
              <Button key="open" type="link" onClick={() => onOpenTopic(report.topic_id, report.reply_id)}>
                {report.reply_id ? t('reports.openReply') : t('reports.openTopic')}
              </Button>,
              <Button
                key="resolve"
                onClick={() =>
                  resolve.mutate(report.id, {
                    onSuccess: () => toast.success(t('reports.resolved')),
                    onError: (error) => toast.error(error, t('reports.failed')),
                  })
                }
              >
                {t('reports.resolve')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={`${report.reply_id ? t('reports.aReply') : t('reports.aTopic')} · ${report.topic_title}`}
              description={
                <>
                  <div>{t('reports.reason', { reason: report.reason })}</div>
                  <span className="forum-meta">
                    <strong>{report.reporter.name}</strong> · <ForumTime instant={report.created_at} />
                  </span>
                </>
              }
            />
          </List.Item>
        )}
      />
    </section>
  );
}
