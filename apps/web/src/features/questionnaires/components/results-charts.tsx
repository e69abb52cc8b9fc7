import { theme } from 'antd';
import { Bar, BarChart, CartesianGrid, LabelList, Legend, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ratingRows, ratingValues } from '../lib/results';

/**
 * The charts of questionnaire results (issue 15 §5), drawn with recharts. This module is its own
 * chunk, loaded only when results are shown (ResultsView imports it lazily). Each chart is an
 * image named by `label`; the numbers it draws are in the table beside it (ResultsView).
 */

/** Blues from light to dark (antd's blue scale), for ordered matrix columns. */
const BLUES = ['#bae0ff', '#91caff', '#69b1ff', '#4096ff', '#1677ff', '#0958d9', '#003eb3', '#002c8c', '#001d66'];

/** `count` colours from light to dark along BLUES (cycling past nine). */
export function sequentialColours(count: number): string[] {
  if (count <= 1) return [BLUES[4]!];
  if (count > BLUES.length) return Array.from({ length: count }, (_, i) => BLUES[i % BLUES.length]!);
  return Array.from({ length: count }, (_, i) => BLUES[Math.round(1 + (i * (BLUES.length - 2)) / (count - 1))] ?? BLUES[4]!);
}

const AXIS_TICK = { fontSize: 12 };

/** Options and how many chose each, as horizontal bars. */
export function ChoiceChart({ options, label }: { options: { id: string; content: string; count: number }[]; label: string }) {
  const { token } = theme.useToken();
  const height = Math.max(120, options.length * 36 + 40);
  return (
    <div role="img" aria-label={label} style={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={options} layout="vertical" margin={{ top: 8, right: 40, bottom: 8, left: 8 }}>
          <CartesianGrid horizontal={false} strokeDasharray="3 3" />
          <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} />
          <YAxis type="category" dataKey="content" width={160} tick={AXIS_TICK} interval={0} />
          <Tooltip cursor={{ fill: token.colorFillTertiary }} />
          <Bar dataKey="count" fill={token.colorPrimary} radius={[0, 4, 4, 0]} maxBarSize={28} isAnimationActive={false}>
            <LabelList dataKey="count" position="right" style={{ fontSize: 12, fill: token.colorText }} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** A rating's distribution over min..max as bars, with a line at the mean. */
export function RatingChart({
  rating,
  label,
  meanLabel,
}: {
  rating: { min: number; max: number; distribution: { value: number; count: number }[]; mean: number | null };
  label: string;
  meanLabel: string;
}) {
  const { token } = theme.useToken();
  const values = ratingValues(rating);
  const data = ratingRows(rating);
  return (
    <div role="img" aria-label={label} style={{ width: '100%', height: 220 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 24, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid vertical={false} strokeDasharray="3 3" />
          <XAxis dataKey="value" type="number" domain={[rating.min - 0.5, rating.max + 0.5]} ticks={values} allowDecimals={false} tick={AXIS_TICK} />
          <YAxis allowDecimals={false} tick={AXIS_TICK} width={32} />
          <Tooltip cursor={{ fill: token.colorFillTertiary }} />
          <Bar dataKey="count" fill={token.colorPrimary} radius={[4, 4, 0, 0]} maxBarSize={48} isAnimationActive={false}>
            <LabelList dataKey="count" position="top" style={{ fontSize: 12, fill: token.colorText }} />
          </Bar>
          {rating.mean !== null && (
            <ReferenceLine
              x={rating.mean}
              stroke={token.colorWarning}
              strokeDasharray="4 2"
              strokeWidth={2}
              label={{ value: meanLabel, position: 'top', fill: token.colorWarningText, fontSize: 12 }}
            />
          )}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** A matrix as one stacked bar per row, a segment per column (light to dark in column order). */
export function MatrixChart({
  matrix,
  label,
}: {
  matrix: { rows: { id: string; content: string }[]; columns: { id: string; content: string }[]; counts: number[][] };
  label: string;
}) {
  const colours = sequentialColours(matrix.columns.length);
  const data = matrix.rows.map((row, r) => ({
    row: row.content,
    ...Object.fromEntries(matrix.columns.map((column, c) => [column.id, matrix.counts[r]?.[c] ?? 0])),
  }));
  const height = Math.max(140, matrix.rows.length * 40 + 70);
  // The legend in column order (recharts sorts it by label otherwise).
  const order = new Map(matrix.columns.map((column, c) => [column.id, c]));
  return (
    <div role="img" aria-label={label} style={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid horizontal={false} strokeDasharray="3 3" />
          <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} />
          <YAxis type="category" dataKey="row" width={160} tick={AXIS_TICK} interval={0} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={(item) => order.get(String(item.dataKey)) ?? 0} />
          {matrix.columns.map((column, c) => (
            <Bar key={column.id} dataKey={column.id} name={column.content} stackId="matrix" fill={colours[c]} maxBarSize={28} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
