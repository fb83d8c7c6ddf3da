import { isSafeNextPath } from '@kite/shared/domain';
import type { RootStore } from '../../app/RootStore.ts';

/**
 * Where a signed-in user goes (the same rule as the server's form mode, api.md §1.1):
 * a safe next_path, else onboarding until it is finished, else the last (or fallback)
 * workspace, else the create-workspace screen.
 */
export async function resolveLandingPath(stores: RootStore, nextPath?: string | null): Promise<string> {
  if (isSafeNextPath(nextPath)) return nextPath;
  const profile = await stores.user.ensureProfile();
  if (!profile.is_onboarded) return '/onboarding';
  const settings = await stores.user.fetchSettings();
  const slug = settings.workspace.last_workspace_slug ?? settings.workspace.fallback_workspace_slug;
  return slug ? `/${slug}/` : '/create-workspace';
}
