import type { Project } from '@kite/shared/contracts';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../../app/StoresContext.tsx';
import { toast, toastError } from '../../../ui/toast.ts';

type FeatureKey =
  | 'cycle_view'
  | 'module_view'
  | 'issue_views_view'
  | 'page_view'
  | 'intake_view'
  | 'guest_view_all_features';

const FEATURES: { key: FeatureKey; label: string; description: string }[] = [
  { key: 'cycle_view', label: 'Cycles', description: 'Time-boxed iterations to plan and track work.' },
  { key: 'module_view', label: 'Modules', description: 'Group work items into larger deliverables.' },
  {
    key: 'issue_views_view',
    label: 'Views',
    description: 'Saved filters and layouts shared with the project.',
  },
  { key: 'page_view', label: 'Pages', description: 'Documents and notes next to the work.' },
  {
    key: 'intake_view',
    label: 'Intake',
    description: 'Collect requests to triage before they become work items.',
  },
  {
    key: 'guest_view_all_features',
    label: 'Guests see all work items',
    description: 'When off, guests only see the work items they created.',
  },
];

export const FeaturesSettings = observer(function FeaturesSettings({
  slug,
  project,
}: {
  slug: string;
  project: Project;
}) {
  const { projects } = useStores();
  const archived = !!project.archived_at;

  const toggle = async (key: FeatureKey, label: string) => {
    const next = !project[key];
    try {
      await projects.update(slug, project.id, { [key]: next });
      toast.success(`${label} ${next ? 'enabled' : 'disabled'}`);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="text-lg font-semibold text-fg">Features</h2>
        <p className="text-sm text-fg-muted">Turn parts of the project on or off for everyone in it.</p>
      </div>
      <ul className="divide-y divide-border rounded-lg border border-border">
        {FEATURES.map((f) => {
          const on = project[f.key];
          const descId = `feature-${f.key}-desc`;
          return (
            <li key={f.key} className="flex items-center justify-between gap-4 px-5 py-4">
              <div>
                <p className="text-sm font-medium text-fg">{f.label}</p>
                <p id={descId} className="text-sm text-fg-muted">
                  {f.description}
                </p>
              </div>
              <button
                type="button"
                role="switch"
                aria-checked={on}
                aria-label={f.label}
                aria-describedby={descId}
                disabled={archived}
                onClick={() => toggle(f.key, f.label)}
                className={
                  on
                    ? 'relative h-5 w-9 shrink-0 rounded-full bg-primary transition-colors disabled:opacity-50'
                    : 'relative h-5 w-9 shrink-0 rounded-full bg-surface-3 transition-colors disabled:opacity-50'
                }
              >
                <span
                  aria-hidden
                  className={
                    on
                      ? 'absolute top-0.5 left-4.5 size-4 rounded-full bg-white shadow transition-all'
                      : 'absolute top-0.5 left-0.5 size-4 rounded-full bg-white shadow transition-all'
                  }
                />
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
});
