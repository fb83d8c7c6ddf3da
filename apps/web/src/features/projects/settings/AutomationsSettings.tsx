import type { Project, UpdateProjectBody } from '@kite/shared/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useStores } from '../../../app/StoresContext.tsx';
import { Field } from '../../../ui/Field.tsx';
import { Select } from '../../../ui/Input.tsx';
import { PageLoader } from '../../../ui/Spinner.tsx';
import { toast, toastError } from '../../../ui/toast.ts';
import { SettingsSection } from '../../app-shell/SettingsNav.tsx';

const ARCHIVE_MONTHS = [1, 3, 6, 9, 12] as const;
const CLOSE_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
const months = (n: number) => (n === 1 ? '1 month' : `${n} months`);

/** Auto-archive closed work items and auto-close stale ones (both run daily on the server). */
export const AutomationsSettings = observer(function AutomationsSettings({
  slug,
  project,
}: {
  slug: string;
  project: Project;
}) {
  const { projects, states } = useStores();
  const readOnly = !!project.archived_at;

  useEffect(() => {
    states.fetch(slug, project.id).catch((error) => toastError(error));
  }, [states, slug, project.id]);

  const save = async (patch: UpdateProjectBody, message: string) => {
    try {
      await projects.update(slug, project.id, patch);
      toast.success(message);
    } catch (error) {
      toastError(error);
    }
  };

  if (!states.isLoaded(project.id)) return <PageLoader label="Loading states" />;
  const cancelled = states.statesOf(project.id).filter((s) => s.group === 'cancelled');
  const closeTarget = project.default_state ?? cancelled[0]?.id ?? '';

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="text-lg font-semibold text-fg">Automations</h2>
        <p className="text-sm text-fg-muted">Keep the project tidy: these run once a day.</p>
      </div>
      <SettingsSection
        title="Auto-archive closed work items"
        description="Work items in completed or cancelled states, untouched for this long, are archived."
      >
        <Field label="Archive after" className="max-w-xs">
          {(control) => (
            <Select
              {...control}
              value={project.archive_in}
              disabled={readOnly}
              onChange={(e) => {
                const value = Number(e.target.value) as 0 | 1 | 3 | 6 | 9 | 12;
                save(
                  { archive_in: value },
                  value ? `Auto-archive after ${months(value)}` : 'Auto-archive turned off',
                );
              }}
            >
              <option value={0}>Off</option>
              {ARCHIVE_MONTHS.map((n) => (
                <option key={n} value={n}>
                  {months(n)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </SettingsSection>
      <SettingsSection
        title="Auto-close stale work items"
        description="Open work items (backlog, unstarted, started) untouched for this long move to a cancelled state."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Close after">
            {(control) => (
              <Select
                {...control}
                value={project.close_in}
                disabled={readOnly || cancelled.length === 0}
                onChange={(e) => {
                  const value = Number(e.target.value);
                  save(
                    value ? { close_in: value, default_state: closeTarget || null } : { close_in: 0 },
                    value ? `Auto-close after ${months(value)}` : 'Auto-close turned off',
                  );
                }}
              >
                <option value={0}>Off</option>
                {CLOSE_MONTHS.map((n) => (
                  <option key={n} value={n}>
                    {months(n)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label="Close into state"
            hint={cancelled.length === 0 ? 'Add a state in the Cancelled group first.' : undefined}
          >
            {(control) => (
              <Select
                {...control}
                value={closeTarget}
                disabled={readOnly || project.close_in === 0 || cancelled.length === 0}
                onChange={(e) => save({ default_state: e.target.value }, 'Auto-close state changed')}
              >
                {cancelled.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
      </SettingsSection>
    </div>
  );
});
