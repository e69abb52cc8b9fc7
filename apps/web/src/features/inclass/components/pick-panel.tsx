import { useState } from 'react';
import { Button, Card, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InclassSession } from '@atrium/contracts';
import { useToast } from '../../../lib/toast';
import { usePick } from '../api';

/** Random pick (decision 0155): a learner drawn among those checked in (or all), everyone once before anyone twice. */
export function PickPanel({ session }: { session: InclassSession }) {
  const { t } = useTranslation('inclass');
  const toast = useToast();
  const [among, setAmong] = useState<'present' | 'all'>('present');
  const pick = usePick(session.id);
  return (
    <Card title={t('pick.title')} data-testid="pick-panel">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Radio.Group value={among} onChange={(e) => setAmong(e.target.value as 'present' | 'all')} aria-label={t('pick.among')}>
          <Radio value="present">{t('pick.present')}</Radio>
          <Radio value="all">{t('pick.all')}</Radio>
        </Radio.Group>
        <Button type="primary" loading={pick.isPending} onClick={() => pick.mutate(among, { onError: (e) => toast.error(e) })}>
          {t('pick.pick')}
        </Button>
        <div aria-live="polite" className="inclass-picked" data-testid="picked-name">
          {session.pick ? (
            <>
              <Typography.Title level={2} style={{ margin: 0 }}>
                {session.pick.name}
              </Typography.Title>
              <Typography.Text type="secondary">{session.pick.user_no}</Typography.Text>
            </>
          ) : (
            <Typography.Text type="secondary">{t('pick.none')}</Typography.Text>
          )}
        </div>
      </Space>
    </Card>
  );
}
