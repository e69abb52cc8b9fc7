import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../lib/i18n';
import { loadLocalePacks } from '../lib/locale-packs';
import { PageSpinner } from '../components/page-spinner';

/** Keeps antd's and dayjs' locale in step with the interface language. */
function LocaleConfig({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [antdLocale, setAntdLocale] = useState<AntdLocale | undefined>(undefined);
  const language = i18n.language;
  useEffect(() => {
    let cancelled = false;
    void loadLocalePacks(currentLocale()).then((locale) => {
      if (!cancelled) setAntdLocale(locale);
    });
    return () => {
      cancelled = true;
    };
  }, [language]);
  return (
    <ConfigProvider locale={antdLocale} theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}>
      {children}
    </ConfigProvider>
  );
}

/** App-wide providers: TanStack Query and antd ConfigProvider with the matching locale (antd App lives in the signed-in shell). */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<PageSpinner minHeight="100vh" />}>
        <LocaleConfig>{children}</LocaleConfig>
      </Suspense>
    </QueryClientProvider>
  );
}
