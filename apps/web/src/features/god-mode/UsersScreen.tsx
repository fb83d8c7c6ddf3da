import type { AdminUser } from '@kite/shared/contracts';
import clsx from 'clsx';
import { MoreHorizontal, ShieldCheck, ShieldOff, UserCheck, Users, UserX } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { IconButton } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../ui/Menu.tsx';
import { toast, toastError } from '../../ui/toast.ts';
import { ConsoleHeader, ListFooter, LoadState } from './ConsolePage.tsx';
import { formatDayTime } from './formatWhen.ts';
import { SearchBox } from './SearchBox.tsx';
import { useConsole } from './useConsole.ts';
import { type UserAction, type UserActionKind, userActions } from './userActions.ts';

const ICONS: Record<UserActionKind, typeof UserX> = {
  deactivate: UserX,
  reactivate: UserCheck,
  'grant-admin': ShieldCheck,
  'revoke-admin': ShieldOff,
};

const PROVIDER_NAMES: Record<string, string> = {
  google: 'Google',
  github: 'GitHub',
  gitlab: 'GitLab',
  gitea: 'Gitea',
  oidc: 'OIDC',
};

/** `/god-mode/users`: every account of the instance, its status and admin right. */
export const UsersScreen = observer(function UsersScreen() {
  const admin = useConsole();
  const { user: me } = useStores();
  const list = admin.users;
  const [pending, setPending] = useState<{ user: AdminUser; action: UserAction } | null>(null);
  useEffect(() => {
    if (!list.loaded) void list.load();
  }, [list]);

  const confirm = async () => {
    if (!pending) return;
    try {
      await admin.updateUser(pending.user, pending.action.patch);
      toast.success(pending.action.done);
    } catch (error) {
      toastError(error, 'The user could not be changed');
      throw error;
    }
  };

  return (
    <>
      <ConsoleHeader
        title="Users"
        description="Every account on this instance. Deactivated users cannot sign in."
      />
      <div className="mb-3">
        <SearchBox
          label="Search users"
          placeholder="Search by name or email"
          initial={list.search}
          onSearch={(text) => void list.load(text)}
        />
      </div>
      {!list.loaded ? (
        <LoadState error={list.error} label="Loading users" onRetry={() => void list.load()} />
      ) : list.items.length === 0 ? (
        <EmptyState
          icon={<Users className="size-5" />}
          title={list.search ? 'No user matches' : 'No users yet'}
          description={list.search ? `No name or email contains “${list.search}”.` : undefined}
        />
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-border">
            <table className="w-full text-left text-sm" aria-busy={list.loading || undefined}>
              <caption className="sr-only">Users</caption>
              <thead className="border-b border-border bg-surface text-xs text-fg-muted">
                <tr>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    User
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    Sign-in
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    Last sign-in
                  </th>
                  <th scope="col" className="w-12 px-2 py-2.5">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {list.items.map((user) => {
                  const name = `${user.first_name} ${user.last_name}`.trim() || user.display_name;
                  const isMe = user.id === me.user?.id;
                  return (
                    <tr
                      key={user.id}
                      aria-label={user.email}
                      className={clsx(!user.is_active && 'bg-surface')}
                    >
                      <td className="px-4 py-3">
                        <div className="flex items-center gap-2.5">
                          <Avatar name={name || user.email} src={user.avatar_url} size="sm" />
                          <div className="min-w-0">
                            <div className="flex items-center gap-1.5 font-medium text-fg">
                              <span className="truncate">{name || user.email}</span>
                              {isMe && <span className="text-xs font-normal text-fg-muted">(you)</span>}
                              {user.is_instance_admin && (
                                <span className="rounded-full bg-primary-soft px-1.5 py-0.5 text-[11px] font-medium text-link">
                                  Admin
                                </span>
                              )}
                            </div>
                            <div className="truncate text-xs text-fg-muted">{user.email}</div>
                          </div>
                        </div>
                      </td>
                      <td className="px-4 py-3 text-xs text-fg-muted">
                        {user.providers.length > 0
                          ? user.providers.map((p) => PROVIDER_NAMES[p] ?? p).join(', ')
                          : 'Email'}
                      </td>
                      <td className="px-4 py-3">
                        <span
                          className={clsx(
                            'rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
                            user.is_active ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger',
                          )}
                        >
                          {user.is_active ? 'Active' : 'Deactivated'}
                        </span>
                      </td>
                      <td className="px-4 py-3 text-xs whitespace-nowrap text-fg-muted">
                        {formatDayTime(user.last_login_at, 'Never')}
                      </td>
                      <td className="px-2 py-2.5">
                        {!isMe && (
                          <Menu>
                            <MenuTrigger asChild>
                              <IconButton size="sm" label={`Actions for ${user.email}`}>
                                <MoreHorizontal className="size-4" aria-hidden />
                              </IconButton>
                            </MenuTrigger>
                            <MenuContent align="end">
                              {userActions(user).map((action) => {
                                const Icon = ICONS[action.kind];
                                return (
                                  <MenuItem
                                    key={action.kind}
                                    icon={<Icon className="size-4" />}
                                    tone={action.tone === 'danger' ? 'danger' : 'default'}
                                    onSelect={() => setPending({ user, action })}
                                  >
                                    {action.label}
                                  </MenuItem>
                                );
                              })}
                            </MenuContent>
                          </Menu>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <ListFooter list={list} noun="users" />
        </>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.action.title ?? ''}
        description={pending?.action.description}
        confirmLabel={pending?.action.confirmLabel ?? ''}
        tone={pending?.action.tone ?? 'primary'}
        onConfirm={confirm}
      />
    </>
  );
});
