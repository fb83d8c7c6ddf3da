import type { DisplayFilters, DisplayProperties } from '@kite/shared/contracts';
import * as Popover from '@radix-ui/react-popover';
import clsx from 'clsx';
import { observer } from 'mobx-react-lite';
import { type ReactNode, useId } from 'react';
import { Select } from '../../../ui/Input.tsx';
import type { IssueView } from '../IssueView.ts';
import {
  DISPLAY_PROPERTY_LABELS,
  GROUP_BY_LABELS,
  GROUP_BY_OPTIONS,
  type GroupBy,
  LAYOUT_CAPABILITIES,
  ORDER_BY_OPTIONS,
  TYPE_OPTIONS,
} from '../store/displayFilters.ts';

/** Group-by options that make sense inside one project (no project grouping). */

function Row({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="grid grid-cols-[7rem_1fr] items-center gap-2">
      <label htmlFor={id} className="text-xs font-medium text-fg-muted">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

function Toggle({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label className="flex cursor-pointer items-center justify-between gap-3 text-sm text-fg">
      {label}
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 cursor-pointer accent-primary"
      />
    </label>
  );
}

/**
 * The Display menu's popover (its own chunk, loaded when the menu first opens): grouping, order,
 * type, sub-issues, empty groups and which properties rows show. Anchored over the menu's button.
 */
export const DisplayPopover = observer(function DisplayPopover({
  view,
  onClose,
  trigger,
}: {
  view: IssueView;
  onClose: () => void;
  trigger: () => HTMLElement | null;
}) {
  const df = view.displayFilters;
  const caps = LAYOUT_CAPABILITIES[df.layout];
  const set = (patch: Partial<DisplayFilters>) => void view.setDisplayFilters(patch);
  const groupValue = (v: string) => (v === '' ? null : (v as GroupBy));
  const groupOptions = GROUP_BY_OPTIONS.filter(view.groupByAvailable);
  return (
    <Popover.Root open onOpenChange={(open) => !open && onClose()}>
      <Popover.Anchor asChild>
        <span aria-hidden className="pointer-events-none absolute inset-0" />
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label="Display options"
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            trigger()?.focus();
          }}
          onInteractOutside={(e) => {
            // A press on the menu's own button closes through the button (a toggle), not twice.
            if (trigger()?.contains(e.target as Node)) e.preventDefault();
          }}
          className="z-50 flex max-h-[min(36rem,var(--radix-popover-content-available-height))] w-80 flex-col gap-3 overflow-y-auto rounded-lg border border-border bg-canvas p-4 text-sm text-fg shadow-xl"
        >
          {caps.groupBy && (
            <Row label="Group by">
              {(id) => (
                <Select
                  id={id}
                  className="h-8"
                  value={df.group_by ?? ''}
                  onChange={(e) => set({ group_by: groupValue(e.target.value) })}
                >
                  {df.layout !== 'kanban' && <option value="">None</option>}
                  {groupOptions.map((g) => (
                    <option key={g} value={g}>
                      {GROUP_BY_LABELS[g]}
                    </option>
                  ))}
                </Select>
              )}
            </Row>
          )}
          {caps.subGroupBy && (
            <Row label="Sub-group by">
              {(id) => (
                <Select
                  id={id}
                  className="h-8"
                  value={df.sub_group_by ?? ''}
                  onChange={(e) => set({ sub_group_by: groupValue(e.target.value) })}
                >
                  <option value="">None</option>
                  {groupOptions
                    .filter((g) => g !== df.group_by)
                    .map((g) => (
                      <option key={g} value={g}>
                        {GROUP_BY_LABELS[g]}
                      </option>
                    ))}
                </Select>
              )}
            </Row>
          )}
          <Row label="Order by">
            {(id) => (
              <Select
                id={id}
                className="h-8"
                value={df.order_by}
                onChange={(e) => set({ order_by: e.target.value })}
              >
                {ORDER_BY_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            )}
          </Row>
          <fieldset className="grid grid-cols-[7rem_1fr] items-center gap-2">
            <legend className="sr-only">Work item type</legend>
            <span className="text-xs font-medium text-fg-muted" aria-hidden>
              Type
            </span>
            <div className="flex rounded-md border border-border p-0.5">
              {TYPE_OPTIONS.map((o) => (
                <button
                  key={o.label}
                  type="button"
                  aria-pressed={df.type === o.value}
                  onClick={() => set({ type: o.value })}
                  className={clsx(
                    'h-6 flex-1 rounded text-xs font-medium',
                    df.type === o.value ? 'bg-surface-2 text-fg' : 'text-fg-muted hover:text-fg',
                  )}
                >
                  {o.label}
                </button>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-col gap-2 border-t border-border pt-3">
            <Toggle
              label="Show sub-work items"
              checked={df.sub_issue}
              onChange={(v) => set({ sub_issue: v })}
            />
            {caps.groupBy && (
              <Toggle
                label="Show empty groups"
                checked={df.show_empty_groups}
                onChange={(v) => set({ show_empty_groups: v })}
              />
            )}
          </div>
          <fieldset className="border-t border-border pt-3">
            <legend className="pb-2 text-xs font-medium text-fg-muted">Display properties</legend>
            <div className="flex flex-wrap gap-1.5">
              {(Object.keys(DISPLAY_PROPERTY_LABELS) as (keyof DisplayProperties)[])
                .filter(view.propertyAvailable)
                .map((key) => {
                  const on = view.displayProperties[key];
                  return (
                    <button
                      key={key}
                      type="button"
                      aria-pressed={on}
                      onClick={() => void view.setDisplayProperty(key, !on)}
                      className={clsx(
                        'rounded-md border px-2 py-0.5 text-xs',
                        on
                          ? 'border-primary bg-primary-soft text-link'
                          : 'border-border text-fg-muted hover:text-fg',
                      )}
                    >
                      {DISPLAY_PROPERTY_LABELS[key]}
                    </button>
                  );
                })}
            </div>
          </fieldset>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
});
