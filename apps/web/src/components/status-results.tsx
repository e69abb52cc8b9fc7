import type { ReactNode } from 'react';
import { Button } from 'antd';
import { Result } from './result';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError, serverMessageOf } from '../lib/api-client';

/** "You cannot open this page" result (403), with a way back to the user's start page. */
export function ForbiddenResult({ title, extra }: { title?: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation('common');
  return <Result status="403" title={title ?? t('result.forbidden.title')} subTitle={t('result.forbidden.description')} extra={extra ?? <HomeLink />} />;
}

/** "Not found" result (404), with a way back to the user's start page. */
export function NotFoundResult({ title, extra }: { title?: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation('common');
  return <Result status="404" title={title ?? t('result.notFound.title')} subTitle={t('result.notFound.description')} extra={extra ?? <HomeLink />} />;
}

/**
 * The result for a failed load: 403 and 404 get their own results; other errors
 * show the server's message and a retry button when `onRetry` is given.
 */
export function ApiErrorResult({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  if (isApiError(error, 403)) return <ForbiddenResult />;
  if (isApiError(error, 404)) return <NotFoundResult />;
  const detail = isApiError(error, 0) ? t('result.error.network') : serverMessageOf(error);
  return (
    <Result
      status="error"
      title={t('result.error.title')}
      subTitle={detail}
      extra={
        onRetry ? (
          <Button type="primary" onClick={onRetry}>
            {t('action.retry')}
          </Button>
        ) : (
          <HomeLink />
        )
      }
    />
  );
}

function HomeLink() {
  const { t } = useTranslation('common');
  return <Link to="/user/index">{t('action.backHome')}</Link>;
}
