export type OnboardingStepName = 'profile' | 'workspace' | 'invite' | 'done';

export const VISIBLE_STEPS: { name: Exclude<OnboardingStepName, 'done'>; label: string }[] = [
  { name: 'profile', label: 'Your profile' },
  { name: 'workspace', label: 'Workspace' },
  { name: 'invite', label: 'Invite your team' },
];

/**
 * Which onboarding screen to show, from the profile's stored `onboarding_step` flags.
 * Joining someone else's workspace skips the invite step (inviting needs an admin).
 */
export function currentOnboardingStep(steps: Record<string, boolean | undefined>): OnboardingStepName {
  if (!steps.profile_complete) return 'profile';
  if (!steps.workspace_create && !steps.workspace_join) return 'workspace';
  if (steps.workspace_create && !steps.workspace_join && !steps.workspace_invite) return 'invite';
  return 'done';
}
