import type {
  IssueDetail,
  IssueDetailExpanded,
  IssueExpansion,
  IssueExpansions,
} from '@kite/shared/contracts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess, WorkspaceAccess } from '../../platform/http/types.ts';
import type { CommentsService } from '../comments/comments.service.ts';
import type { LabelsService } from '../labels/labels.service.ts';
import type { MembersService } from '../members/members.service.ts';
import type { StatesService } from '../states/states.service.ts';
import type { AttachmentsService } from './attachments.service.ts';
import type { IssuesService } from './issues.service.ts';
import type { LinksService } from './links.service.ts';
import type { RelationsService } from './relations.service.ts';

export type IssueExpansionsService = ReturnType<typeof createIssueExpansionsService>;

type Loaders = { [K in IssueExpansion]: () => Promise<Exclude<IssueExpansions[K], undefined>> };

/** Runs `load` at most once, however many names ask for it (aliases share one read). */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load();
    return pending;
  };
}

/**
 * A work item's detail with the `expand` names of api.md §5.1. The detail read checks visibility
 * once; the expansions asked for are then read together through their domains' services.
 */
export function createIssueExpansionsService(deps: {
  issues: IssuesService;
  links: LinksService;
  relations: RelationsService;
  attachments: AttachmentsService;
  comments: CommentsService;
  states: StatesService;
  labels: LabelsService;
  members: MembersService;
}) {
  function loadersFor(
    access: WorkspaceAccess,
    project: ProjectAccess,
    user: UserRow,
    issue: IssueDetail,
  ): Loaders {
    const attachments = once(() => deps.attachments.listOfVisibleIssue(access.workspace.slug, issue.id));
    const relations = once(() => deps.relations.listOfVisibleIssue(issue.id));
    return {
      issue_reactions: () => deps.comments.reactionsOfVisibleIssue(issue.id),
      issue_attachment: attachments,
      issue_attachments: attachments,
      issue_link: () => deps.links.listOfVisibleIssue(project, user, issue.id),
      parent: () => deps.issues.parentOf(project, user, issue.parent_id),
      issue_relation: relations,
      issue_related: relations,
      state: () => deps.states.ofIssue(project, issue.state_id),
      labels: async () => {
        if (issue.label_ids.length === 0) return [];
        const ids = new Set(issue.label_ids);
        return (await deps.labels.list(project)).filter((label) => ids.has(label.id));
      },
      assignees: () => deps.members.userLites(access, user, issue.assignee_ids),
    };
  }

  /** Adds the requested expansions to a detail the caller may see; nothing is read for names not asked. */
  async function expand(
    access: WorkspaceAccess,
    project: ProjectAccess,
    user: UserRow,
    detail: IssueDetail,
    names: IssueExpansion[] = [],
  ): Promise<IssueDetailExpanded> {
    if (names.length === 0) return detail;
    const loaders = loadersFor(access, project, user, detail);
    const values = await Promise.all(names.map((name) => loaders[name]()));
    const expansions: IssueExpansions = Object.fromEntries(names.map((name, i) => [name, values[i]]));
    return { ...detail, ...expansions };
  }

  return {
    /** `GET {i}/?expand=…` */
    async get(
      access: WorkspaceAccess,
      project: ProjectAccess,
      user: UserRow,
      issueId: string,
      names?: IssueExpansion[],
    ): Promise<IssueDetailExpanded> {
      const detail = await deps.issues.get(project, user, issueId);
      return expand(access, project, user, detail, names);
    },

    /** `GET {ws}/work-items/{IDENTIFIER}-{n}/?expand=…`; `project` is undefined for an unknown identifier. */
    async getBySequence(
      access: WorkspaceAccess,
      project: ProjectAccess | undefined,
      user: UserRow,
      sequenceId: number,
      names?: IssueExpansion[],
    ): Promise<IssueDetailExpanded> {
      const detail = await deps.issues.getBySequence(project, user, sequenceId);
      // getBySequence refuses a missing project, so it is known here.
      return expand(access, project as ProjectAccess, user, detail, names);
    },
  };
}
