import { Suspense, useCallback } from 'react';
import { App, Button } from 'antd';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RequireAuth } from '../../features/auth/components/require-auth';
import { PageSpinner } from '../../components/page-spinner';
import { useVersionCheck } from '../hooks/use-version-check';
import { AppHeader } from './app-header';
import { AppFooter } from './app-footer';
import { NotificationsLayer } from '../../features/notifications/components/notifications-layer';
import { AccountLayer } from '../../features/prompts/components/account-layer';
import { LocaleSync } from '../../features/auth/components/locale-sync';
import { VocabularyEntries } from '../../features/entries/components/vocabulary-entries';
import { StatsUser } from '../stats-page-views';
import './app-layout.css';

/** Page frame of every signed-in page: header, content outlet, footer, the new-version warning, and vocabulary entries (the editor's entries select, entry cards) where the organisation has them on. */
export function AppLayout() {
  const { t } = useTranslation('common');
  const { notification } = App.useApp();
  const onNewVersion = useCallback(() => {
    notification.warning({
      key: 'new-version',
      title: t('version.title'),
      description: t('version.description'),
      duration: false,
      actions: (
        <Button type="primary" size="small" onClick={() => window.location.reload()}>
          {t('version.reload')}
        </Button>
      ),
      onClose: () => window.location.reload(),
    });
  }, [notification, t]);
  useVersionCheck(onNewVersion);

  return (
    <VocabularyEntries>
      <AppHeader />
      <NotificationsLayer />
      <AccountLayer />
      <LocaleSync />
      <StatsUser />
      <main className="atrium-main">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <AppFooter />
    </VocabularyEntries>
  );
}

/** The signed-in part of the app: antd App (message, notification), RequireAuth and AppLayout, lazy-loaded as one chunk. */
export function AppShell() {
  return (
    <App>
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    </App>
  );
}
