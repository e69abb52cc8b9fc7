import type { ReactNode } from 'react';
import { Button } from 'antd';
import { Result } from './result';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError, serverMessageOf } from '../lib/api-client';

/** `pageTitle`: the result is the whole page, its title the page's h1 (Result's prop of that name). */
interface StatusResultProps {
  title?: ReactNode;
  extra?: ReactNode;
  pageTitle?: boolean;
}

/** "You cannot open this page" result (403), with a way back to the user's start page. */
export function ForbiddenResult({ title, extra, pageTitle }: StatusResultProps) {
  const { t } = useTranslation('common');
  return (
    <Result
      status="403"
      title={title ?? t('result.forbidden.title')}
      subTitle={t('result.forbidden.description')}
      extra={extra ?? <HomeLink />}
      pageTitle={pageTitle}
    />
  );
}

/** "Not found" result (404), with a way back to the user's start page. */
export function NotFoundResult({ title, extra, pageTitle }: StatusResultProps) {
  const { t } = useTranslation('common');
  return (
    <Result
      status="404"
      title={title ?? t('result.notFound.title')}
      subTitle={t('result.notFound.description')}
      extra={extra ?? <HomeLink />}
      pageTitle={pageTitle}
    />
  );
}

/**
 * The result for a failed load: 403 and 404 get their own results; other errors
 * show the server's message and a retry button when `onRetry` is given. `pageTitle`
 * where the result stands for the whole page.
 */
export function ApiErrorResult({ error, onRetry, pageTitle }: { error: unknown; onRetry?: () => void; pageTitle?: boolean }) {
  const { t } = useTranslation('common');
  if (isApiError(error, 403)) return <ForbiddenResult pageTitle={pageTitle} />;
  if (isApiError(error, 404)) return <NotFoundResult pageTitle={pageTitle} />;
  const detail = isApiError(error, 0) ? t('result.error.network') : serverMessageOf(error);
  return (
    <Result
      status="error"
      title={t('result.error.title')}
      subTitle={detail}
      pageTitle={pageTitle}
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
