import { Alert, Empty, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NoteTargetType } from '@atrium/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { useNoteStatistics } from '../api';
import { formatAnchor } from '../lib/note-html';

const WIDTH = 560;
const HEIGHT = 240;
const PAD = { left: 36, right: 12, top: 12, bottom: 36 };

/**
 * File hypothesis statistics (spec §2 popup, §7 statistic call): how many notes
 * the class took at each anchor of a file, as a bar chart drawn in SVG. For
 * instructors and assistants; the server refuses anyone else.
 */
export function HypothesisStatisticsPopup({
  open,
  onClose,
  courseId,
  activityId,
  targetId,
  targetType,
}: {
  open: boolean;
  onClose: () => void;
  courseId: number;
  activityId: number;
  targetId: number;
  targetType: NoteTargetType;
}) {
  const { t } = useTranslation('notes');
  const stats = useNoteStatistics({ course_id: courseId, activity_id: activityId, target_id: targetId }, open);
  const positions = [...(stats.data ?? [])].sort((a, b) => a.position - b.position);
  const max = Math.max(1, ...positions.map((p) => p.count));
  const slot = positions.length > 0 ? (WIDTH - PAD.left - PAD.right) / positions.length : 0;
  const barWidth = Math.max(4, Math.min(40, slot * 0.7));
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const label = (position: number) =>
    targetType === 'video' ? formatAnchor('video', position) : targetType === 'document' ? t('statistics.page', { page: position }) : t('anchor.image');

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('statistics.title')} width={WIDTH + 48} destroyOnHidden>
      {stats.isPending && <Spin style={{ display: 'block', margin: '24px auto' }} />}
      {stats.isError && <Alert type="error" showIcon title={serverMessageOf(stats.error) ?? t('statistics.loadFailed')} />}
      {stats.data && positions.length === 0 && <Empty description={t('statistics.empty')} />}
      {positions.length > 0 && (
        <svg width={WIDTH} height={HEIGHT} role="img" aria-label={t('statistics.chartLabel')} data-testid="statistics-chart">
          <line x1={PAD.left} y1={PAD.top + plotHeight} x2={WIDTH - PAD.right} y2={PAD.top + plotHeight} stroke="#bfbfbf" />
          <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" fontSize={11} fill="#595959">
            {max}
          </text>
          <text x={PAD.left - 6} y={PAD.top + plotHeight} textAnchor="end" fontSize={11} fill="#595959">
            0
          </text>
          {positions.map((p, i) => {
            const h = (p.count / max) * plotHeight;
            const x = PAD.left + slot * i + (slot - barWidth) / 2;
            return (
              <g key={p.position} data-testid="statistics-bar" data-position={p.position} data-count={p.count}>
                <title>{t('statistics.barTitle', { position: label(p.position), count: p.count })}</title>
                <rect x={x} y={PAD.top + plotHeight - h} width={barWidth} height={h} fill="#1677ff" rx={2} />
                <text x={x + barWidth / 2} y={PAD.top + plotHeight - h - 3} textAnchor="middle" fontSize={11} fill="#262626">
                  {p.count}
                </text>
                <text x={x + barWidth / 2} y={HEIGHT - PAD.bottom + 16} textAnchor="middle" fontSize={11} fill="#595959">
                  {label(p.position)}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </Modal>
  );
}
