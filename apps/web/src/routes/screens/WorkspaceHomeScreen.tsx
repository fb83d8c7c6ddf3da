import { hasRole, ROLE } from '@kite/shared/domain';
import { Link } from '@tanstack/react-router';
import { FolderKanban, House, UserPlus } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../app/StoresContext.tsx';
import { PageHeader } from '../../features/app-shell/PageHeader.tsx';
import { buttonClasses } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { workspaceRoute } from '../WorkspaceLayoutRoute.tsx';

export function greeting(date: Date): string {
  const hour = date.getHours();
  if (hour < 5) return 'Good evening';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

function WorkspaceHome() {
  const { workspaceSlug } = workspaceRoute.useParams();
  const { user, workspaces } = useStores();
  const workspace = workspaces.get(workspaceSlug);
  const now = new Date();
  const isAdmin = hasRole(workspace?.role, ROLE.ADMIN);
  return (
    <>
      <PageHeader title="Home" icon={<House className="size-4" />} />
      <main className="flex-1 overflow-y-auto">
        <div className="mx-auto flex max-w-4xl flex-col gap-8 px-6 py-10">
          <div>
            <h2 className="text-2xl font-semibold tracking-tight text-fg">
              {greeting(now)}, {user.firstName}
            </h2>
            <p className="mt-1 text-sm text-fg-muted">
              {now.toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' })}
              {workspace && <> · {workspace.name}</>}
            </p>
          </div>
          <EmptyState
            icon={<FolderKanban className="size-5" />}
            title="No projects yet"
            description="Projects hold your team's work items, cycles and pages. They will show up here once they exist."
            action={
              isAdmin ? (
                <Link
                  to="/$workspaceSlug/settings/members"
                  params={{ workspaceSlug }}
                  className={buttonClasses('secondary', 'md')}
                >
                  <UserPlus className="size-4" aria-hidden /> Invite your team
                </Link>
              ) : undefined
            }
          />
        </div>
      </main>
    </>
  );
}

export const workspaceHomeScreen = observer(WorkspaceHome);
