import { Button, Divider, Flex, Segmented, Select, Tooltip, Typography } from 'antd';
import {
  BgColorsOutlined,
  CheckOutlined,
  ClearOutlined,
  CloseOutlined,
  EditOutlined,
  FontSizeOutlined,
  QuestionOutlined,
  RedoOutlined,
  RotateRightOutlined,
  StarOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnnotationStamp } from '@atrium/contracts';
import { TOOL_COLORS, ZOOM_MAX, ZOOM_MIN, defaultColorOf, type EditorTool, type ToolSettings } from '../lib/tools';

const TOOL_ICONS: Record<EditorTool, ReactNode> = {
  pen: <EditOutlined />,
  highlighter: <BgColorsOutlined />,
  text: <FontSizeOutlined />,
  stamp: <CheckOutlined />,
  eraser: <ClearOutlined />,
};

// One icon per stamp of the contract (the Record type makes it name every one). The stamps are read from here
// rather than from the contract's ANNOTATION_STAMPS, whose module builds zod schemas this page has no use for.
const STAMP_ICONS: Record<AnnotationStamp, ReactNode> = {
  check: <CheckOutlined />,
  cross: <CloseOutlined />,
  question: <QuestionOutlined />,
  star: <StarOutlined />,
};
const STAMPS = Object.keys(STAMP_ICONS) as AnnotationStamp[];

/**
 * The editor's toolbar: tools (a toggle group reachable with Tab and the
 * arrow keys), colour, stamp, rotate the current page, undo/redo and zoom.
 * Every button has an aria-label and a tooltip.
 */
export function EditorToolbar({
  settings,
  onSettings,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  zoom,
  onZoom,
  onRotate,
  currentPage,
  pageCount,
}: {
  settings: ToolSettings;
  onSettings: (settings: ToolSettings) => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  zoom: number;
  onZoom: (zoom: number) => void;
  onRotate: () => void;
  currentPage: number;
  pageCount: number;
}) {
  const { t } = useTranslation('pdfEditor');
  const button = (label: string, icon: ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip title={label}>
      <Button type="text" icon={icon} aria-label={label} onClick={onClick} disabled={disabled} />
    </Tooltip>
  );
  return (
    <Flex className="atrium-pdf-editor-toolbar" align="center" gap={4} wrap role="toolbar" aria-label={t('toolbar.label')}>
      <Segmented<EditorTool>
        aria-label={t('toolbar.tools')}
        value={settings.tool}
        onChange={(tool) => onSettings({ ...settings, tool, color: tool === settings.tool ? settings.color : defaultColorOf(tool) })}
        options={(['pen', 'highlighter', 'text', 'stamp', 'eraser'] as const).map((tool) => ({
          value: tool,
          label: (
            <Tooltip title={t(`tools.${tool}`)}>
              <span aria-label={t(`tools.${tool}`)} data-testid={`tool-${tool}`}>
                {TOOL_ICONS[tool]}
              </span>
            </Tooltip>
          ),
        }))}
      />
      {settings.tool === 'stamp' && (
        <Select<AnnotationStamp>
          aria-label={t('toolbar.stamp')}
          value={settings.stamp}
          style={{ width: 130 }}
          onChange={(stamp) => onSettings({ ...settings, stamp })}
          options={STAMPS.map((stamp) => ({
            value: stamp,
            label: (
              <Flex gap={6} align="center">
                {STAMP_ICONS[stamp]}
                {t(`stamps.${stamp}`)}
              </Flex>
            ),
          }))}
        />
      )}
      {settings.tool !== 'eraser' && (
        <Flex gap={2} role="radiogroup" aria-label={t('toolbar.color')}>
          {TOOL_COLORS.map((color) => (
            <Tooltip key={color} title={t(`colors.${color.slice(1)}`)}>
              <button
                type="button"
                role="radio"
                aria-checked={settings.color === color}
                aria-label={t(`colors.${color.slice(1)}`)}
                className={`atrium-pdf-editor-swatch${settings.color === color ? ' is-active' : ''}`}
                style={{ background: color }}
                onClick={() => onSettings({ ...settings, color })}
              />
            </Tooltip>
          ))}
        </Flex>
      )}
      <Divider orientation="vertical" />
      {button(t('toolbar.rotate', { page: currentPage }), <RotateRightOutlined />, onRotate, pageCount === 0)}
      {button(t('toolbar.undo'), <UndoOutlined />, onUndo, !canUndo)}
      {button(t('toolbar.redo'), <RedoOutlined />, onRedo, !canRedo)}
      <Divider orientation="vertical" />
      {button(t('toolbar.zoomOut'), <ZoomOutOutlined />, () => onZoom(zoom - 0.25), zoom <= ZOOM_MIN)}
      <Typography.Text style={{ minWidth: 48, textAlign: 'center' }} aria-live="polite">
        {Math.round(zoom * 100)}%
      </Typography.Text>
      {button(t('toolbar.zoomIn'), <ZoomInOutlined />, () => onZoom(zoom + 0.25), zoom >= ZOOM_MAX)}
      {pageCount > 0 && (
        <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
          {t('toolbar.pageOf', { page: currentPage, total: pageCount })}
        </Typography.Text>
      )}
    </Flex>
  );
}
