import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../lib/i18n';
import { loadLocalePacks } from '../lib/locale-packs';
import { usePrefersReducedMotion } from '../lib/use-reduced-motion';
import { PageSpinner } from '../components/page-spinner';

/** Keeps antd's and dayjs' locale in step with the interface language. */
/**
 * The theme: antd's defaults, with every colour text is drawn in darkened to WCAG 2.2 AA contrast (≥ 4.5:1
 * on white and on the tints behind it; decision 0144, found by e2e/accessibility.spec.ts):
 * - the primary blue of links and primary buttons, #1677ff (4.1:1 under white text) → #0958d9 (antd's blue-7, 6.2:1);
 * - secondary and description text (tertiary, 45 % black: 3.4:1) → 60 % black (5.7:1), and placeholders
 *   (25 % black: 2:1) → 55 % black (4.7:1);
 * - the text of preset-coloured tags (`<Tag color="gold">`: shade 7 on shade 1, 2.8–3.4:1 for gold, green,
 *   orange, cyan, volcano and lime) → shades 8–9 of the same colour (≥ 5:1);
 * - the status colours, drawn as text on their own tints (status tags) and under white text (danger buttons):
 *   success #52c41a → #237804, warning #faad14 → #874d00, error #ff4d4f (3.2:1 under white) → #cf1322.
 */
export const THEME_TOKENS = {
  colorPrimary: '#0958d9',
  colorLink: '#0958d9',
  colorInfo: '#0958d9',
  colorSuccess: '#237804',
  colorWarning: '#874d00',
  // Darker seeds derive greyish tints (success background #adb8a5, 2.7:1 under its own text): antd's default tints kept.
  colorSuccessBg: '#f6ffed',
  colorSuccessBgHover: '#d9f7be',
  colorSuccessBorder: '#b7eb8f',
  colorWarningBg: '#fffbe6',
  colorWarningBgHover: '#fff1b8',
  colorWarningBorder: '#ffe58f',
  colorError: '#cf1322',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  // Both spellings: `green7` and the legacy `green-7` name the same CSS variable (--ant-green-7), so both are set.
  gold7: '#874d00',
  'gold-7': '#874d00',
  green7: '#237804',
  'green-7': '#237804',
  orange7: '#873800',
  'orange-7': '#873800',
  cyan7: '#006d75',
  'cyan-7': '#006d75',
  volcano7: '#ad2102',
  'volcano-7': '#ad2102',
  lime7: '#3f6600',
  'lime-7': '#3f6600',
  borderRadius: 6,
} as const;

/** The theme with its component overrides: a table's or a list's empty text ("This folder is empty.") is drawn in the disabled colour (25 % black), darkened as secondary text. */
const THEME = {
  token: THEME_TOKENS,
  components: { Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' }, List: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' } },
};

function LocaleConfig({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [antdLocale, setAntdLocale] = useState<AntdLocale | undefined>(undefined);
  const language = i18n.language;
  // antd's fades, slides and waves off when the system asks for less motion (WCAG 2.2 2.3.3).
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => (reducedMotion ? { ...THEME, token: { ...THEME_TOKENS, motion: false } } : THEME), [reducedMotion]);
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
    <ConfigProvider locale={antdLocale} theme={theme}>
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
