import type { ReactNode } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** One headline figure: its label, its value, and a line of detail under it. */
export interface HeadlineFigure {
  key: string;
  label: string;
  value: ReactNode;
  detail?: ReactNode;
}

/** The headline figures of a dashboard as a description list (label, then value), in a grid of tiles. */
export function HeadlineFigures({ figures }: { figures: HeadlineFigure[] }) {
  const { token } = theme.useToken();
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: 12, margin: 0 }}>
      {figures.map((figure) => (
        <div
          key={figure.key}
          data-testid={`figure-${figure.key}`}
          style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, padding: '12px 16px' }}
        >
          <dt style={{ color: token.colorTextSecondary }}>{figure.label}</dt>
          <dd style={{ margin: 0, fontSize: 24, fontWeight: 600, color: token.colorText }}>{figure.value}</dd>
          {figure.detail !== undefined && <dd style={{ margin: 0, color: token.colorTextSecondary }}>{figure.detail}</dd>}
        </div>
      ))}
    </dl>
  );
}

/** A figure that has no value (a course without videos, a student never graded): a dash, read as "none". */
export function NoValue() {
  const { t } = useTranslation('learningStats');
  return (
    <>
      <span aria-hidden>—</span>
      <span className="visually-hidden">{t('value.none')}</span>
    </>
  );
}
