import type { ReactNode } from 'react';
import { Button, Divider, Flex, Tooltip, Typography } from 'antd';
import {
  BarChartOutlined,
  BulbOutlined,
  DownloadOutlined,
  EditOutlined,
  QuestionCircleOutlined,
  ReloadOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  OneToOneOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { canZoomIn, canZoomOut, INITIAL_VIEW, rotateClockwise, zoomIn, zoomOut, zoomPercent, type ViewTransform } from '../lib/view-transform';
import type { PdfPageInfo } from './pdf-document';

function ToolButton({
  label,
  icon,
  onClick,
  disabled,
  pressed,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
}) {
  return (
    <Tooltip title={label}>
      <Button type={pressed ? 'primary' : 'text'} ghost={pressed} icon={icon} aria-label={label} aria-pressed={pressed} onClick={onClick} disabled={disabled} />
    </Tooltip>
  );
}

/** Optional toolbar actions: each shows only when its handler is given. */
export interface ToolbarExtras {
  /** Retry transcode of a failed upload. */
  onRetryTranscode?: () => void;
  isRetrying?: boolean;
  /** Question panel (spec §2, §6, §9). */
  onToggleQuestion?: () => void;
  isQuestionOpen?: boolean;
  /** AI quiz panel (spec §2, §6, §9). */
  onToggleAiQuiz?: () => void;
  isAiQuizOpen?: boolean;
  /** Note box (spec §4). */
  onToggleNotes?: () => void;
  isNotesOpen?: boolean;
  /** File hypothesis statistics (course team). */
  onOpenStatistics?: () => void;
}

/**
 * Previewer controls (spec §2): zoom out/in with the percentage, rotate 90°,
 * restore, fullscreen, download when allowed, and "Page X of N" for PDFs. A
 * `title` (the embedded viewer's page heading) is drawn first.
 */
export function PreviewerToolbar({
  view,
  onViewChange,
  canTransform,
  pageInfo,
  isFullscreen,
  onToggleFullscreen,
  downloadUrl,
  extras = {},
  title,
}: {
  view: ViewTransform;
  onViewChange: (view: ViewTransform) => void;
  canTransform: boolean;
  pageInfo: PdfPageInfo | null;
  isFullscreen: boolean;
  onToggleFullscreen: () => void;
  downloadUrl: string | null;
  extras?: ToolbarExtras;
  title?: ReactNode;
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
      {title}
      {pageInfo && (
        <Typography.Text data-testid="page-indicator" aria-live="polite" style={{ marginRight: 8 }}>
          {t('toolbar.pageIndicator', { current: pageInfo.current, total: pageInfo.total })}
        </Typography.Text>
      )}
      <div style={{ flex: 1 }} />
      {extras.onRetryTranscode && (
        <Button size="small" icon={<ReloadOutlined />} loading={extras.isRetrying} onClick={extras.onRetryTranscode}>
          {t('toolbar.retryTranscode')}
        </Button>
      )}
      {extras.onToggleNotes && <ToolButton label={t('toolbar.notes')} icon={<EditOutlined />} onClick={extras.onToggleNotes} pressed={extras.isNotesOpen} />}
      {extras.onOpenStatistics && <ToolButton label={t('toolbar.statistics')} icon={<BarChartOutlined />} onClick={extras.onOpenStatistics} />}
      {extras.onToggleQuestion && (
        <ToolButton label={t('toolbar.question')} icon={<QuestionCircleOutlined />} onClick={extras.onToggleQuestion} pressed={extras.isQuestionOpen} />
      )}
      {extras.onToggleAiQuiz && (
        <ToolButton label={t('toolbar.aiQuiz')} icon={<BulbOutlined />} onClick={extras.onToggleAiQuiz} pressed={extras.isAiQuizOpen} />
      )}
      {(extras.onToggleNotes || extras.onToggleQuestion || extras.onToggleAiQuiz || extras.onRetryTranscode) && <Divider orientation="vertical" />}
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
