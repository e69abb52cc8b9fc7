import { useState } from 'react';
import { Button, Card, Empty, InputNumber, List, QRCode, Radio, Space, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InclassSession } from '@atrium/contracts';
import { useToast } from '../../../lib/toast';
import { useCloseRollcall, useStartRollcall } from '../api';
import { checkinUrl, clockTime } from '../lib/inclass';

/**
 * The team's roll call (decision 0155): start one by code or QR code with a late rule; while it is open the code
 * (or the QR code holding the in-class page's address with the code) shows large for the room, and check-ins
 * arrive live (present, late, and who is still absent); close it when the room is in.
 */
export function RollcallPanel({ session }: { session: InclassSession }) {
  const { t } = useTranslation('inclass');
  const toast = useToast();
  const [method, setMethod] = useState<'code' | 'qr'>('code');
  const [lateAfter, setLateAfter] = useState<number>(5);
  const start = useStartRollcall(session.id);
  const close = useCloseRollcall(session.id);
  const rollcall = session.rollcall;
  const isOpen = rollcall !== null && rollcall.closed_at === null;
  const absent = rollcall ? Math.max(0, session.student_count - rollcall.present_count - rollcall.late_count) : session.student_count;

  const form = (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Radio.Group value={method} onChange={(e) => setMethod(e.target.value as 'code' | 'qr')} optionType="button" aria-label={t('rollcall.method')}>
        <Radio.Button value="code">{t('rollcall.byCode')}</Radio.Button>
        <Radio.Button value="qr">{t('rollcall.byQr')}</Radio.Button>
      </Radio.Group>
      <Space align="center" wrap>
        <label htmlFor="inclass-late-after">{t('rollcall.lateAfter')}</label>
        <InputNumber id="inclass-late-after" min={0} max={240} value={lateAfter} onChange={(v) => setLateAfter(v ?? 0)} addonAfter={t('rollcall.minutes')} />
      </Space>
      <Typography.Text type="secondary">{lateAfter > 0 ? t('rollcall.lateRule', { minutes: lateAfter }) : t('rollcall.noLateRule')}</Typography.Text>
      <Button
        type="primary"
        loading={start.isPending}
        onClick={() => start.mutate({ method, late_after_minutes: lateAfter }, { onError: (e) => toast.error(e, t('rollcall.startFailed')) })}
      >
        {rollcall ? t('rollcall.again') : t('rollcall.start')}
      </Button>
    </Space>
  );

  return (
    <Card title={t('rollcall.title')} data-testid="rollcall-panel">
      {rollcall && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          {isOpen && (
            <div className="inclass-code-box">
              {rollcall.method === 'qr' && rollcall.code && (
                <QRCode value={checkinUrl(session.course_id, rollcall.code)} size={200} bordered={false} aria-label={t('rollcall.qrLabel')} />
              )}
              <div className="inclass-code" data-testid="rollcall-code" aria-label={t('rollcall.codeLabel')}>
                {rollcall.code}
              </div>
              <Typography.Text type="secondary">{t('rollcall.howTo')}</Typography.Text>
            </div>
          )}
          <Space size="large" wrap aria-live="polite">
            <Statistic title={t('rollcall.present')} value={rollcall.present_count} data-testid="rollcall-present" />
            <Statistic title={t('rollcall.late')} value={rollcall.late_count} data-testid="rollcall-late" />
            <Statistic title={t('rollcall.absent')} value={absent} />
          </Space>
          <List
            size="small"
            bordered
            dataSource={rollcall.checkins}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rollcall.nobodyYet')} /> }}
            style={{ maxHeight: 260, overflow: 'auto' }}
            data-testid="rollcall-checkins"
            renderItem={(c) => (
              <List.Item key={c.user_id} extra={<Typography.Text type="secondary">{clockTime(c.checked_at)}</Typography.Text>}>
                <Space>
                  <span>{c.name}</span>
                  <Typography.Text type="secondary">{c.user_no}</Typography.Text>
                  {c.is_late && <Tag color="orange">{t('rollcall.lateTag')}</Tag>}
                </Space>
              </List.Item>
            )}
          />
          {isOpen && (
            <Button danger loading={close.isPending} onClick={() => close.mutate(rollcall.id, { onError: (e) => toast.error(e) })}>
              {t('rollcall.close')}
            </Button>
          )}
        </Space>
      )}
      {!isOpen && <div style={{ marginTop: rollcall ? 16 : 0 }}>{form}</div>}
    </Card>
  );
}
