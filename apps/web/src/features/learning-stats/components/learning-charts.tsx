import { theme } from 'antd';
import { Area, Bar, BarChart, CartesianGrid, ComposedChart, LabelList, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { LearningDay, VideoCoverage } from '@atrium/contracts';

/**
 * The charts of the learning statistics (issue 25 item 3), drawn with recharts. This module is its own chunk,
 * loaded only when a chart is shown (ChartPanel's callers import it lazily). Each chart fills the `role="img"`
 * box ChartPanel names; the numbers it draws are in the panel's table. recharts' own keyboard layer is off:
 * inside an image it would be a focus stop that says nothing, and the table holds what its tooltips would.
 */

const AXIS_TICK = { fontSize: 12 };
/** The second series' colour: antd's orange-7, 3:1 and more against white (WCAG 1.4.11), told apart from the primary blue by its dashes too. */
const SECOND = '#d46b08';

/** Axis and tooltip words: a day's label, a count, a rate. */
export interface ChartFormat {
  day: (day: string) => string;
  rate: (rate: number) => string;
  number: (value: number) => string;
}

/**
 * The grid, the day axis and the day tooltip of a chart over days, as an array of recharts children (recharts
 * reads its chart's direct children, which an array keeps). `value` formats the tooltip's figures.
 */
function dayFrame(format: ChartFormat, value: (value: number) => string, cursor?: { fill: string }) {
  return [
    <CartesianGrid key="grid" vertical={false} strokeDasharray="3 3" />,
    <XAxis key="x" dataKey="day" tickFormatter={format.day} tick={AXIS_TICK} minTickGap={16} />,
    <Tooltip key="tooltip" cursor={cursor} labelFormatter={(day) => format.day(String(day))} formatter={(v) => value(Number(v))} />,
  ];
}

/** A left and a right count axis (`left`, `right` are their `yAxisId`s and the widths in px). */
function countAxes(format: ChartFormat, left: [string, number], right: [string, number]) {
  return [
    <YAxis key={left[0]} yAxisId={left[0]} allowDecimals={false} tick={AXIS_TICK} width={left[1]} tickFormatter={format.number} />,
    <YAxis key={right[0]} yAxisId={right[0]} orientation="right" allowDecimals={false} tick={AXIS_TICK} width={right[1]} tickFormatter={format.number} />,
    <Legend key="legend" wrapperStyle={{ fontSize: 12 }} />,
  ];
}

/** Events per day (an area, left axis) and active students per day (a dashed line, right axis). */
export function ActivityChart({ days, names, format }: { days: LearningDay[]; names: { events: string; active: string }; format: ChartFormat }) {
  const { token } = theme.useToken();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={days} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
        {dayFrame(format, format.number)}
        {countAxes(format, ['events', 44], ['active', 36])}
        <Area
          yAxisId="events"
          type="monotone"
          dataKey="events"
          name={names.events}
          stroke={token.colorPrimary}
          fill={token.colorPrimaryBg}
          strokeWidth={2}
          isAnimationActive={false}
        />
        <Line
          yAxisId="active"
          type="monotone"
          dataKey="active_students"
          name={names.active}
          stroke={SECOND}
          strokeWidth={2}
          strokeDasharray="6 3"
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

/** The course's completion rate at the end of each day, 0–100 %. */
export function CompletionChart({ days, name, format }: { days: LearningDay[]; name: string; format: ChartFormat }) {
  const { token } = theme.useToken();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={days} margin={{ top: 8, right: 16, bottom: 8, left: 0 }} accessibilityLayer={false}>
        {dayFrame(format, format.rate)}
        <YAxis domain={[0, 1]} tickFormatter={format.rate} tick={AXIS_TICK} width={48} />
        <Line type="monotone" dataKey="completion_rate" name={name} stroke={token.colorPrimary} strokeWidth={2} dot={false} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}

/** Each video's mean coverage as a horizontal bar, 0–100 %, its figure at the bar's end. */
export function CoverageChart({ videos, name, format }: { videos: VideoCoverage[]; name: string; format: ChartFormat }) {
  const { token } = theme.useToken();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={videos} layout="vertical" margin={{ top: 8, right: 56, bottom: 8, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid horizontal={false} strokeDasharray="3 3" />
        <XAxis type="number" domain={[0, 1]} tickFormatter={format.rate} tick={AXIS_TICK} />
        <YAxis type="category" dataKey="title" width={180} tick={AXIS_TICK} interval={0} />
        <Tooltip cursor={{ fill: token.colorFillTertiary }} formatter={(value) => format.rate(Number(value))} />
        <Bar dataKey="average_coverage" name={name} fill={token.colorPrimary} radius={[0, 4, 4, 0]} maxBarSize={28} isAnimationActive={false}>
          <LabelList
            dataKey="average_coverage"
            position="right"
            formatter={(value) => format.rate(Number(value))}
            style={{ fontSize: 12, fill: token.colorText }}
          />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

/** One student's events per day (bars) and completions per day (dashed line, right axis). */
export function StudentDaysChart({
  days,
  names,
  format,
}: {
  days: { day: string; events: number; completions: number }[];
  names: { events: string; completions: string };
  format: ChartFormat;
}) {
  const { token } = theme.useToken();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={days} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
        {dayFrame(format, format.number, { fill: token.colorFillTertiary })}
        {countAxes(format, ['events', 40], ['completions', 32])}
        <Bar yAxisId="events" dataKey="events" name={names.events} fill={token.colorPrimary} maxBarSize={24} isAnimationActive={false} />
        <Line
          yAxisId="completions"
          type="monotone"
          dataKey="completions"
          name={names.completions}
          stroke={SECOND}
          strokeWidth={2}
          strokeDasharray="6 3"
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
