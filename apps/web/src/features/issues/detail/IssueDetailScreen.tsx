import { createLazyRoute, getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { PanelRight } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useStoredFlag } from '../../../lib/useStoredFlag.ts';
import { IconButton } from '../../../ui/Button.tsx';
import { Tooltip } from '../../../ui/Tooltip.tsx';
import { PageHeader } from '../../app-shell/PageHeader.tsx';
import { ProjectLogo } from '../../projects/ProjectLogo.tsx';
import { IssueActions } from './IssueActions.tsx';
import { IssueDetailView } from './IssueDetailView.tsx';
import { useIssueDetail } from './useIssueDetail.ts';

const route = getRouteApi('/authed/$workspaceSlug/projects/$projectId/issues/$issueId');

/** The issue detail sidebar's collapsed flag is kept locally (spec §2). */
const SIDEBAR_KEY = 'kite.issueDetailSidebarCollapsed';

/** The full page of a work item: breadcrumb header with actions, the detail, the properties sidebar. */
export const IssueDetailScreen = observer(function IssueDetailScreen({
  slug,
  projectId,
  issueId,
}: {
  slug: string;
  projectId: string;
  issueId: string;
}) {
  const detail = useIssueDetail(slug, projectId, issueId);
  const navigate = useNavigate();
  const [collapsed, toggleCollapsed] = useStoredFlag(SIDEBAR_KEY);
  const project = detail.project;
  const toBoard = () =>
    void navigate({
      to: '/$workspaceSlug/projects/$projectId/issues',
      params: { workspaceSlug: slug, projectId },
    });

  return (
    <>
      <PageHeader
        title={
          <span className="flex min-w-0 items-center gap-2">
            {project && <ProjectLogo project={project} size="sm" />}
            <Link
              to="/$workspaceSlug/projects/$projectId/issues"
              params={{ workspaceSlug: slug, projectId }}
              className="truncate hover:underline"
            >
              {project?.name ?? 'Project'}
            </Link>
            <span className="text-fg-subtle" aria-hidden>
              /
            </span>
            <span className="font-mono text-xs text-fg-muted">{detail.issue ? detail.key : '…'}</span>
          </span>
        }
        actions={
          <>
            <IssueActions detail={detail} onDeleted={toBoard} />
            {detail.status === 'ready' && (
              <Tooltip content={collapsed ? 'Show properties' : 'Hide properties'}>
                <IconButton
                  label={collapsed ? 'Show properties' : 'Hide properties'}
                  size="sm"
                  aria-pressed={!collapsed}
                  onClick={toggleCollapsed}
                >
                  <PanelRight className="size-4" aria-hidden />
                </IconButton>
              </Tooltip>
            )}
          </>
        }
      />
      <main className="flex min-h-0 flex-1" aria-label="Work item">
        <IssueDetailView detail={detail} mode="page" sidebarOpen={!collapsed} />
      </main>
    </>
  );
});

/** The lazily loaded half of routes/IssueDetailRoute.tsx. */
export const IssueDetailLazyRoute = createLazyRoute(
  '/authed/$workspaceSlug/projects/$projectId/issues/$issueId',
)({
  component: function IssueDetailRouteScreen() {
    const { workspaceSlug, projectId, issueId } = route.useParams();
    return (
      <IssueDetailScreen
        key={`${workspaceSlug}/${projectId}/${issueId}`}
        slug={workspaceSlug}
        projectId={projectId}
        issueId={issueId}
      />
    );
  },
});
