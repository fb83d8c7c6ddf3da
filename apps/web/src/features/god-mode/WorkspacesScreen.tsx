import { Building2, Plus } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { SettingsSection } from '../app-shell/SettingsNav.tsx';
import { ConfigSwitch } from './ConfigSwitch.tsx';
import { ConsoleHeader, ListFooter, LoadState } from './ConsolePage.tsx';
import { CreateAdminWorkspaceDialog } from './CreateAdminWorkspaceDialog.tsx';
import { formatDay } from './formatWhen.ts';
import { SearchBox } from './SearchBox.tsx';
import { useConsole, useInstanceSettings } from './useConsole.ts';

/** `/god-mode/workspaces`: every workspace of the instance, and who may create one. */
export const WorkspacesScreen = observer(function WorkspacesScreen() {
  const { workspaces: list } = useConsole();
  const settings = useInstanceSettings();
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    if (!list.loaded) void list.load();
  }, [list]);

  const createButton = (
    <Button variant="primary" onClick={() => setCreating(true)}>
      <Plus className="size-4" aria-hidden /> Create workspace
    </Button>
  );

  return (
    <>
      <ConsoleHeader
        title="Workspaces"
        description="Every workspace on this instance, with its owner and size."
        actions={createButton}
      />
      <div className="flex flex-col gap-6">
        {settings.isLoaded && settings.config && (
          <SettingsSection title="Workspace creation">
            <div className="-my-3">
              <ConfigSwitch
                settings={settings}
                configKey="DISABLE_WORKSPACE_CREATION"
                inverted
                label="Allow members to create workspaces"
                description="Off: only instance admins create workspaces (here or in the app)."
                fallback={settings.config.is_workspace_creation_disabled}
              />
            </div>
          </SettingsSection>
        )}
        <div>
          <div className="mb-3">
            <SearchBox
              label="Search workspaces"
              placeholder="Search by name or slug"
              initial={list.search}
              onSearch={(text) => void list.load(text)}
            />
          </div>
          {!list.loaded ? (
            <LoadState error={list.error} label="Loading workspaces" onRetry={() => void list.load()} />
          ) : list.items.length === 0 ? (
            <EmptyState
              icon={<Building2 className="size-5" />}
              title={list.search ? 'No workspace matches' : 'No workspaces yet'}
              description={
                list.search
                  ? `Nothing is named like “${list.search}”.`
                  : 'Create the first workspace of this instance.'
              }
              action={list.search ? undefined : createButton}
            />
          ) : (
            <>
              <div className="overflow-x-auto rounded-lg border border-border">
                <table className="w-full text-left text-sm" aria-busy={list.loading || undefined}>
                  <caption className="sr-only">Workspaces</caption>
                  <thead className="border-b border-border bg-surface text-xs text-fg-muted">
                    <tr>
                      <th scope="col" className="px-4 py-2.5 font-medium">
                        Workspace
                      </th>
                      <th scope="col" className="px-4 py-2.5 font-medium">
                        Owner
                      </th>
                      <th scope="col" className="px-4 py-2.5 text-right font-medium">
                        Members
                      </th>
                      <th scope="col" className="px-4 py-2.5 text-right font-medium">
                        Projects
                      </th>
                      <th scope="col" className="px-4 py-2.5 font-medium">
                        Created
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-border">
                    {list.items.map((ws) => (
                      <tr key={ws.id} aria-label={ws.name}>
                        <td className="px-4 py-3">
                          <div className="font-medium text-fg">{ws.name}</div>
                          <div className="font-mono text-xs text-fg-muted">/{ws.slug}</div>
                        </td>
                        <td className="px-4 py-3 text-fg-muted">
                          {ws.owner ? (
                            <>
                              <div className="text-fg">{ws.owner.display_name}</div>
                              <div className="text-xs">{ws.owner.email}</div>
                            </>
                          ) : (
                            '—'
                          )}
                        </td>
                        <td className="px-4 py-3 text-right tabular-nums">{ws.total_members}</td>
                        <td className="px-4 py-3 text-right tabular-nums">{ws.total_projects}</td>
                        <td className="px-4 py-3 whitespace-nowrap text-fg-muted">
                          {formatDay(ws.created_at)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <ListFooter list={list} noun="workspaces" />
            </>
          )}
        </div>
      </div>
      <CreateAdminWorkspaceDialog open={creating} onOpenChange={setCreating} />
    </>
  );
});
