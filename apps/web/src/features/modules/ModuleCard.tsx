import { Link } from '@tanstack/react-router';
import { CalendarDays } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../app/StoresContext.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { FavoriteToggle, ProgressMeter } from '../planning/PlanningParts.tsx';
import { type ModuleActionProps, ModuleActions } from './ModuleActions.tsx';
import { AvatarGroup, ModuleStatusPill, usersOf, useWorkspaceUsers } from './ModuleParts.tsx';
import { formatModuleDates } from './moduleFormat.ts';

/**
 * One module in the gallery layout. The whole card opens the module (its name link is stretched
 * over it); the star and the actions menu sit above that link.
 */
export const ModuleCard = observer(function ModuleCard(props: ModuleActionProps) {
  const { slug, module } = props;
  const { modules } = useStores();
  const users = useWorkspaceUsers(slug);
  const lead = module.lead_id ? users.get(module.lead_id) : undefined;
  return (
    <li className="relative flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-canvas p-4 shadow-xs transition-colors hover:border-border-strong hover:bg-surface">
      <div className="flex items-start gap-2">
        <Link
          to="/$workspaceSlug/projects/$projectId/modules/$moduleId"
          params={{ workspaceSlug: slug, projectId: module.project_id, moduleId: module.id }}
          className="min-w-0 flex-1 truncate pt-1 text-sm font-medium text-fg after:absolute after:inset-0 after:rounded-lg after:content-[''] hover:underline"
        >
          {module.name}
        </Link>
        <div className="relative z-10 -mt-0.5 -mr-1.5 flex items-center">
          <FavoriteToggle
            on={module.is_favorite}
            toggle={() => modules.toggleFavorite(slug, module.project_id, module.id)}
          />
          <ModuleActions {...props} />
        </div>
      </div>
      <div className="flex min-w-0 items-center justify-between gap-2">
        <ModuleStatusPill status={module.status} />
        <span className="flex min-w-0 items-center gap-1.5 text-xs text-fg-muted">
          <CalendarDays className="size-3.5 shrink-0" aria-hidden />
          <span className="truncate">{formatModuleDates(module)}</span>
        </span>
      </div>
      <div className="hidden items-center justify-between gap-2 sm:flex">
        <span className="text-xs text-fg-muted">Progress</span>
        <ProgressMeter name={module.name} totals={module} />
      </div>
      <div className="flex min-h-6 items-center justify-between gap-2 border-t border-border pt-3">
        {lead ? (
          <span className="flex min-w-0 items-center gap-1.5 text-xs text-fg">
            <Avatar name={lead.display_name} src={lead.avatar_url} size="xs" />
            <span className="truncate">
              <span className="sr-only">Lead: </span>
              {lead.display_name}
            </span>
          </span>
        ) : (
          <span className="text-xs text-fg-subtle">No lead</span>
        )}
        <AvatarGroup label="Members" users={usersOf(users, module.member_ids)} />
      </div>
    </li>
  );
});
