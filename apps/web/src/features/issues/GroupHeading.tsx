import clsx from 'clsx';
import { observer } from 'mobx-react-lite';
import { Avatar } from '../../ui/Avatar.tsx';
import { PriorityIcon } from '../public-board/PriorityIcon.tsx';
import type { IssueView } from './IssueView.ts';
import { StateDot } from './properties/PropertyMenus.tsx';
import type { GroupBy } from './store/displayFilters.ts';

/** A group's icon (state dot, priority, avatar), name and count. */
export const GroupHeading = observer(function GroupHeading({
  view,
  groupBy,
  group,
  count,
  className,
}: {
  view: IssueView;
  groupBy: GroupBy | null;
  group: string;
  count: number;
  className?: string;
}) {
  const meta = view.groupMeta(groupBy, group);
  return (
    <span className={clsx('flex min-w-0 items-center gap-2', className)}>
      {groupBy === 'priority' ? (
        <PriorityIcon priority={group} className="text-sm" />
      ) : meta.user ? (
        <Avatar name={meta.user.display_name} src={meta.user.avatar_url} size="xs" />
      ) : meta.color ? (
        <StateDot color={meta.color} />
      ) : null}
      <span className="truncate font-medium text-fg">{meta.label}</span>
      <span className="text-xs font-normal text-fg-subtle" data-testid="group-count">
        {count}
        <span className="sr-only"> work items</span>
      </span>
    </span>
  );
});
