import type { ReactNode } from 'react';
import { Flex, Spin, Table, type TableProps } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiErrorResult } from '../../../components/status-results';
import { LoadingBlock } from './loading-block';

/**
 * A dashboard's three states around one query: the failure (ApiErrorResult with a retry) or the loading
 * skeleton under `header` (the back link, the period picker), then `children(data)`, dimmed by a spinner
 * named `loadingLabel` while the previous period's data stands in for the next (placeholder data).
 */
export function QueryFrame<T>({
  query,
  header,
  loadingLabel,
  loadingTestId,
  children,
}: {
  query: UseQueryResult<T>;
  header: ReactNode;
  loadingLabel: string;
  loadingTestId: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isError || query.isPending) {
    return (
      <Flex vertical gap={16}>
        {header}
        {query.isError ? (
          <ApiErrorResult error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingBlock label={loadingLabel} testId={loadingTestId} />
        )}
      </Flex>
    );
  }
  return (
    <Spin spinning={query.isPlaceholderData} description={loadingLabel}>
      {children(query.data)}
    </Spin>
  );
}

/**
 * A panel's table: small, every row on one page, named by `label` (`aria-label`, the panel's title).
 * Other antd Table props (`locale`, `scroll`) pass through.
 */
export function StatsTable<T extends object>({ label, rows, ...rest }: { label: string; rows: readonly T[] } & Omit<TableProps<T>, 'dataSource'>) {
  return <Table<T> size="small" pagination={false} aria-label={label} dataSource={rows} {...rest} />;
}
