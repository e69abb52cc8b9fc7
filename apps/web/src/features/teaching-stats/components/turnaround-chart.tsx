import { theme } from 'antd';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** One bar group: a team member's median and 90th-percentile grading time, hours. */
export interface TurnaroundBar {
  name: string;
  median: number;
  p90: number;
}

/** The second series' colour: antd's orange-7, 3:1 and more against white (WCAG 1.4.11). */
const SECOND = '#d46b08';
const AXIS_TICK = { fontSize: 12 };

/**
 * Grading turnaround per team member as grouped bars (median, 90th percentile), drawn with recharts. Its own chunk,
 * loaded when the chart is shown (TurnaroundPanel imports it lazily); it fills the panel's `role="img"` box, whose
 * table holds the same numbers. recharts' keyboard layer is off: inside an image it would be a silent focus stop.
 */
export function TurnaroundChart({ bars, names, hours }: { bars: TurnaroundBar[]; names: { median: string; p90: string }; hours: (value: number) => string }) {
  const { token } = theme.useToken();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={bars} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} strokeDasharray="3 3" />
        <XAxis dataKey="name" tick={AXIS_TICK} interval={0} />
        <YAxis tick={AXIS_TICK} width={56} tickFormatter={(value: number) => hours(value)} />
        <Tooltip formatter={(value) => hours(Number(value))} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="median" name={names.median} fill={token.colorPrimary} isAnimationActive={false} />
        <Bar dataKey="p90" name={names.p90} fill={SECOND} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
