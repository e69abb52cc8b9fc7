import { Suspense, useState } from 'react';
import { App, Button, Card, Empty, Flex, Tag, Typography } from 'antd';
import { Result } from '../../../components/result';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@atrium/contracts';
import { isApiError, loginRedirectUrl } from '../../../lib/api-client';
import { lazyNamed } from '../../../lib/lazy-named';
import { PageSpinner } from '../../../components/page-spinner';
import { FileTypeIcon } from '../../uploads/components/file-type-icon';
import { useGuestActivity } from '../api';

const FilePreviewer = lazyNamed(() => import('../components/file-previewer'), 'FilePreviewer');

/**
 * The anonymous visitor's page of an activity (spec §6 "visitors use the
 * anonymous-api prefix"): `GET /anonymous-api/{activityId}/uploads` lists the
 * activity's files, and each opens the file previewer in visitor mode
 * (`visitorActivityId`): no notes, statistics, AI panels or play progress.
 * A refused activity (guest preview off, unpublished: 401/403; absent: 404)
 * shows a message and never sends the visitor to /login.
 */
export function GuestActivityPage() {
  const { t } = useTranslation('previewer');
  const params = useParams();
  const activityId = Number(params.activityId);
  const isValidId = Number.isInteger(activityId) && activityId > 0;
  const guest = useGuestActivity(isValidId ? activityId : 0);
  const [openIndex, setOpenIndex] = useState<number | null>(null);

  let body;
  if (!isValidId || guest.isError) {
    const isAbsent = !isValidId || isApiError(guest.error, 404);
    const isRefused = isApiError(guest.error, 401) || isApiError(guest.error, 403);
    body = (
      <Result
        status={isAbsent ? '404' : isRefused ? '403' : 'warning'}
        title={t(isAbsent ? 'guest.absent' : isRefused ? 'guest.refused' : 'guest.loadFailed')}
        subTitle={isRefused ? t('guest.refusedHint') : undefined}
        extra={
          <Button href={loginRedirectUrl(window.location)} type="default">
            {t('guest.signIn')}
          </Button>
        }
        data-testid="guest-refusal"
        pageTitle
      />
    );
  } else if (guest.isPending) {
    body = <PageSpinner minHeight="50vh" />;
  } else {
    const { activity, files } = guest.data;
    body = (
      <Card
        title={
          <Flex vertical gap={2} style={{ padding: '12px 0' }}>
            <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
              {t('guest.visitorHeading')}
            </Typography.Text>
            <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }} data-testid="guest-activity-title">
              {activity.title}
            </Typography.Title>
          </Flex>
        }
      >
        {files.length === 0 ? (
          <Empty description={t('guest.noFiles')} />
        ) : (
          <ul aria-label={t('guest.files')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {files.map((file, index) => (
              <li
                key={file.id}
                data-testid="guest-file"
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  gap: 12,
                  padding: '10px 0',
                  borderTop: index === 0 ? undefined : '1px solid #f0f0f0',
                }}
              >
                <Button type="link" icon={<FileTypeIcon name={file.name} type={file.type} />} onClick={() => setOpenIndex(index)} style={{ padding: 0 }}>
                  {file.name}
                </Button>
                <span>
                  {file.status !== 'ready' && <Tag>{t(`guest.status.${file.status}`, { defaultValue: file.status })}</Tag>}
                  <Typography.Text type="secondary">{formatBytes(file.size)}</Typography.Text>
                </span>
              </li>
            ))}
          </ul>
        )}
        {openIndex !== null && (
          <Suspense fallback={null}>
            <FilePreviewer
              files={files.map((f) => ({ id: f.id, name: f.name }))}
              startIndex={openIndex}
              onClose={() => setOpenIndex(null)}
              visitorActivityId={activity.id}
            />
          </Suspense>
        )}
      </Card>
    );
  }

  return (
    <App>
      <main aria-label={t('guest.pageLabel')} style={{ minHeight: '100vh', background: '#f5f5f5', padding: '32px 16px' }}>
        <div style={{ maxWidth: 880, margin: '0 auto' }}>{body}</div>
      </main>
    </App>
  );
}
