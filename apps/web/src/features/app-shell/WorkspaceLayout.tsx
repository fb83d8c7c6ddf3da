import { Outlet } from '@tanstack/react-router';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../app/StoresContext.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import { CommandPaletteHost } from '../command-palette/CommandPaletteHost.tsx';
import { useLiveEvents } from '../live/useLiveEvents.ts';
import { Sidebar } from './Sidebar.tsx';

/** A workspace's frame: the sidebar, the screen, the command palette, and its live events. */
export const WorkspaceLayout = observer(function WorkspaceLayout({ slug }: { slug: string }) {
  const { workspaces } = useStores();
  useLiveEvents(slug);
  const workspace = workspaces.get(slug);
  if (!workspace) return <PageLoader label="Loading workspace" />;
  return (
    <div className="flex h-full">
      <Sidebar workspace={workspace} />
      <div className="flex min-w-0 flex-1 flex-col overflow-hidden bg-canvas">
        <Outlet />
      </div>
      <CommandPaletteHost key={workspace.slug} slug={workspace.slug} />
    </div>
  );
});
