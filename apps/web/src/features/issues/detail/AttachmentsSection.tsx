import type { IssueAttachment } from '@kite/shared/contracts';
import { attachmentRights } from '@kite/shared/domain';
import { Download, FileText, Paperclip, Trash2, Upload, X } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type DragEvent, useRef, useState } from 'react';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { toastError, withErrorToast } from '../../../ui/toast.ts';
import { fileSize, SectionTitle, timeAgo } from './parts.tsx';
import type { IssueDetailStore } from './store/IssueDetailStore.ts';

/** Files of the work item: upload (button or drop) with progress, download, delete after confirming. */
export const AttachmentsSection = observer(function AttachmentsSection({
  detail,
}: {
  detail: IssueDetailStore;
}) {
  const store = detail.attachments;
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [toDelete, setToDelete] = useState<IssueAttachment | null>(null);
  const canUpload = detail.canInteract;
  if (!store.loaded) return null;
  if (store.attachments.length === 0 && !canUpload) return null;

  const upload = (files: FileList | null) => {
    for (const file of files ? [...files] : []) {
      store.add(file).catch((error) => toastError(error, `${file.name} could not be uploaded`));
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (canUpload) upload(event.dataTransfer.files);
  };

  return (
    <section
      aria-label="Attachments"
      className="flex flex-col gap-2"
      onDragOver={(e) => {
        if (!canUpload) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <SectionTitle
        count={store.attachments.length}
        actions={
          canUpload && (
            <Button size="sm" variant="ghost" onClick={() => input.current?.click()}>
              <Upload className="size-3.5" aria-hidden /> Upload
            </Button>
          )
        }
      >
        Attachments
      </SectionTitle>
      <input
        ref={input}
        type="file"
        multiple
        className="sr-only"
        aria-label="Upload attachments"
        tabIndex={-1}
        onChange={(e) => {
          upload(e.target.files);
          e.target.value = '';
        }}
      />
      {(store.attachments.length > 0 || store.uploads.length > 0) && (
        <ul className="flex flex-col rounded-lg border border-border">
          {store.uploads.map((u) => (
            <li
              key={u.id}
              className="flex items-center gap-2.5 border-b border-border px-3 py-2 last:border-b-0"
            >
              <Paperclip className="size-4 shrink-0 text-fg-subtle" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm text-fg">{u.name}</p>
                <div
                  role="progressbar"
                  aria-label={`Uploading ${u.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(u.progress * 100)}
                  className="mt-1 h-1 overflow-hidden rounded-full bg-surface-3"
                >
                  <div
                    className="h-full bg-primary transition-[width]"
                    style={{ width: `${u.progress * 100}%` }}
                  />
                </div>
              </div>
              <span className="text-xs text-fg-subtle">{Math.round(u.progress * 100)}%</span>
              <button
                type="button"
                aria-label={`Cancel upload of ${u.name}`}
                onClick={() => store.cancel(u.id)}
                className="rounded p-0.5 text-fg-subtle hover:bg-surface-2 hover:text-fg"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
          {store.attachments.map((a) => {
            const canDelete = !detail.isArchived && attachmentRights(a, detail.caller).canDelete;
            return (
              <li
                key={a.id}
                className="flex items-center gap-2.5 border-b border-border px-3 py-2 last:border-b-0"
              >
                <FileText className="size-4 shrink-0 text-fg-subtle" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm text-fg">{a.attributes.name}</p>
                  <p className="truncate text-xs text-fg-subtle">
                    {fileSize(a.attributes.size)} · {timeAgo(a.created_at)}
                  </p>
                </div>
                <a
                  href={store.downloadUrl(a)}
                  download={a.attributes.name}
                  aria-label={`Download ${a.attributes.name}`}
                  className="rounded p-1 text-fg-subtle hover:bg-surface-2 hover:text-fg"
                >
                  <Download className="size-4" aria-hidden />
                </a>
                {canDelete && (
                  <button
                    type="button"
                    aria-label={`Delete ${a.attributes.name}`}
                    onClick={() => setToDelete(a)}
                    className="rounded p-1 text-fg-subtle hover:bg-surface-2 hover:text-danger"
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {canUpload && (
        <button
          type="button"
          onClick={() => input.current?.click()}
          className={
            dragging
              ? 'rounded-lg border border-dashed border-primary bg-primary-soft px-3 py-3 text-center text-xs text-link'
              : 'rounded-lg border border-dashed border-border-strong px-3 py-3 text-center text-xs text-fg-subtle hover:bg-surface'
          }
        >
          {dragging ? 'Drop to upload' : 'Drop files here or click to upload (up to 5 MB each)'}
        </button>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete attachment?"
        description={
          toDelete
            ? `${toDelete.attributes.name} will be deleted for everyone. This cannot be undone.`
            : undefined
        }
        confirmLabel="Delete"
        onConfirm={async () => {
          if (!toDelete) return;
          const ok = await withErrorToast(
            () => store.remove(toDelete.id),
            'The attachment could not be deleted',
          );
          if (!ok) throw new Error('refused');
        }}
      />
    </section>
  );
});
