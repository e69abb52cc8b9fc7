import type { ReactNode } from 'react';
import { Button, Divider, Flex, Tooltip, Typography } from 'antd';
import {
  DownloadOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  OneToOneOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  canZoomIn,
  canZoomOut,
  INITIAL_VIEW,
  rotateClockwise,
  zoomIn,
  zoomOut,
  zoomPercent,
  type ViewTransform,
} from '../lib/view-transform';
import type { PdfPageInfo } from './pdf-document';

function ToolButton({ label, icon, onClick, disabled }: { label: string; icon: ReactNode; onClick: () => void; disabled?: boolean }) {
  return (
    <Tooltip title={label}>
      <Button type="text" icon={icon} aria-label={label} onClick={onClick} disabled={disabled} />
    </Tooltip>
  );
}

/**
 * Previewer controls (spec §2): zoom out/in with the percentage, rotate 90°,
 * restore, fullscreen, download when allowed, and "Page X of N" for PDFs.
 */
export function PreviewerToolbar({
  view,
  onViewChange,
  canTransform,
  pageInfo,
  isFullscreen,
  onToggleFullscreen,
  downloadUrl,
}: {
  view: ViewTransform;
  onViewChange: (view: ViewTransform) => void;
  canTransform: boolean;
  pageInfo: PdfPageInfo | null;
  isFullscreen: boolean;
  onToggleFullscreen: () => void;
  downloadUrl: string | null;
}) {
  const { t } = useTranslation('previewer');
  return (
    <Flex
      role="toolbar"
      aria-label={t('toolbar.label')}
      align="center"
      gap={4}
      wrap
      style={{ padding: '4px 8px', borderBottom: '1px solid #f0f0f0', background: '#fafafa' }}
    >
      {pageInfo && (
        <Typography.Text data-testid="page-indicator" aria-live="polite" style={{ marginRight: 8 }}>
          {t('toolbar.pageIndicator', { current: pageInfo.current, total: pageInfo.total })}
        </Typography.Text>
      )}
      <div style={{ flex: 1 }} />
      <ToolButton
        label={t('toolbar.zoomOut')}
        icon={<ZoomOutOutlined />}
        disabled={!canTransform || !canZoomOut(view.zoom)}
        onClick={() => onViewChange({ ...view, zoom: zoomOut(view.zoom) })}
      />
      <Typography.Text data-testid="zoom-level" style={{ minWidth: 48, textAlign: 'center' }} aria-live="polite">
        {zoomPercent(view.zoom)}%
      </Typography.Text>
      <ToolButton
        label={t('toolbar.zoomIn')}
        icon={<ZoomInOutlined />}
        disabled={!canTransform || !canZoomIn(view.zoom)}
        onClick={() => onViewChange({ ...view, zoom: zoomIn(view.zoom) })}
      />
      <ToolButton
        label={t('toolbar.rotate')}
        icon={<RotateRightOutlined />}
        disabled={!canTransform}
        onClick={() => onViewChange({ ...view, rotation: rotateClockwise(view.rotation) })}
      />
      <ToolButton label={t('toolbar.restore')} icon={<OneToOneOutlined />} disabled={!canTransform} onClick={() => onViewChange(INITIAL_VIEW)} />
      <Divider orientation="vertical" />
      <ToolButton
        label={isFullscreen ? t('toolbar.exitFullscreen') : t('toolbar.fullscreen')}
        icon={isFullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={onToggleFullscreen}
      />
      {downloadUrl && (
        <Tooltip title={t('toolbar.download')}>
          <Button type="text" icon={<DownloadOutlined />} href={downloadUrl} download aria-label={t('toolbar.download')} />
        </Tooltip>
      )}
    </Flex>
  );
}
