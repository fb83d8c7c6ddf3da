import type { Workspace } from '@kite/shared/contracts';
import { isRole, ROLE, ROLE_NAMES } from '@kite/shared/domain';
import { useRouter } from '@tanstack/react-router';
import clsx from 'clsx';
import { ChevronsUpDown, LogOut, Mail, Plus, Settings } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../app/StoresContext.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSeparator,
  MenuTrigger,
} from '../../ui/Menu.tsx';
import { toastError } from '../../ui/toast.ts';
import { signOut } from '../auth/signOut.ts';

export function roleLabel(role: number | null | undefined): string {
  return isRole(role) ? ROLE_NAMES[role] : '';
}

/** The workspace menu at the top of the sidebar: switch, create, settings, sign out. */
export const WorkspaceSwitcher = observer(function WorkspaceSwitcher({
  workspace,
  collapsed,
}: {
  workspace: Workspace;
  collapsed: boolean;
}) {
  const stores = useStores();
  const router = useRouter();
  const { workspaces, user } = stores;

  return (
    <Menu>
      <MenuTrigger
        aria-label={`Workspace menu: ${workspace.name}`}
        className={clsx(
          'flex w-full items-center gap-2 rounded-md p-1.5 text-left hover:bg-surface-2 data-[state=open]:bg-surface-2',
          collapsed && 'justify-center',
        )}
      >
        <Avatar name={workspace.name} src={workspace.logo_url} shape="square" size="sm" />
        {!collapsed && (
          <>
            <span className="min-w-0 flex-1 truncate text-sm font-semibold text-fg">{workspace.name}</span>
            <ChevronsUpDown className="size-4 shrink-0 text-fg-subtle" aria-hidden />
          </>
        )}
      </MenuTrigger>
      <MenuContent className="w-64">
        <MenuLabel className="truncate">{user.user?.email}</MenuLabel>
        <MenuRadioGroup
          value={workspace.slug}
          onValueChange={(slug) =>
            router.navigate({ to: '/$workspaceSlug', params: { workspaceSlug: slug } })
          }
        >
          {workspaces.list.map((w) => (
            <MenuRadioItem key={w.id} value={w.slug} aria-label={`${w.name} (${roleLabel(w.role)})`}>
              <Avatar name={w.name} src={w.logo_url} shape="square" size="xs" />
              <span className="min-w-0 flex-1 truncate">{w.name}</span>
              <span className="text-xs text-fg-subtle">{roleLabel(w.role)}</span>
            </MenuRadioItem>
          ))}
        </MenuRadioGroup>
        <MenuSeparator />
        <MenuItem
          icon={<Plus className="size-4" />}
          onSelect={() => router.navigate({ to: '/create-workspace' })}
        >
          Create workspace
        </MenuItem>
        <MenuItem
          icon={<Settings className="size-4" />}
          onSelect={() =>
            router.navigate({ to: '/$workspaceSlug/settings', params: { workspaceSlug: workspace.slug } })
          }
        >
          Workspace settings
        </MenuItem>
        {(workspace.role ?? 0) >= ROLE.ADMIN && (
          <MenuItem
            icon={<Mail className="size-4" />}
            onSelect={() =>
              router.navigate({
                to: '/$workspaceSlug/settings/members',
                params: { workspaceSlug: workspace.slug },
              })
            }
          >
            Invite members
          </MenuItem>
        )}
        <MenuSeparator />
        <MenuItem
          icon={<LogOut className="size-4" />}
          tone="danger"
          onSelect={() => signOut(stores).catch((error) => toastError(error))}
        >
          Sign out
        </MenuItem>
      </MenuContent>
    </Menu>
  );
});
