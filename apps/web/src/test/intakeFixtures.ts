import type { IntakeIssue, Paginated } from '@kite/shared/contracts';
import { INTAKE_PAGE_SIZE } from '@kite/shared/domain';

const T = '2026-01-01T00:00:00.000Z';

/**
 * An intake item as the server answers it: pending, submitted by the signed-in user to project p1,
 * its work item `issue-<id>` (MOB-<n> by `sequence_id`) in the triage state.
 */
export function makeIntakeItem(
  id: string,
  overrides: Omit<Partial<IntakeIssue>, 'issue'> & { issue?: Partial<IntakeIssue['issue']> } = {},
): IntakeIssue {
  const { issue, ...rest } = overrides;
  return {
    id: `intake-item-${id}`,
    status: -2,
    issue: {
      id: `issue-${id}`,
      name: `Request ${id}`,
      description_html: '<p>Please look into it.</p>',
      priority: 'none',
      sequence_id: Number(id.replace(/\D/g, '')) || 1,
      project_id: 'p1',
      state_id: 'triage',
      label_ids: [],
      assignee_ids: [],
      start_date: null,
      target_date: null,
      created_at: new Date().toISOString(),
      updated_at: T,
      created_by: 'u1',
      ...issue,
    },
    snoozed_till: null,
    duplicate_to: null,
    duplicate_issue_detail: null,
    source: 'IN_APP',
    source_email: null,
    intake: 'intake-1',
    created_at: T,
    updated_at: T,
    created_by: 'u1',
    updated_by: 'u1',
    ...rest,
  };
}

/** One page of the inbox's paginated envelope. */
export function intakePage(
  items: IntakeIssue[],
  { more = false, total = items.length, page = 0 }: { more?: boolean; total?: number; page?: number } = {},
): Paginated<IntakeIssue> {
  return {
    grouped_by: null,
    sub_grouped_by: null,
    total_count: total,
    next_cursor: `${INTAKE_PAGE_SIZE}:${page + 1}:0`,
    prev_cursor: `${INTAKE_PAGE_SIZE}:${page - 1}:1`,
    next_page_results: more,
    prev_page_results: page > 0,
    count: items.length,
    total_pages: Math.ceil(total / INTAKE_PAGE_SIZE),
    total_results: total,
    extra_stats: null,
    results: items,
  };
}
