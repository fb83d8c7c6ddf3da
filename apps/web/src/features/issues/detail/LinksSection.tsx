import type { IssueLink } from '@kite/shared/contracts';
import { issueLinkRights, issueRights } from '@kite/shared/domain';
import { Link2, MoreHorizontal, Pencil, Plus, Trash2 } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Field } from '../../../ui/Field.tsx';
import { Input } from '../../../ui/Input.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../../ui/Menu.tsx';
import { toastError, withErrorToast } from '../../../ui/toast.ts';
import { SectionTitle, timeAgo, userName } from './parts.tsx';
import type { IssueDetailStore } from './store/IssueDetailStore.ts';
import { linkUrlError } from './store/LinkStore.ts';

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** Links of the work item: add (URL checked), edit, delete. */
export const LinksSection = observer(function LinksSection({ detail }: { detail: IssueDetailStore }) {
  const store = detail.links;
  const [dialog, setDialog] = useState<{ link?: IssueLink } | null>(null);
  // The rights are `issueRights` / `issueLinkRights`; an archived item takes no change.
  const canAdd = !!detail.issue && !detail.isArchived && issueRights(detail.issue, detail.caller).canAddLink;
  if (!store.loaded) return null;
  if (store.links.length === 0 && !canAdd) return null;

  return (
    <section aria-label="Links" className="flex flex-col gap-2">
      <SectionTitle
        count={store.links.length}
        actions={
          canAdd && (
            <Button size="sm" variant="ghost" onClick={() => setDialog({})}>
              <Plus className="size-3.5" aria-hidden /> Add link
            </Button>
          )
        }
      >
        Links
      </SectionTitle>
      {store.links.length === 0 && <p className="text-sm text-fg-subtle">No links yet.</p>}
      {store.links.length > 0 && (
        <ul className="flex flex-col rounded-lg border border-border">
          {store.links.map((link) => {
            const canChange = !detail.isArchived && issueLinkRights(link, detail.caller).canEdit;
            return (
              <li
                key={link.id}
                className="flex items-center gap-2.5 border-b border-border px-3 py-2 last:border-b-0"
              >
                <Link2 className="size-4 shrink-0 text-fg-subtle" aria-hidden />
                <div className="min-w-0 flex-1">
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="block truncate text-sm font-medium text-link hover:underline"
                  >
                    {link.title || link.url}
                  </a>
                  <p className="truncate text-xs text-fg-subtle">
                    {hostOf(link.url)} · added {timeAgo(link.created_at)}
                    {link.created_by_detail ? ` by ${userName(link.created_by_detail)}` : ''}
                  </p>
                </div>
                {canChange && (
                  <Menu>
                    <MenuTrigger
                      aria-label={`Actions for link ${link.title || link.url}`}
                      className="rounded p-1 text-fg-subtle hover:bg-surface-2 hover:text-fg"
                    >
                      <MoreHorizontal className="size-4" aria-hidden />
                    </MenuTrigger>
                    <MenuContent align="end">
                      <MenuItem icon={<Pencil className="size-3.5" />} onSelect={() => setDialog({ link })}>
                        Edit
                      </MenuItem>
                      <MenuItem
                        icon={<Trash2 className="size-3.5" />}
                        tone="danger"
                        onSelect={() =>
                          void withErrorToast(() => store.remove(link.id), 'The link could not be deleted')
                        }
                      >
                        Delete
                      </MenuItem>
                    </MenuContent>
                  </Menu>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <LinkDialog
        open={dialog !== null}
        link={dialog?.link}
        onOpenChange={(open) => !open && setDialog(null)}
        onSubmit={async (body) => {
          if (dialog?.link) await store.update(dialog.link.id, body);
          else await store.create(body);
        }}
      />
    </section>
  );
});

interface LinkDialogProps {
  open: boolean;
  link?: IssueLink;
  onOpenChange: (open: boolean) => void;
  onSubmit: (body: { url: string; title: string }) => Promise<void>;
}

/** The link modal (spec §2): URL (http/https) and an optional title. */
export function LinkDialog({ open, link, onOpenChange, onSubmit }: LinkDialogProps) {
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setUrl(link?.url ?? '');
      setTitle(link?.title ?? '');
      setError(null);
    }
  }, [open, link]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = linkUrlError(url);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      await onSubmit({ url, title });
      onOpenChange(false);
    } catch (e) {
      if (
        e instanceof ApiError &&
        (e.code === 'INVALID_URL' || e.code === 'ALREADY_EXISTS' || e.fields?.url)
      ) {
        setError(e.fields?.url ?? e.message);
      } else {
        toastError(e, 'The link could not be saved');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={link ? 'Edit link' : 'Add link'}
      size="sm"
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Field label="URL" error={error}>
          {(control) => (
            <Input
              {...control}
              autoFocus
              type="url"
              inputMode="url"
              placeholder="https://example.com"
              value={url}
              onChange={(e) => {
                setUrl(e.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
        <Field label="Title" optional>
          {(control) => (
            <Input
              {...control}
              placeholder="Shown instead of the URL"
              value={title}
              maxLength={255}
              onChange={(e) => setTitle(e.target.value)}
            />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={busy}>
            {link ? 'Save' : 'Add link'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
