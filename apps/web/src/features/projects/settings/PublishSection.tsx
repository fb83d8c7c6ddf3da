import type { Project } from '@kite/shared/contracts';
import { Check, Copy, ExternalLink, Globe } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useStores } from '../../../app/StoresContext.tsx';
import { Button, buttonClasses } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { toast, toastError } from '../../../ui/toast.ts';
import { SettingsSection } from '../../app-shell/SettingsNav.tsx';
import { publicBoardUrl } from '../PublishStore.ts';

/** Project admins publish the project as a read-only public board, and unpublish it. */
export const PublishSection = observer(function PublishSection({
  slug,
  project,
}: {
  slug: string;
  project: Project;
}) {
  const { publish } = useStores();
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    publish.fetch(slug, project.id).catch((error) => toastError(error));
  }, [publish, slug, project.id]);

  const board = publish.boardOf(project.id);
  const url = board ? publicBoardUrl(board.anchor) : null;

  const doPublish = async () => {
    setBusy(true);
    try {
      await publish.publish(slug, project.id);
      toast.success(`${project.name} is published`);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const doUnpublish = async () => {
    try {
      await publish.unpublish(slug, project.id);
      toast.success(`${project.name} is no longer published`);
    } catch (error) {
      toastError(error);
      throw error;
    }
  };

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success('Link copied');
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error('Could not copy the link. Select it and copy it by hand.');
    }
  };

  return (
    <SettingsSection
      title="Publish"
      description="Anyone with the link can see a read-only board of the project's work items, without signing in."
    >
      {!publish.isLoaded(project.id) ? (
        <Spinner label="Loading publish status" />
      ) : board && url ? (
        <div className="flex flex-col gap-3">
          <p role="status" className="flex items-center gap-2 text-sm font-medium text-success">
            <Globe className="size-4" aria-hidden /> Published
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <input
              readOnly
              value={url}
              aria-label="Public link"
              onFocus={(e) => e.currentTarget.select()}
              className="h-8 min-w-0 flex-1 rounded-md border border-border bg-surface px-2.5 font-mono text-xs text-fg"
            />
            <Button onClick={copy} aria-label="Copy public link">
              {copied ? (
                <Check className="size-3.5" aria-hidden />
              ) : (
                <Copy className="size-3.5" aria-hidden />
              )}
              {copied ? 'Copied' : 'Copy'}
            </Button>
            <a
              href={url}
              target="_blank"
              rel="noreferrer"
              className={buttonClasses('secondary', 'md')}
              aria-label="Open public board in a new tab"
            >
              <ExternalLink className="size-3.5" aria-hidden /> Open
            </a>
          </div>
          <div>
            <Button variant="danger" onClick={() => setConfirm(true)}>
              Unpublish
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p role="status" className="text-sm text-fg-muted">
            Not published
          </p>
          <Button variant="primary" onClick={doPublish} loading={busy} disabled={!!project.archived_at}>
            <Globe className="size-3.5" aria-hidden /> Publish
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={`Unpublish ${project.name}?`}
        description="The public link stops working at once. Publishing again makes a new link."
        confirmLabel="Unpublish"
        onConfirm={doUnpublish}
      />
    </SettingsSection>
  );
});
