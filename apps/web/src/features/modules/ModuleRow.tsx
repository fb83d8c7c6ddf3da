import { Link } from '@tanstack/react-router';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../app/StoresContext.tsx';
import { FavoriteToggle, ProgressMeter } from '../planning/PlanningParts.tsx';
import { type ModuleActionProps, ModuleActions } from './ModuleActions.tsx';
import { AvatarGroup, ModuleStatusPill, usersOf, useWorkspaceUsers } from './ModuleParts.tsx';
import { formatModuleDates } from './moduleFormat.ts';

/** One module in the list layout (and the archive): name, dates, lead, members, progress, status. */
export const ModuleRow = observer(function ModuleRow(props: ModuleActionProps) {
  const { slug, module } = props;
  const { modules } = useStores();
  const users = useWorkspaceUsers(slug);
  const lead = module.lead_id ? users.get(module.lead_id) : undefined;
  return (
    <li className="flex items-center gap-4 px-4 py-3 hover:bg-surface">
      <div className="min-w-0 flex-1">
        <Link
          to="/$workspaceSlug/projects/$projectId/modules/$moduleId"
          params={{ workspaceSlug: slug, projectId: module.project_id, moduleId: module.id }}
          className="block truncate text-sm font-medium text-fg hover:underline"
        >
          {module.name}
        </Link>
        <p className="mt-0.5 text-xs text-fg-muted">
          {formatModuleDates(module)}
          {lead && ` · Lead: ${lead.display_name}`}
        </p>
      </div>
      <span className="hidden md:flex">
        <AvatarGroup label="Members" users={usersOf(users, module.member_ids)} />
      </span>
      <ProgressMeter name={module.name} totals={module} />
      <ModuleStatusPill status={module.status} />
      <FavoriteToggle
        on={module.is_favorite}
        toggle={() => modules.toggleFavorite(slug, module.project_id, module.id)}
      />
      <ModuleActions {...props} />
    </li>
  );
});
