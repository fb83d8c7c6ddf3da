import type {
  DeployBoard,
  DeployBoardViewProps,
  PublicDeployBoard,
  PublicMeta,
  PublicUserLite,
} from '@kite/shared/contracts';
import { DEPLOY_BOARD_VIEWS } from '@kite/shared/contracts';
import type { DeployBoardRow, ProjectRow, UserRow, WorkspaceRow } from '../../platform/db/schema.ts';
import { presentUserLite } from '../users/users.presenter.ts';

/** What a new board offers when the publisher does not say (Plane's publish defaults). */
export const DEFAULT_VIEW_PROPS: DeployBoardViewProps = {
  list: true,
  kanban: true,
  calendar: false,
  gantt: false,
  spreadsheet: false,
};

/** Every layout key, from the stored blob over the defaults (stray keys are dropped). */
export function viewPropsOf(stored: Record<string, unknown>): DeployBoardViewProps {
  const props = { ...DEFAULT_VIEW_PROPS };
  for (const view of DEPLOY_BOARD_VIEWS) {
    if (typeof stored[view] === 'boolean') props[view] = stored[view];
  }
  return props;
}

export function presentDeployBoard(row: DeployBoardRow): DeployBoard {
  return {
    id: row.id,
    anchor: row.anchor,
    entity_name: row.entity_name,
    entity_identifier: row.project_id,
    project: row.project_id,
    workspace: row.workspace_id,
    is_comments_enabled: row.is_comments_enabled,
    is_reactions_enabled: row.is_reactions_enabled,
    is_votes_enabled: row.is_votes_enabled,
    is_activity_enabled: row.is_activity_enabled,
    intake: row.intake_id,
    view_props: viewPropsOf(row.view_props),
    is_disabled: row.is_disabled,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The board's settings for anonymous visitors: no workspace id. */
export function presentPublicBoard(row: DeployBoardRow): PublicDeployBoard {
  const { workspace: _workspace, ...board } = presentDeployBoard(row);
  return board;
}

export function presentPublicMeta(workspace: WorkspaceRow, project: ProjectRow): PublicMeta {
  return {
    workspace: { name: workspace.name, slug: workspace.slug, logo_url: workspace.logo_url },
    project: {
      id: project.id,
      name: project.name,
      identifier: project.identifier,
      logo_props: project.logo_props,
      description: project.description,
    },
  };
}

/** A member as anonymous visitors see them: never the email. */
export function presentPublicMember(row: UserRow): PublicUserLite {
  const { email: _email, ...user } = presentUserLite(row, false);
  return user;
}
