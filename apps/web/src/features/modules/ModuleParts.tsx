import type { Module, UserLite } from '@kite/shared/contracts';
import clsx from 'clsx';
import { useStores } from '../../app/StoresContext.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { MODULE_STATUS_CLASSES, MODULE_STATUS_LABELS } from './moduleFormat.ts';

/** A module's status as a coloured pill. */
export function ModuleStatusPill({ status, className }: { status: Module['status']; className?: string }) {
  return (
    <span
      className={clsx(
        'shrink-0 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        MODULE_STATUS_CLASSES[status],
        className,
      )}
    >
      {MODULE_STATUS_LABELS[status]}
    </span>
  );
}

/** The workspace's users by id (names and pictures of a module's lead and members). Read inside an observer. */
export function useWorkspaceUsers(slug: string): Map<string, UserLite> {
  const { members } = useStores();
  return new Map(members.membersOf(slug).map((m) => [m.member.id, m.member]));
}

/** The users of `ids` that are known, in order. */
export function usersOf(users: Map<string, UserLite>, ids: readonly string[]): UserLite[] {
  return ids.map((id) => users.get(id)).filter((u): u is UserLite => !!u);
}

/** Up to `max` overlapping avatars, then "+N"; the names are the title and the accessible text. */
export function AvatarGroup({ users, max = 3, label }: { users: UserLite[]; max?: number; label: string }) {
  if (users.length === 0) return null;
  const shown = users.slice(0, max);
  const more = users.length - shown.length;
  const names = users.map((u) => u.display_name).join(', ');
  return (
    <span className="flex items-center -space-x-1" title={`${label}: ${names}`}>
      <span className="sr-only">{`${label}: ${names}`}</span>
      {shown.map((u) => (
        <Avatar
          key={u.id}
          name={u.display_name}
          src={u.avatar_url}
          size="xs"
          className="ring-2 ring-canvas"
        />
      ))}
      {more > 0 && (
        <span aria-hidden className="pl-1.5 text-[11px] text-fg-muted">
          +{more}
        </span>
      )}
    </span>
  );
}
