import type { UserProfile, UserProfileProject, UserStats } from '@kite/shared/contracts';
import { PRIORITIES } from '@kite/shared/contracts';
import { STATE_GROUPS } from '@kite/shared/domain';
import type { UserRow } from '../../platform/db/schema.ts';
import type { ProjectCounts, ProjectRef } from './profile.repo.ts';

const ZERO = { created_issues: 0, assigned_issues: 0, completed_issues: 0, pending_issues: 0 };

/** `withEmail` follows the UserLite rule (the member themself or a workspace admin). */
export function presentUserProfile(
  user: UserRow,
  withEmail: boolean,
  projects: ProjectRef[],
  counts: ProjectCounts[],
): UserProfile {
  const byProject = new Map(counts.map((c) => [c.project_id, c]));
  const project_data: UserProfileProject[] = projects.map((p) => {
    const c = byProject.get(p.id) ?? ZERO;
    return {
      id: p.id,
      name: p.name,
      identifier: p.identifier,
      logo_props: p.logo_props ?? {},
      created_issues: c.created_issues,
      assigned_issues: c.assigned_issues,
      completed_issues: c.completed_issues,
      pending_issues: c.pending_issues,
    };
  });
  return {
    project_data,
    user_data: {
      ...(withEmail ? { email: user.email } : {}),
      first_name: user.first_name,
      last_name: user.last_name,
      avatar_url: user.avatar,
      cover_image_url: user.cover_image,
      date_joined: user.date_joined.toISOString(),
      user_timezone: user.user_timezone,
      display_name: user.display_name,
    },
  };
}

/** Every state group and priority is listed, with 0 where the member has nothing. */
export function presentUserStats(
  assigned: { state_group: string; priority: string; n: number }[],
  createdAndSubscribed: { created: number; subscribed: number },
): UserStats {
  const byGroup = new Map<string, number>();
  const byPriority = new Map<string, number>();
  for (const row of assigned) {
    byGroup.set(row.state_group, (byGroup.get(row.state_group) ?? 0) + row.n);
    byPriority.set(row.priority, (byPriority.get(row.priority) ?? 0) + row.n);
  }
  const count = (group: string) => byGroup.get(group) ?? 0;
  return {
    state_distribution: STATE_GROUPS.map((state_group) => ({ state_group, state_count: count(state_group) })),
    priority_distribution: PRIORITIES.map((priority) => ({
      priority,
      priority_count: byPriority.get(priority) ?? 0,
    })),
    created_issues: createdAndSubscribed.created,
    assigned_issues: assigned.reduce((sum, r) => sum + r.n, 0),
    completed_issues: count('completed'),
    pending_issues: count('backlog') + count('unstarted') + count('started'),
    subscribed_issues: createdAndSubscribed.subscribed,
    // There are no cycles yet; the keys stay so Plane's clients read the answer unchanged.
    present_cycles: [],
    upcoming_cycles: [],
  };
}
