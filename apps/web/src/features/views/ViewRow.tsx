import { VIEW_ACCESS, type View } from '@kite/shared/contracts';
import { Link } from '@tanstack/react-router';
import { EyeOff, Layers, Lock } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../app/StoresContext.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { FavoriteToggle } from '../planning/PlanningParts.tsx';
import { ViewActions } from './ViewActions.tsx';
import type { ViewPlace } from './ViewStore.ts';
import { viewLink } from './viewLinks.ts';

const updatedOn = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

/** One saved view in a views list: name and description, lock and access, owner, favorite star, menu. */
export const ViewRow = observer(function ViewRow({ place, view }: { place: ViewPlace; view: View }) {
  const stores = useStores();
  const owner = stores.members.membersOf(place.slug).find((m) => m.member.id === view.owned_by)?.member;
  return (
    <li className="flex items-center gap-4 px-4 py-3 hover:bg-surface">
      <Layers className="size-4 shrink-0 text-fg-muted" aria-hidden />
      <div className="min-w-0 flex-1">
        <Link
          {...viewLink(place, view.id)}
          className="block truncate text-sm font-medium text-fg hover:underline"
        >
          {view.name}
        </Link>
        <p className="mt-0.5 truncate text-xs text-fg-muted">
          {view.description || `Updated ${updatedOn(view.updated_at)}`}
        </p>
      </div>
      {view.is_locked && (
        <span
          className="flex items-center gap-1 text-xs text-fg-muted"
          title="Locked: its filters and display are kept"
        >
          <Lock className="size-3.5" aria-hidden /> Locked
        </span>
      )}
      {view.access === VIEW_ACCESS.PRIVATE && (
        <span className="flex items-center gap-1 text-xs text-fg-muted" title="Private: only you see it">
          <EyeOff className="size-3.5" aria-hidden /> Private
        </span>
      )}
      {owner && (
        <span className="hidden md:flex" title={`Owner: ${owner.display_name}`}>
          <Avatar name={owner.display_name} src={owner.avatar_url} size="xs" />
        </span>
      )}
      <FavoriteToggle
        on={view.is_favorite}
        toggle={() => stores.views.toggleFavorite(place, view.id).then(() => undefined)}
      />
      <ViewActions place={place} view={view} />
    </li>
  );
});
