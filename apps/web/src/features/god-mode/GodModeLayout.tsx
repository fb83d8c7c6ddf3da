import { Link, Outlet } from '@tanstack/react-router';
import {
  ArrowLeft,
  Building2,
  KeyRound,
  Mail,
  ScrollText,
  Settings2,
  ShieldCheck,
  Users,
} from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../app/StoresContext.tsx';
import { SettingsNav } from '../app-shell/SettingsNav.tsx';

const backClasses =
  'flex items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-fg-muted hover:bg-surface-2 hover:text-fg';

/** The console's frame: a way back to the app, the sections on the left, the section on the right. */
export const GodModeLayout = observer(function GodModeLayout() {
  const { user, workspaces } = useStores();
  const back = workspaces.findById(user.profile?.last_workspace_id) ?? workspaces.list[0];
  return (
    <div className="flex h-full flex-col bg-canvas md:flex-row">
      <aside className="flex shrink-0 flex-col gap-5 border-b border-border bg-surface p-3 md:w-62 md:border-r md:border-b-0">
        {back ? (
          <Link to="/$workspaceSlug" params={{ workspaceSlug: back.slug }} className={backClasses}>
            <ArrowLeft className="size-4" aria-hidden /> Back to workspace
          </Link>
        ) : (
          <Link to="/" className={backClasses}>
            <ArrowLeft className="size-4" aria-hidden /> Back to the app
          </Link>
        )}
        <div>
          <p className="flex items-center gap-1.5 px-2 pb-1.5 text-xs font-medium text-fg-subtle">
            <ShieldCheck className="size-3.5" aria-hidden /> Instance admin
          </p>
          <SettingsNav
            label="Admin console"
            items={[
              { label: 'General', icon: <Settings2 className="size-4" />, link: { to: '/god-mode/general' } },
              {
                label: 'Authentication',
                icon: <KeyRound className="size-4" />,
                link: { to: '/god-mode/authentication' },
              },
              { label: 'Email', icon: <Mail className="size-4" />, link: { to: '/god-mode/email' } },
              {
                label: 'Workspaces',
                icon: <Building2 className="size-4" />,
                link: { to: '/god-mode/workspaces' },
              },
              { label: 'Users', icon: <Users className="size-4" />, link: { to: '/god-mode/users' } },
              {
                label: 'Audit log',
                icon: <ScrollText className="size-4" />,
                link: { to: '/god-mode/audit-log' },
              },
            ]}
          />
        </div>
      </aside>
      <main className="min-w-0 flex-1 overflow-y-auto">
        <div className="mx-auto max-w-4xl px-6 py-10">
          <Outlet />
        </div>
      </main>
    </div>
  );
});
