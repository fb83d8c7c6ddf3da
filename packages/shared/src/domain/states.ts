export const STATE_GROUPS = ['backlog', 'unstarted', 'started', 'completed', 'cancelled'] as const;
export type StateGroup = (typeof STATE_GROUPS)[number];

export const STATE_GROUP_COLORS: Record<StateGroup, string> = {
  backlog: '#d9d9d9',
  unstarted: '#3f76ff',
  started: '#f59e0b',
  completed: '#16a34a',
  cancelled: '#dc2626',
};

/** The five states every new project starts with; Backlog is the default. */
export const DEFAULT_STATES: readonly {
  name: string;
  group: StateGroup;
  sequence: number;
  default: boolean;
}[] = [
  { name: 'Backlog', group: 'backlog', sequence: 15000, default: true },
  { name: 'Todo', group: 'unstarted', sequence: 30000, default: false },
  { name: 'In Progress', group: 'started', sequence: 45000, default: false },
  { name: 'Done', group: 'completed', sequence: 60000, default: false },
  { name: 'Cancelled', group: 'cancelled', sequence: 75000, default: false },
];

export function stateGroupRank(group: string): number {
  const index = (STATE_GROUPS as readonly string[]).indexOf(group);
  return index === -1 ? STATE_GROUPS.length : index;
}
