import { useRouter } from '@tanstack/react-router';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { FocusLayout } from '../../app/FocusLayout.tsx';
import { useStores } from '../../app/StoresContext.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import { toastError } from '../../ui/toast.ts';
import { InviteStep } from './InviteStep.tsx';
import { OnboardingProgress } from './OnboardingProgress.tsx';
import { ProfileStep } from './ProfileStep.tsx';
import { currentOnboardingStep } from './steps.ts';
import { WorkspaceStep } from './WorkspaceStep.tsx';

const TITLES = {
  profile: { title: 'Welcome to Kite', subtitle: 'Tell us a little about yourself.' },
  workspace: { title: 'Set up your workspace', subtitle: 'A workspace holds your team, projects and work.' },
  invite: {
    title: 'Invite your team',
    subtitle: 'Kite works best with your teammates. You can also do this later.',
  },
  done: { title: 'Finishing up', subtitle: 'Taking you to your workspace…' },
};

export const OnboardingScreen = observer(function OnboardingScreen() {
  const stores = useStores();
  const router = useRouter();
  const { user, workspaces } = stores;
  const profile = user.profile;
  const step = currentOnboardingStep(profile?.onboarding_step ?? {});
  const workspace = workspaces.findById(profile?.last_workspace_id) ?? workspaces.list[0];
  const finishing = useRef(false);

  const finish = async () => {
    if (finishing.current) return;
    finishing.current = true;
    try {
      await user.finishOnboarding(workspace?.id ?? null);
      await router.navigate({ href: workspace ? `/${workspace.slug}/` : '/create-workspace', replace: true });
    } catch (error) {
      finishing.current = false;
      toastError(error, 'Failed to finish user onboarding');
    }
  };

  // Joining a workspace (or reloading after the last step) leaves nothing to ask: finish.
  // biome-ignore lint/correctness/useExhaustiveDependencies: finish reads the latest store state
  useEffect(() => {
    if (step === 'done') void finish();
  }, [step]);

  const { title, subtitle } = TITLES[step];
  return (
    <FocusLayout title={title} subtitle={subtitle} top={<OnboardingProgress current={step} />}>
      {step === 'profile' && <ProfileStep />}
      {step === 'workspace' && <WorkspaceStep />}
      {step === 'invite' &&
        (workspace ? (
          <InviteStep workspace={workspace} onFinish={finish} />
        ) : (
          <PageLoader label="Loading workspace" />
        ))}
      {step === 'done' && <PageLoader label="Finishing onboarding" />}
    </FocusLayout>
  );
});
