import type { RelationRow } from '@kite/shared/contracts';
import { Link } from '@tanstack/react-router';
import { ChevronDown, Plus, X } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../../ui/Menu.tsx';
import { toastError, withErrorToast } from '../../../ui/toast.ts';
import { IssuePickerDialog } from './IssuePickerDialog.tsx';
import { SectionTitle, StateIcon } from './parts.tsx';
import type { IssueDetailStore } from './store/IssueDetailStore.ts';
import { RELATION_LABELS, RELATION_TYPES, type RelationType } from './types.ts';

/** Relations by type (relates to, blocked by / blocking, duplicate, start / finish before / after). */
export const RelationsSection = observer(function RelationsSection({ detail }: { detail: IssueDetailStore }) {
  const store = detail.relations;
  const [adding, setAdding] = useState<RelationType | null>(null);
  const canEdit = detail.canEdit;
  if (!store.loaded) return null;
  if (store.total === 0 && !canEdit) return null;
  const { slug } = detail.ref;

  return (
    <section aria-label="Relations" className="flex flex-col gap-2">
      <SectionTitle
        count={store.total}
        actions={
          canEdit && (
            <Menu>
              <MenuTrigger className="inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs font-medium text-fg-muted hover:bg-surface-2 hover:text-fg">
                <Plus className="size-3.5" aria-hidden /> Add relation
                <ChevronDown className="size-3" aria-hidden />
              </MenuTrigger>
              <MenuContent align="end">
                {RELATION_TYPES.map((type) => (
                  <MenuItem key={type} onSelect={() => setAdding(type)}>
                    {RELATION_LABELS[type]}
                  </MenuItem>
                ))}
              </MenuContent>
            </Menu>
          )
        }
      >
        Relations
      </SectionTitle>
      {store.error && <p className="text-sm text-danger">{store.error}</p>}
      {store.total === 0 && <p className="text-sm text-fg-subtle">No relations yet.</p>}
      {store.usedTypes.map((type) => (
        <div key={type} className="flex flex-col gap-1">
          <h4 className="text-xs font-medium text-fg-muted">{RELATION_LABELS[type]}</h4>
          <ul className="flex flex-col rounded-lg border border-border">
            {store.relations[type].map((row) => (
              <RelationItem key={row.id} detail={detail} row={row} slug={slug} canEdit={canEdit} />
            ))}
          </ul>
        </div>
      ))}
      <IssuePickerDialog
        open={adding !== null}
        onOpenChange={(open) => !open && setAdding(null)}
        title={adding ? `Add relation: ${RELATION_LABELS[adding].toLowerCase()}` : 'Add relation'}
        issue={detail.ref}
        purpose="issue_relation"
        workspaceSearch
        multiple
        exclude={store.relatedIds}
        onSubmit={async (rows) => {
          if (!adding) return;
          try {
            await store.add(
              adding,
              rows.map((r) => ({
                id: r.id,
                name: r.name,
                sequence_id: r.sequence_id,
                project_id: r.project_id,
                state_id: '',
                priority: 'none',
                assignee_ids: [],
                relation_type: adding,
                created_at: new Date().toISOString(),
                created_by: null,
                updated_at: new Date().toISOString(),
                updated_by: null,
              })),
            );
          } catch (error) {
            toastError(error, 'The relation could not be added');
            throw error;
          }
        }}
      />
    </section>
  );
});

const RelationItem = observer(function RelationItem({
  detail,
  row,
  slug,
  canEdit,
}: {
  detail: IssueDetailStore;
  row: RelationRow;
  slug: string;
  canEdit: boolean;
}) {
  const identifier = detail.identifierOf(row.project_id);
  const key = `${identifier}-${row.sequence_id}`;
  const state = detail.root.states.statesOf(row.project_id).find((s) => s.id === row.state_id);
  return (
    <li className="group flex items-center gap-2 border-b border-border px-3 py-2 text-sm last:border-b-0">
      <StateIcon group={state?.group ?? 'backlog'} color={state?.color} />
      <span className="shrink-0 font-mono text-xs text-fg-muted">{key}</span>
      <Link
        to="/$workspaceSlug/projects/$projectId/issues/$issueId"
        params={{ workspaceSlug: slug, projectId: row.project_id, issueId: row.id }}
        className="min-w-0 flex-1 truncate text-fg hover:underline"
      >
        {row.name}
      </Link>
      {canEdit && (
        <button
          type="button"
          aria-label={`Remove relation with ${key}`}
          onClick={() =>
            void withErrorToast(() => detail.relations.remove(row.id), 'The relation could not be removed')
          }
          className="rounded p-0.5 text-fg-subtle opacity-60 group-hover:opacity-100 hover:bg-surface-2 hover:text-fg"
        >
          <X className="size-3.5" aria-hidden />
        </button>
      )}
    </li>
  );
});
