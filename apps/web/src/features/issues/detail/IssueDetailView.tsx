import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { Archive, FileQuestion } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { Button } from '../../../ui/Button.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { PageLoader } from '../../../ui/Spinner.tsx';
import { withErrorToast } from '../../../ui/toast.ts';
import { ActivitySection } from './ActivitySection.tsx';
import { AttachmentsSection } from './AttachmentsSection.tsx';
import { IssueDescription } from './IssueDescription.tsx';
import { LinksSection } from './LinksSection.tsx';
import { PropertiesPanel } from './PropertiesPanel.tsx';
import { Reactions } from './Reactions.tsx';
import { RelationsSection } from './RelationsSection.tsx';
import { SubIssuesSection } from './SubIssuesSection.tsx';
import type { IssueDetailStore } from './store/IssueDetailStore.ts';
import { TitleEditor } from './TitleEditor.tsx';
import './detail.css';

interface IssueDetailViewProps {
  detail: IssueDetailStore;
  mode: 'peek' | 'page';
  /** Page mode: whether the properties sidebar is shown. */
  sidebarOpen?: boolean;
  /** Opens another work item (a child) in the same surface. */
  onOpenIssue?: (issueId: string) => void;
}

/** "Work item not found" (404, or not visible to the caller). */
export function IssueNotFound({ slug, projectId }: { slug: string; projectId?: string }) {
  return (
    <div className="mx-auto w-full max-w-xl px-6 py-16">
      <EmptyState
        icon={<FileQuestion className="size-5" />}
        title="Work item not found"
        description="It does not exist, was deleted, or you do not have access to it."
        action={
          projectId ? (
            <Link
              to="/$workspaceSlug/projects/$projectId/issues"
              params={{ workspaceSlug: slug, projectId }}
              className="text-sm font-medium text-link hover:underline"
            >
              Back to work items
            </Link>
          ) : undefined
        }
      />
    </div>
  );
}

/** The body of a work item, shared by the peek and the full page. */
export const IssueDetailView = observer(function IssueDetailView({
  detail,
  mode,
  sidebarOpen = true,
  onOpenIssue,
}: IssueDetailViewProps) {
  const issue = detail.issue;
  if (detail.status === 'not-found')
    return <IssueNotFound slug={detail.ref.slug} projectId={detail.ref.projectId} />;
  if (detail.status === 'error' && !issue) {
    return (
      <div className="mx-auto w-full max-w-xl px-6 py-16">
        <EmptyState
          title="The work item could not be loaded"
          description={detail.error ?? undefined}
          action={<Button onClick={() => void detail.load()}>Try again</Button>}
        />
      </div>
    );
  }
  if (!issue) return <PageLoader label="Loading work item" />;
  const project = detail.project;

  return (
    <div className="flex min-h-0 flex-1">
      <div className="min-w-0 flex-1 overflow-y-auto" data-testid="issue-detail-main">
        <div
          className={clsx('mx-auto flex flex-col gap-6 py-6', mode === 'page' ? 'max-w-3xl px-8' : 'px-6')}
        >
          {detail.isArchived && (
            <div className="flex items-center gap-3 rounded-lg border border-warning/40 bg-warning-soft px-3 py-2 text-sm text-fg">
              <Archive className="size-4 shrink-0 text-warning" aria-hidden />
              <span className="flex-1">This work item is archived and read-only.</span>
              {detail.canArchive && (
                <Button
                  size="sm"
                  onClick={() =>
                    void withErrorToast(
                      () =>
                        detail.root.issues.restore(detail.ref.slug, detail.ref.projectId, detail.ref.issueId),
                      'The work item could not be restored',
                    )
                  }
                >
                  Restore
                </Button>
              )}
            </div>
          )}
          <div className="flex flex-col gap-2">
            <nav aria-label="Breadcrumb" className="flex items-center gap-1.5 text-xs text-fg-muted">
              {project && (
                <>
                  <Link
                    to="/$workspaceSlug/projects/$projectId/issues"
                    params={{ workspaceSlug: detail.ref.slug, projectId: detail.ref.projectId }}
                    className="hover:text-fg hover:underline"
                  >
                    {project.name}
                  </Link>
                  <span aria-hidden>/</span>
                </>
              )}
              <span className="font-mono font-medium text-fg-muted">{detail.key}</span>
            </nav>
            <TitleEditor detail={detail} />
          </div>
          <IssueDescription detail={detail} />
          <Reactions
            subject="work item"
            groups={detail.reactions.groups}
            disabled={!detail.canInteract}
            onToggle={(emoji) =>
              void withErrorToast(() => detail.reactions.toggle(emoji), 'The reaction could not be saved')
            }
          />
          {mode === 'peek' && (
            <section aria-label="Properties" className="rounded-lg border border-border px-3 py-2">
              <PropertiesPanel detail={detail} />
            </section>
          )}
          <SubIssuesSection detail={detail} onOpenIssue={onOpenIssue} />
          <RelationsSection detail={detail} />
          <LinksSection detail={detail} />
          <AttachmentsSection detail={detail} />
          <hr className="border-border" />
          <ActivitySection detail={detail} />
        </div>
      </div>
      {mode === 'page' && sidebarOpen && (
        <aside
          aria-label="Properties"
          className="hidden w-[22rem] shrink-0 overflow-y-auto border-l border-border bg-surface px-4 py-6 md:block"
        >
          <h2 className="mb-3 text-sm font-semibold text-fg">Properties</h2>
          <PropertiesPanel detail={detail} />
        </aside>
      )}
    </div>
  );
});
