import type {
  IssueAttachment,
  IssueComment,
  IssueDetail,
  IssueLink,
  IssueRow,
  Paginated,
  RelationRow,
  State,
} from '@kite/shared/contracts';

const T = '2026-01-01T00:00:00.000Z';

/** An issue row with sensible defaults (state s1 in backlog, no priority). */
export function makeIssue(id: string, overrides: Partial<IssueRow> = {}): IssueRow {
  return {
    id,
    name: `Issue ${id}`,
    sequence_id: 1,
    state_id: 's1',
    state__group: 'backlog',
    priority: 'none',
    sort_order: 65535,
    estimate_point: null,
    start_date: null,
    target_date: null,
    completed_at: null,
    archived_at: null,
    project_id: 'p1',
    parent_id: null,
    cycle_id: null,
    module_ids: [],
    label_ids: [],
    assignee_ids: [],
    sub_issues_count: 0,
    attachment_count: 0,
    link_count: 0,
    is_draft: false,
    created_at: T,
    updated_at: T,
    created_by: 'u1',
    updated_by: null,
    ...overrides,
  };
}

export function makeIssueDetail(id: string, overrides: Partial<IssueDetail> = {}): IssueDetail {
  return {
    ...makeIssue(id),
    description_html: '<p></p>',
    is_subscribed: false,
    is_intake: false,
    workspace_id: 'w1',
    external_source: null,
    external_id: null,
    ...overrides,
  };
}

/** A comment on work item i1 by `actor`. */
export function makeComment(id: string, html: string, actor = 'u1'): IssueComment {
  return {
    id,
    issue: 'i1',
    project: 'p1',
    workspace: 'w1',
    actor,
    actor_detail: {
      id: actor,
      first_name: '',
      last_name: '',
      display_name: actor,
      avatar: null,
      avatar_url: null,
      is_bot: false,
    },
    comment_html: html,
    comment_stripped: html.replace(/<[^>]*>/g, ''),
    access: 'INTERNAL',
    attachments: [],
    parent: null,
    edited_at: null,
    comment_reactions: [],
    external_source: null,
    external_id: null,
    created_at: T,
    updated_at: T,
    created_by: actor,
    updated_by: null,
  };
}

/** A link of work item i1. */
export function makeLink(id: string, url: string): IssueLink {
  return {
    id,
    issue_id: 'i1',
    title: null,
    url,
    metadata: {},
    created_by: 'u1',
    created_by_detail: null,
    created_at: T,
    updated_at: T,
  };
}

/** A file attached to work item i1. */
export function makeAttachment(
  id: string,
  name: string,
  overrides: Partial<IssueAttachment> = {},
): IssueAttachment {
  return {
    id,
    issue_id: 'i1',
    project_id: 'p1',
    attributes: { name, type: 'text/plain', size: 5 },
    asset_url: `/download/${id}`,
    is_uploaded: true,
    created_by: 'u1',
    created_at: T,
    updated_at: T,
    updated_by: null,
    ...overrides,
  };
}

/** A work item related to i1 (`id` is the related item's). */
export function makeRelationRow(
  id: string,
  relationType: string,
  overrides: Partial<RelationRow> = {},
): RelationRow {
  return {
    id,
    name: id,
    sequence_id: 1,
    project_id: 'p1',
    state_id: 's1',
    priority: 'none',
    assignee_ids: [],
    relation_type: relationType,
    created_at: T,
    created_by: null,
    updated_at: T,
    updated_by: null,
    ...overrides,
  };
}

export function makeState(id: string, group: string, overrides: Partial<State> = {}): State {
  return {
    id,
    project_id: 'p1',
    workspace_id: 'w1',
    name: id,
    description: '',
    color: '#3f76ff',
    group,
    sequence: 15000,
    default: false,
    external_source: null,
    external_id: null,
    created_at: T,
    updated_at: T,
    created_by: null,
    updated_by: null,
    ...overrides,
  };
}

/** The envelope of api.md §0.6 around grouped results: `{group: rows}` with totals (default: the row count). */
export function groupedEnvelope(
  groups: Record<string, IssueRow[]>,
  totals: Record<string, number> = {},
  groupedBy = 'state_id',
) {
  const results = Object.fromEntries(
    Object.entries(groups).map(([g, rows]) => [
      g,
      { results: rows, total_results: totals[g] ?? rows.length },
    ]),
  );
  const total = Object.keys(groups).reduce((n, g) => n + (totals[g] ?? groups[g]!.length), 0);
  return { ...envelope([], total), grouped_by: groupedBy, results };
}

export function envelope(
  rows: IssueRow[],
  total = rows.length,
  nextPageResults = false,
): Paginated<IssueRow> {
  return {
    grouped_by: null,
    sub_grouped_by: null,
    total_count: total,
    next_cursor: '50:1:0',
    prev_cursor: '50:-1:1',
    next_page_results: nextPageResults,
    prev_page_results: false,
    count: rows.length,
    total_pages: 1,
    total_results: total,
    extra_stats: null,
    results: rows,
  };
}
