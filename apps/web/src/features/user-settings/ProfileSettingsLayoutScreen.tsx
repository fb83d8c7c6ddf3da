import { Link, Outlet } from '@tanstack/react-router';
import { ArrowLeft, Bell, Palette, ShieldCheck, UserRound } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../app/StoresContext.tsx';
import { SettingsNav } from '../app-shell/SettingsNav.tsx';

/** The account settings' frame (`/settings/profile/*`): the way back, the nav, and the page. */
export const ProfileSettingsLayoutScreen = observer(function ProfileSettingsLayoutScreen() {
  const { user, workspaces } = useStores();
  const back = workspaces.findById(user.profile?.last_workspace_id) ?? workspaces.list[0];
  return (
    <div className="flex h-full flex-col bg-canvas md:flex-row">
      <aside className="flex shrink-0 flex-col gap-5 border-b border-border bg-surface p-3 md:w-62 md:border-r md:border-b-0">
        {back ? (
          <Link
            to="/$workspaceSlug"
            params={{ workspaceSlug: back.slug }}
            className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-fg-muted hover:bg-surface-2 hover:text-fg"
          >
            <ArrowLeft className="size-4" aria-hidden /> Back to workspace
          </Link>
        ) : (
          <Link
            to="/"
            className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-fg-muted hover:bg-surface-2 hover:text-fg"
          >
            <ArrowLeft className="size-4" aria-hidden /> Back
          </Link>
        )}
        <div>
          <p className="px-2 pb-1.5 text-xs font-medium text-fg-subtle">Account</p>
          <SettingsNav
            label="Account settings"
            items={[
              {
                label: 'General',
                icon: <UserRound className="size-4" />,
                link: { to: '/settings/profile/general' },
              },
              {
                label: 'Preferences',
                icon: <Palette className="size-4" />,
                link: { to: '/settings/profile/preferences' },
              },
              {
                label: 'Notifications',
                icon: <Bell className="size-4" />,
                link: { to: '/settings/profile/notifications' },
              },
              {
                label: 'Security',
                icon: <ShieldCheck className="size-4" />,
                link: { to: '/settings/profile/security' },
              },
            ]}
          />
        </div>
      </aside>
      <main className="min-w-0 flex-1 overflow-y-auto">
        <div className="mx-auto max-w-3xl px-6 py-10">
          <Outlet />
        </div>
      </main>
    </div>
  );
});
