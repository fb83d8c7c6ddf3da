import { isSafeNextPath } from '@kite/shared/contracts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { Services } from '../../services.ts';

/** Where a signed-in user lands after a form-mode sign-in (api.md §1.1). */
export async function landingPath(
  services: Services,
  user: UserRow,
  nextPath: string | undefined,
): Promise<string> {
  if (isSafeNextPath(nextPath)) return nextPath;
  const profile = await services.users.getProfile(user);
  if (!profile.is_onboarded) return '/onboarding';
  const settings = await services.users.settings(user);
  const slug = settings.workspace.last_workspace_slug ?? settings.workspace.fallback_workspace_slug;
  return slug ? `/${slug}/` : '/create-workspace';
}
