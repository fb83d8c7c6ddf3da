import { ROLE } from '@kite/shared/domain';
import { getRouteApi, Outlet } from '@tanstack/react-router';
import { KeyRound, Settings, SlidersHorizontal, Users, Webhook } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../app/StoresContext.tsx';
import { PageHeader } from '../app-shell/PageHeader.tsx';
import { SettingsNav } from '../app-shell/SettingsNav.tsx';

/** The workspace settings' frame (`/{slug}/settings/*`): the header, the nav, and the page. */
export const WorkspaceSettingsLayoutScreen = observer(function WorkspaceSettingsLayoutScreen({
  workspaceSlug,
}: {
  workspaceSlug: string;
}) {
  const { workspaces } = useStores();
  const isAdmin = (workspaces.get(workspaceSlug)?.role ?? 0) >= ROLE.ADMIN;
  return (
    <>
      <PageHeader title="Workspace settings" icon={<Settings className="size-4" />} />
      <div className="flex-1 overflow-y-auto">
        <div className="mx-auto flex max-w-5xl flex-col gap-6 px-6 py-8 md:flex-row md:gap-10">
          <SettingsNav
            label="Workspace settings"
            items={[
              {
                label: 'General',
                icon: <SlidersHorizontal className="size-4" />,
                link: { to: '/$workspaceSlug/settings', params: { workspaceSlug } },
              },
              {
                label: 'Members',
                icon: <Users className="size-4" />,
                link: { to: '/$workspaceSlug/settings/members', params: { workspaceSlug } },
              },
              {
                label: 'API tokens',
                icon: <KeyRound className="size-4" />,
                link: { to: '/$workspaceSlug/settings/api-tokens', params: { workspaceSlug } },
              },
              ...(isAdmin
                ? [
                    {
                      label: 'Webhooks',
                      icon: <Webhook className="size-4" />,
                      link: { to: '/$workspaceSlug/settings/webhooks' as const, params: { workspaceSlug } },
                      coversSubpages: true,
                    },
                  ]
                : []),
            ]}
          />
          <main className="min-w-0 flex-1">
            <Outlet />
          </main>
        </div>
      </div>
    </>
  );
});

const route = getRouteApi('/authed/$workspaceSlug/settings');

/** The screen of routes/WorkspaceSettingsLayoutRoute.tsx, given the URL's workspace. */
export function WorkspaceSettingsLayoutRouteScreen() {
  return <WorkspaceSettingsLayoutScreen workspaceSlug={route.useParams().workspaceSlug} />;
}
