import type { Filters } from '@kite/shared/contracts';
import { useNavigate } from '@tanstack/react-router';
import type { IssueView } from '../issues/IssueView.ts';
import { ViewDialog } from './ViewDialog.tsx';
import type { ViewPlace } from './ViewStore.ts';
import { viewLink } from './viewLinks.ts';
import { settingsBody } from './viewSettings.ts';

/**
 * "Save as view": a new view of `place` holding the list's current filters, layout and display
 * (`fixed`: filters the list applies on its own, e.g. a built-in view's caller); it opens once
 * created. Loaded with its first opening, so the boards do not carry it.
 */
export function SaveViewDialog({
  place,
  view,
  fixed,
  onClose,
}: {
  place: ViewPlace;
  view: IssueView;
  fixed?: Partial<Filters>;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  return (
    <ViewDialog
      place={place}
      title="Save as view"
      settings={settingsBody(view.settings, fixed)}
      onClose={onClose}
      onSaved={(saved) => void navigate(viewLink(place, saved.id))}
    />
  );
}
