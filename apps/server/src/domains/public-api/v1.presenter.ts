import type {
  Cycle,
  IntakeIssue,
  IssueAttachment,
  IssueComment,
  IssueDetail,
  IssueLink,
  Label,
  Module,
  Page,
  State,
  UserLite,
  V1Activity,
  V1Attachment,
  V1Comment,
  V1Cycle,
  V1IntakeIssue,
  V1Label,
  V1Link,
  V1Member,
  V1Module,
  V1Page,
  V1State,
  V1WorkItem,
} from '@kite/shared/contracts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess } from '../../platform/http/types.ts';
import { stripHtml } from '../../platform/security/html.ts';
import { roleSlugOf } from './v1.ts';

/**
 * The v1 objects of api.md §15.4, made from the internal ones: references are named as Plane's
 * v1 names them (`state`, `assignees`, `owned_by`, `lead`, `project`, `workspace`, …).
 */

/** Where an object lives, for objects whose internal form does not say. */
export const parentsOf = (project: ProjectAccess) => ({
  project: project.project.id,
  workspace: project.project.workspace_id,
});

export function presentV1UserMe(user: UserRow) {
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    avatar: user.avatar,
    avatar_url: user.avatar,
    display_name: user.display_name,
  };
}

export const presentV1Member = (user: UserLite, role: number): V1Member => ({
  ...user,
  role,
  role_slug: roleSlugOf(role),
});

/** A project membership (its row's keys) with Plane's `role_slug`. */
export const presentV1ProjectMember = <T extends { role: number }>(membership: T) => ({
  ...membership,
  role_slug: roleSlugOf(membership.role),
});

export function presentV1State({ project_id, workspace_id, ...state }: State): V1State {
  return { ...state, project: project_id, workspace: workspace_id };
}

export function presentV1Label({ project_id, workspace_id, ...label }: Label): V1Label {
  return { ...label, project: project_id, workspace: workspace_id };
}

export function presentV1WorkItem(item: IssueDetail): V1WorkItem {
  return {
    id: item.id,
    name: item.name,
    description_html: item.description_html,
    description_stripped: stripHtml(item.description_html),
    priority: item.priority,
    state: item.state_id,
    parent: item.parent_id,
    estimate_point: item.estimate_point,
    type: null,
    assignees: item.assignee_ids,
    labels: item.label_ids,
    start_date: item.start_date,
    target_date: item.target_date,
    sequence_id: item.sequence_id,
    sort_order: item.sort_order,
    completed_at: item.completed_at,
    archived_at: item.archived_at,
    is_draft: item.is_draft,
    project: item.project_id,
    workspace: item.workspace_id,
    external_source: item.external_source,
    external_id: item.external_id,
    created_at: item.created_at,
    updated_at: item.updated_at,
    created_by: item.created_by,
    updated_by: item.updated_by,
  };
}

export function presentV1Cycle(cycle: Cycle): V1Cycle {
  return {
    id: cycle.id,
    name: cycle.name,
    description: cycle.description,
    start_date: cycle.start_date,
    end_date: cycle.end_date,
    owned_by: cycle.owned_by_id,
    status: cycle.status,
    project: cycle.project_id,
    workspace: cycle.workspace_id,
    sort_order: cycle.sort_order,
    progress_snapshot: cycle.progress_snapshot,
    logo_props: cycle.logo_props,
    timezone: cycle.timezone,
    archived_at: cycle.archived_at,
    view_props: cycle.view_props,
    total_issues: cycle.total_issues,
    completed_issues: cycle.completed_issues,
    cancelled_issues: cycle.cancelled_issues,
    started_issues: cycle.started_issues,
    unstarted_issues: cycle.unstarted_issues,
    backlog_issues: cycle.backlog_issues,
    external_source: cycle.external_source,
    external_id: cycle.external_id,
    created_at: cycle.created_at,
    updated_at: cycle.updated_at,
    created_by: cycle.created_by,
    updated_by: cycle.updated_by,
  };
}

export function presentV1Module(module: Module): V1Module {
  const { lead_id, member_ids, project_id, workspace_id, is_favorite: _, link_module: __, ...rest } = module;
  return { ...rest, lead: lead_id, members: member_ids, project: project_id, workspace: workspace_id };
}

export function presentV1Comment(comment: IssueComment): V1Comment {
  return {
    id: comment.id,
    comment_html: comment.comment_html,
    comment_stripped: comment.comment_stripped,
    access: comment.access,
    actor: comment.actor,
    issue: comment.issue,
    project: comment.project,
    workspace: comment.workspace,
    external_source: comment.external_source,
    external_id: comment.external_id,
    created_at: comment.created_at,
    updated_at: comment.updated_at,
    created_by: comment.created_by,
    updated_by: comment.updated_by,
  };
}

export function presentV1Link(link: IssueLink, project: ProjectAccess): V1Link {
  return {
    id: link.id,
    title: link.title,
    url: link.url,
    metadata: link.metadata,
    issue: link.issue_id,
    ...parentsOf(project),
    created_at: link.created_at,
    updated_at: link.updated_at,
    created_by: link.created_by,
    updated_by: null,
  };
}

/** The internal activity row (issues service) as Plane's v1 IssueActivity. */
export function presentV1Activity(
  activity: {
    id: string;
    verb: string;
    field: string | null;
    old_value: string | null;
    new_value: string | null;
    comment: string | null;
    old_identifier: string | null;
    new_identifier: string | null;
    epoch: number;
    actor: string | null;
    issue: string;
    created_at: string;
    updated_at: string;
  },
  project: ProjectAccess,
): V1Activity {
  return {
    id: activity.id,
    verb: activity.verb,
    field: activity.field,
    old_value: activity.old_value,
    new_value: activity.new_value,
    comment: activity.comment,
    old_identifier: activity.old_identifier,
    new_identifier: activity.new_identifier,
    epoch: activity.epoch,
    actor: activity.actor,
    issue: activity.issue,
    issue_comment: null,
    ...parentsOf(project),
    created_at: activity.created_at,
    updated_at: activity.updated_at,
  };
}

export function presentV1Attachment(attachment: IssueAttachment, project: ProjectAccess): V1Attachment {
  return {
    id: attachment.id,
    attributes: attachment.attributes,
    asset: attachment.asset_url,
    asset_url: attachment.asset_url,
    size: attachment.attributes.size,
    is_uploaded: attachment.is_uploaded,
    issue: attachment.issue_id,
    ...parentsOf(project),
    created_at: attachment.created_at,
    updated_at: attachment.updated_at,
    created_by: attachment.created_by,
    updated_by: attachment.updated_by,
  };
}

/** `detail`: the work item behind the item in full, when the caller may see it. */
export function presentV1IntakeIssue(
  item: IntakeIssue,
  project: ProjectAccess,
  detail: IssueDetail | undefined,
): V1IntakeIssue {
  return {
    id: item.id,
    status: item.status,
    snoozed_till: item.snoozed_till,
    duplicate_to: item.duplicate_to,
    source: item.source,
    source_email: item.source_email,
    issue: item.issue.id,
    issue_detail: detail ? presentV1WorkItem(detail) : null,
    intake: item.intake,
    ...parentsOf(project),
    created_at: item.created_at,
    updated_at: item.updated_at,
    created_by: item.created_by,
    updated_by: item.updated_by,
  };
}

/** A page with Plane's v1 names for its project, parent and labels. */
export function presentV1Page(page: Page & { description_html?: string }, project: ProjectAccess): V1Page {
  return { ...page, project: project.project.id, parent: page.parent_id, labels: page.label_ids };
}

/** Only the keys a `-lite` list carries (its schema's), in that order. */
export function liteOf<T extends object, K extends keyof T>(item: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, item[key]])) as Pick<T, K>;
}
