import type { PriorityCount, StateGroupCount } from '@kite/shared/contracts';
import { STATE_GROUP_COLORS, type StateGroup } from '@kite/shared/domain';
import { Bar, BarChart, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const TOOLTIP = {
  contentStyle: {
    background: 'var(--color-canvas)',
    border: '1px solid var(--color-border)',
    borderRadius: 8,
    color: 'var(--color-fg)',
  },
  itemStyle: { color: 'var(--color-fg)' },
};

const GROUP_LABELS: Record<string, string> = {
  backlog: 'Backlog',
  unstarted: 'Unstarted',
  started: 'Started',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
const PRIORITY_COLORS: Record<string, string> = {
  urgent: '#ef4444',
  high: '#f97316',
  medium: '#eab308',
  low: '#3b82f6',
  none: '#9ca3af',
};
const PRIORITY_LABELS: Record<string, string> = {
  urgent: 'Urgent',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  none: 'None',
};

/** The caller's assigned work items by state group: a donut with its legend. Its own chunk (recharts). */
export function StateGroupChart({ data }: { data: StateGroupCount[] }) {
  const total = data.reduce((sum, d) => sum + d.count, 0);
  const rows = data.map((d) => ({ ...d, name: GROUP_LABELS[d.state] ?? d.state }));
  return (
    <figure aria-label="Assigned work items by state group" className="flex items-center gap-4 text-xs">
      <div className="relative size-36 shrink-0">
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie
              data={total > 0 ? rows.filter((r) => r.count > 0) : [{ name: 'None', count: 1, state: 'none' }]}
              dataKey="count"
              nameKey="name"
              innerRadius="62%"
              outerRadius="100%"
              stroke="none"
              isAnimationActive={false}
            >
              {(total > 0 ? rows.filter((r) => r.count > 0) : [{ state: 'none' }]).map((r) => (
                <Cell
                  key={r.state}
                  fill={STATE_GROUP_COLORS[r.state as StateGroup] ?? 'var(--color-surface-3)'}
                />
              ))}
            </Pie>
            {total > 0 && <Tooltip {...TOOLTIP} />}
          </PieChart>
        </ResponsiveContainer>
        <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center">
          <span className="text-xl font-semibold text-fg">{total}</span>
          <span className="text-fg-muted">assigned</span>
        </div>
      </div>
      <ul className="flex flex-1 flex-col gap-1.5">
        {rows.map((r) => (
          <li key={r.state} className="flex items-center gap-2 text-fg-muted">
            <span
              aria-hidden
              className="size-2.5 rounded-full"
              style={{ background: STATE_GROUP_COLORS[r.state as StateGroup] }}
            />
            <span className="flex-1">{r.name}</span>
            <span className="font-medium text-fg tabular-nums">{r.count}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** The caller's open assigned work items by priority, urgent first. Its own chunk (recharts). */
export function PriorityChart({ data }: { data: PriorityCount[] }) {
  const rows = data.map((d) => ({ ...d, name: PRIORITY_LABELS[d.priority] ?? d.priority }));
  return (
    <figure aria-label="Open assigned work items by priority" className="h-40 w-full text-xs">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
          <XAxis dataKey="name" stroke="var(--color-fg-muted)" tickLine={false} />
          <YAxis allowDecimals={false} stroke="var(--color-fg-muted)" tickLine={false} />
          <Tooltip {...TOOLTIP} cursor={{ fill: 'var(--color-surface-2)' }} />
          <Bar dataKey="count" name="Work items" radius={[4, 4, 0, 0]} isAnimationActive={false}>
            {rows.map((r) => (
              <Cell key={r.priority} fill={PRIORITY_COLORS[r.priority] ?? '#9ca3af'} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
