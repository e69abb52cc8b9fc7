import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Centered loading indicator for a page or a panel while its data loads. */
export function PageSpinner({ minHeight = 240 }: { minHeight?: number | string }) {
  const { t } = useTranslation('common');
  return (
    <Flex align="center" justify="center" style={{ minHeight }} role="status" aria-live="polite" aria-label={t('state.loading')}>
      <Spin size="large" />
    </Flex>
  );
}
