import { z } from 'zod';
import { STATE_GROUPS } from '../domain/states.ts';
import { paginated } from './common.ts';
import { dashboardActivitySchema } from './dashboard.ts';
import { PRIORITIES } from './issues.ts';

/**
 * A workspace member's profile page (api.md §2.2 "Profile pages"): who they are and what they
 * work on, counted over the work items the caller can see.
 */

/** Per project the caller can see and the member belongs to. */
export const userProfileProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  identifier: z.string(),
  logo_props: z.record(z.string(), z.unknown()),
  created_issues: z.number(),
  assigned_issues: z.number(),
  completed_issues: z.number(),
  pending_issues: z.number(),
});
export type UserProfileProject = z.infer<typeof userProfileProjectSchema>;

/** `email` follows the UserLite rule: only for the member themself or a workspace admin. */
export const userProfileSchema = z.object({
  project_data: z.array(userProfileProjectSchema),
  user_data: z.object({
    email: z.string().optional(),
    first_name: z.string(),
    last_name: z.string(),
    avatar_url: z.string().nullable(),
    cover_image_url: z.string().nullable(),
    date_joined: z.string(),
    user_timezone: z.string(),
    display_name: z.string(),
  }),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** Distributions count the member's assigned work items (every group and priority, zeros included). */
export const userStatsSchema = z.object({
  state_distribution: z.array(z.object({ state_group: z.enum(STATE_GROUPS), state_count: z.number() })),
  priority_distribution: z.array(z.object({ priority: z.enum(PRIORITIES), priority_count: z.number() })),
  created_issues: z.number(),
  assigned_issues: z.number(),
  completed_issues: z.number(),
  pending_issues: z.number(),
  subscribed_issues: z.number(),
  present_cycles: z.array(z.record(z.string(), z.unknown())),
  upcoming_cycles: z.array(z.record(z.string(), z.unknown())),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/**
 * One of the member's actions (api.md §5.13 Activity), as the dashboard's feed gives it:
 * `actor_detail` follows the UserLite email rule, `issue_detail` is null once the item is deleted.
 */
export const userActivitySchema = dashboardActivitySchema;
export type UserActivity = z.infer<typeof userActivitySchema>;

export const userActivityPageSchema = paginated(userActivitySchema);
export type UserActivityPage = z.infer<typeof userActivityPageSchema>;
