import { Skeleton } from 'antd';

/** A panel's loading state: a skeleton that says what is loading (`role="status"`, busy). */
export function LoadingBlock({ label, testId }: { label: string; testId?: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} data-testid={testId}>
      <Skeleton active />
    </div>
  );
}
