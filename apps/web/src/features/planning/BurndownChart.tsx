import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { BurndownPoint } from './burndownSeries.ts';

const SHORT_DAY = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const label = (day: string) => SHORT_DAY.format(new Date(`${day}T00:00:00Z`));

/** A cycle's or module's burndown (remaining work per day) against the ideal line and the scope. Its own chunk. */
export default function BurndownChart({ points, unit }: { points: BurndownPoint[]; unit: string }) {
  return (
    <figure aria-label={`Burndown in ${unit}`} className="h-56 w-full text-xs">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={label} stroke="var(--color-fg-muted)" minTickGap={16} />
          <YAxis allowDecimals={false} stroke="var(--color-fg-muted)" />
          <Tooltip
            labelFormatter={(day) => label(String(day))}
            contentStyle={{
              background: 'var(--color-canvas)',
              border: '1px solid var(--color-border)',
              borderRadius: 8,
              color: 'var(--color-fg)',
            }}
          />
          <Legend />
          <Line
            name="Ideal"
            dataKey="ideal"
            stroke="var(--color-fg-subtle)"
            strokeDasharray="4 4"
            dot={false}
            isAnimationActive={false}
          />
          <Line name="Scope" dataKey="scope" stroke="#a78bfa" dot={{ r: 2 }} isAnimationActive={false} />
          <Line
            name="Remaining"
            dataKey="remaining"
            stroke="var(--color-primary)"
            strokeWidth={2}
            dot={{ r: 2.5 }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
