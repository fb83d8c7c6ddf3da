import { useRouter } from '@tanstack/react-router';
import clsx from 'clsx';
import { LogOut, Palette, ShieldCheck, SquareUserRound, UserRound } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from '../../ui/Menu.tsx';
import { toastError } from '../../ui/toast.ts';
import { signOut } from '../auth/signOut.ts';

/** The signed-in user's menu at the bottom of the sidebar; inside a workspace it leads to "Your work". */
export const UserMenu = observer(function UserMenu({
  collapsed,
  slug,
}: {
  collapsed: boolean;
  slug?: string;
}) {
  const stores = useStores();
  const router = useRouter();
  const user = stores.user.user;
  // Whether to offer the admin console: asked after the first paint, never on its way.
  useEffect(() => {
    if (user) stores.user.ensureInstanceAdmin().catch(() => undefined);
  }, [user, stores.user]);
  if (!user) return null;
  const name = stores.user.fullName;
  return (
    <Menu>
      <MenuTrigger
        aria-label="User menu"
        className={clsx(
          'flex min-w-0 items-center gap-2 rounded-md p-1.5 text-left hover:bg-surface-2 data-[state=open]:bg-surface-2',
          collapsed ? 'justify-center' : 'flex-1',
        )}
      >
        <Avatar name={name} src={user.avatar_url} size="sm" />
        {!collapsed && <span className="min-w-0 flex-1 truncate text-sm font-medium text-fg">{name}</span>}
      </MenuTrigger>
      <MenuContent side="top" align="start" className="w-60">
        <MenuLabel>
          <span className="block truncate text-sm font-medium text-fg">{name}</span>
          <span className="block truncate">{user.email}</span>
        </MenuLabel>
        <MenuSeparator />
        {slug && (
          <MenuItem
            icon={<SquareUserRound className="size-4" />}
            onSelect={() =>
              router.navigate({
                to: '/$workspaceSlug/profile/$userId',
                params: { workspaceSlug: slug, userId: user.id },
              })
            }
          >
            Your work
          </MenuItem>
        )}
        <MenuItem
          icon={<UserRound className="size-4" />}
          onSelect={() => router.navigate({ to: '/settings/profile/general' })}
        >
          Account settings
        </MenuItem>
        <MenuItem
          icon={<Palette className="size-4" />}
          onSelect={() => router.navigate({ to: '/settings/profile/preferences' })}
        >
          Preferences
        </MenuItem>
        {stores.user.isInstanceAdmin && (
          <MenuItem
            icon={<ShieldCheck className="size-4" />}
            onSelect={() => router.navigate({ to: '/god-mode' })}
          >
            Admin console
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
