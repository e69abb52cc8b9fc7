import { useState } from 'react';
import { Badge, Button, Card, Col, Empty, Popconfirm, Row, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InclassOverview } from '@atrium/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { ApiErrorResult } from '../../../components/status-results';
import { useToast } from '../../../lib/toast';
import { useEndSession, useInclassSession, useStartSession } from '../api';
import { useInclassStream } from '../hooks/use-inclass-stream';
import { clockTime } from '../lib/inclass';
import { PickPanel } from './pick-panel';
import { PollPanel } from './poll-panel';
import { ReportButtons } from './report-buttons';
import { RollcallPanel } from './rollcall-panel';

/** The course team's in-class screen (decision 0155): start a class, then roll call, questions, random pick, the report, the end. */
export function TeamRoom({ overview, activityId }: { overview: InclassOverview; activityId: number | null }) {
  const { t } = useTranslation('inclass');
  const toast = useToast();
  const [chosen, setChosen] = useState<number | null>(activityId ?? overview.classrooms[0]?.id ?? null);
  const [ended, setEnded] = useState<{ id: number; title: string } | null>(null);
  const startSession = useStartSession(overview.course_id);
  const endSession = useEndSession(overview.course_id);
  const sessionId = overview.session?.id ?? null;
  const session = useInclassSession(sessionId, overview.session ?? undefined);
  const [lastAction, setLastAction] = useState<string | null>(null);
  const isLive = useInclassStream(sessionId, (a) => setLastAction(t(a.action === 'blur' ? 'actions.left' : 'actions.back', { name: a.name })));

  if (sessionId === null) {
    return (
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        {ended && (
          <Card title={t('ended.title')} data-testid="ended-card">
            <Space direction="vertical">
              <Typography.Text>{t('ended.report')}</Typography.Text>
              <ReportButtons courseId={overview.course_id} sessionId={ended.id} fileName={ended.title} />
            </Space>
          </Card>
        )}
        <Card title={t('start.title')}>
          {overview.classrooms.length === 0 ? (
            <Empty description={t('start.noClassroom')} />
          ) : (
            <Space wrap>
              <Select
                style={{ minWidth: 260 }}
                value={chosen ?? undefined}
                onChange={(v: number) => setChosen(v)}
                aria-label={t('start.classroom')}
                options={overview.classrooms.map((c) => ({ value: c.id, label: c.title }))}
              />
              <Button
                type="primary"
                disabled={chosen === null}
                loading={startSession.isPending}
                onClick={() => chosen !== null && startSession.mutate(chosen, { onError: (e) => toast.error(e, t('start.failed')) })}
              >
                {t('start.start')}
              </Button>
            </Space>
          )}
        </Card>
      </Space>
    );
  }
  if (session.isPending) return <PageSpinner />;
  if (session.isError) return <ApiErrorResult error={session.error} onRetry={() => void session.refetch()} />;
  const s = session.data;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Typography.Title level={2} style={{ margin: 0 }}>
              {s.activity_title}
            </Typography.Title>
            <Typography.Text type="secondary">{t('session.since', { time: clockTime(s.started_at) })}</Typography.Text>
            <Badge status={isLive ? 'success' : 'warning'} text={isLive ? t('session.live') : t('session.connecting')} data-testid="stream-status" />
            {s.tracks_actions && <Typography.Text type="secondary">{t('session.tracking')}</Typography.Text>}
          </Space>
          <Space wrap>
            <ReportButtons courseId={s.course_id} sessionId={s.id} fileName={s.activity_title} />
            <Popconfirm
              title={t('session.endConfirm')}
              okText={t('session.end')}
              cancelText={t('session.cancel')}
              onConfirm={() =>
                endSession.mutate(s.id, {
                  onSuccess: () => setEnded({ id: s.id, title: s.activity_title }),
                  onError: (e) => toast.error(e),
                })
              }
            >
              <Button danger loading={endSession.isPending}>
                {t('session.end')}
              </Button>
            </Popconfirm>
          </Space>
        </Space>
        {lastAction && (
          <Typography.Text type="secondary" aria-live="polite">
            {lastAction}
          </Typography.Text>
        )}
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <RollcallPanel session={s} />
        </Col>
        <Col xs={24} lg={12}>
          <PollPanel session={s} />
        </Col>
        <Col xs={24} lg={12}>
          <PickPanel session={s} />
        </Col>
      </Row>
    </Space>
  );
}
