import type { Profile, User, UserLite } from '@kite/shared/contracts';
import type { ActivityRow, ProfileRow, UserRow } from '../../platform/db/schema.ts';

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    display_name: row.display_name,
    first_name: row.first_name,
    last_name: row.last_name,
    avatar: row.avatar,
    avatar_url: row.avatar,
    cover_image: row.cover_image,
    cover_image_url: row.cover_image,
    date_joined: row.date_joined.toISOString(),
    is_active: row.is_active,
    is_bot: row.is_bot,
    is_email_verified: row.is_email_verified,
    is_password_autoset: row.is_password_autoset,
    user_timezone: row.user_timezone,
    last_login_medium: row.last_login_medium,
  };
}

/** `email` is included only for the caller themself or when the caller is a workspace admin. */
export function presentUserLite(row: UserRow, withEmail: boolean): UserLite {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    display_name: row.display_name,
    avatar: row.avatar,
    avatar_url: row.avatar,
    is_bot: row.is_bot,
    ...(withEmail ? { email: row.email } : {}),
  };
}

export function presentProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    user: row.user_id,
    role: row.role,
    last_workspace_id: row.last_workspace_id,
    theme: row.theme,
    onboarding_step: row.onboarding_step,
    is_onboarded: row.is_onboarded,
    is_tour_completed: row.is_tour_completed,
    use_case: row.use_case,
    billing_address_country: row.billing_address_country,
    billing_address: row.billing_address,
    has_billing_address: row.has_billing_address,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentActivity(row: ActivityRow) {
  return {
    id: row.id,
    verb: row.verb,
    field: row.field,
    old_value: row.old_value,
    new_value: row.new_value,
    comment: row.comment,
    actor: row.actor_id,
    actor_detail: null,
    issue: row.issue_id,
    project: row.project_id,
    workspace: row.workspace_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
