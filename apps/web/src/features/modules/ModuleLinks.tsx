import type { Module } from '@kite/shared/contracts';
import { ExternalLink, Plus, Trash2 } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { errorMessage } from '../../lib/api.ts';
import { Button, IconButton } from '../../ui/Button.tsx';
import { FieldError } from '../../ui/Field.tsx';
import { Input } from '../../ui/Input.tsx';
import { toastError } from '../../ui/toast.ts';

/** A module's links: listed, added (checked by the server: http(s) only) and removed. */
export const ModuleLinks = observer(function ModuleLinks({
  slug,
  module,
  canEdit,
}: {
  slug: string;
  module: Module;
  canEdit: boolean;
}) {
  const { modules } = useStores();
  const [adding, setAdding] = useState(false);
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await modules.addLink(slug, module.project_id, module.id, { url: url.trim(), title: title.trim() });
      setUrl('');
      setTitle('');
      setAdding(false);
    } catch (failure) {
      setError(errorMessage(failure, 'The link could not be added'));
    }
  }

  return (
    <section aria-label="Links">
      <div className="mb-1.5 flex items-center justify-between">
        <h2 className="text-sm font-semibold text-fg">Links</h2>
        {canEdit && !adding && !module.archived_at && (
          <IconButton size="sm" label="Add link" onClick={() => setAdding(true)}>
            <Plus className="size-3.5" aria-hidden />
          </IconButton>
        )}
      </div>
      {module.link_module.length === 0 && !adding && <p className="text-sm text-fg-muted">No links yet.</p>}
      <ul className="flex flex-col gap-1 text-sm">
        {module.link_module.map((link) => (
          <li key={link.id} className="group flex items-center gap-2">
            <ExternalLink className="size-3.5 shrink-0 text-fg-muted" aria-hidden />
            <a
              href={link.url}
              target="_blank"
              rel="noreferrer noopener"
              className="min-w-0 flex-1 truncate text-link hover:underline"
            >
              {link.title || link.url}
            </a>
            {canEdit && !module.archived_at && (
              <IconButton
                size="sm"
                label={`Remove link ${link.title || link.url}`}
                onClick={() =>
                  void modules
                    .removeLink(slug, module.project_id, module.id, link.id)
                    .catch((failure) => toastError(failure, 'The link could not be removed'))
                }
              >
                <Trash2 className="size-3.5" aria-hidden />
              </IconButton>
            )}
          </li>
        ))}
      </ul>
      {adding && (
        <form onSubmit={add} className="mt-2 flex flex-col gap-2" aria-label="New link">
          <Input
            aria-label="URL"
            placeholder="https://…"
            value={url}
            autoFocus
            onChange={(e) => setUrl(e.target.value)}
          />
          <Input
            aria-label="Title"
            placeholder="Title (optional)"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
          <FieldError message={error} />
          <div className="flex justify-end gap-2">
            <Button type="button" size="sm" variant="secondary" onClick={() => setAdding(false)}>
              Cancel
            </Button>
            <Button type="submit" size="sm" variant="primary" disabled={!url.trim()}>
              Add link
            </Button>
          </div>
        </form>
      )}
    </section>
  );
});
