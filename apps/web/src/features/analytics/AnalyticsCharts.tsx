import type { CurrentCycleBurn } from '@kite/shared/contracts';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { type AnalyticsTable, chartRowsOf } from './analyticsTable.ts';

/** recharts stays out of the board's critical JS: this module is a chunk of its own. */
const TOOLTIP = {
  contentStyle: {
    background: 'var(--color-canvas)',
    border: '1px solid var(--color-border)',
    borderRadius: 8,
    color: 'var(--color-fg)',
    fontSize: 12,
  },
  itemStyle: { color: 'var(--color-fg)' },
  labelStyle: { color: 'var(--color-fg)', fontWeight: 600 },
  cursor: { fill: 'var(--color-surface-2)' },
};
const TICK = { fill: 'var(--color-fg-muted)', fontSize: 11 };
const GRID = 'var(--color-border)';

/** The series' names in the app's own type, in the given order (recharts' legend sorts by name). */
function ChartLegend({ items }: { items: { name: string; color: string; dashed?: boolean }[] }) {
  return (
    <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-fg-muted">
      {items.map((item) => (
        <li key={item.name} className="flex items-center gap-1.5">
          <span
            aria-hidden
            className="inline-block h-2.5 w-2.5 rounded-sm"
            style={item.dashed ? { border: `1.5px dashed ${item.color}` } : { background: item.color }}
          />
          {item.name}
        </li>
      ))}
    </ul>
  );
}

/** The chart's figures as bars, stacked by segment value. */
export function AnalyticsBarChart({ table, label }: { table: AnalyticsTable; label: string }) {
  const rows = chartRowsOf(table);
  return (
    <figure aria-label={label} className="flex w-full flex-col gap-2">
      <div className="h-80 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: -8 }}>
            <CartesianGrid vertical={false} stroke={GRID} />
            <XAxis dataKey="name" tick={TICK} tickLine={false} axisLine={{ stroke: GRID }} interval={0} />
            <YAxis tick={TICK} tickLine={false} axisLine={false} allowDecimals={false} />
            <Tooltip {...TOOLTIP} />
            {table.columns.map((c) => (
              <Bar
                key={c.id}
                dataKey={c.id}
                name={c.name}
                stackId="x"
                fill={c.color}
                maxBarSize={48}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      {table.segmented && <ChartLegend items={table.columns} />}
    </figure>
  );
}

const shortDate = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  return d.toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
};

/** Created vs. completed work items per week. */
export function TrendChart({
  weeks,
  created,
  completed,
  label,
}: {
  weeks: string[];
  created: number[];
  completed: number[];
  label: string;
}) {
  const rows = weeks.map((w, i) => ({
    week: shortDate(w),
    created: created[i] ?? 0,
    completed: completed[i] ?? 0,
  }));
  return (
    <figure aria-label={label} className="flex w-full flex-col gap-1">
      <div className="h-40 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 4, right: 4, bottom: 0, left: -24 }} barGap={1}>
            <CartesianGrid vertical={false} stroke={GRID} />
            <XAxis dataKey="week" tick={TICK} tickLine={false} axisLine={{ stroke: GRID }} minTickGap={12} />
            <YAxis tick={TICK} tickLine={false} axisLine={false} allowDecimals={false} />
            <Tooltip {...TOOLTIP} />
            <Bar dataKey="created" name="Created" fill="#3f76ff" isAnimationActive={false} maxBarSize={14} />
            <Bar
              dataKey="completed"
              name="Completed"
              fill="#10b981"
              isAnimationActive={false}
              maxBarSize={14}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ChartLegend
        items={[
          { name: 'Created', color: '#3f76ff' },
          { name: 'Completed', color: '#10b981' },
        ]}
      />
    </figure>
  );
}

/** The running cycle's remaining work per day against its scope. */
export function BurnChart({ cycle }: { cycle: CurrentCycleBurn }) {
  const rows = Object.keys(cycle.scope_chart)
    .sort()
    .map((day) => ({
      day: shortDate(day),
      remaining: cycle.completion_chart[day] ?? 0,
      scope: cycle.scope_chart[day] ?? 0,
    }));
  return (
    <figure aria-label={`Burn of ${cycle.name}`} className="flex w-full flex-col gap-1">
      <div className="h-40 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows} margin={{ top: 4, right: 4, bottom: 0, left: -24 }}>
            <CartesianGrid vertical={false} stroke={GRID} />
            <XAxis dataKey="day" tick={TICK} tickLine={false} axisLine={{ stroke: GRID }} minTickGap={12} />
            <YAxis tick={TICK} tickLine={false} axisLine={false} allowDecimals={false} />
            <Tooltip {...TOOLTIP} cursor={{ stroke: GRID }} />
            <Line
              dataKey="scope"
              name="Scope"
              stroke="#9ca3af"
              strokeDasharray="4 3"
              dot={false}
              isAnimationActive={false}
            />
            <Line
              dataKey="remaining"
              name="Remaining"
              stroke="#f59e0b"
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <ChartLegend
        items={[
          { name: 'Remaining', color: '#f59e0b' },
          { name: 'Scope', color: '#9ca3af', dashed: true },
        ]}
      />
    </figure>
  );
}
