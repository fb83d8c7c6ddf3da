import { getRouteApi, useRouter } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { toastError } from '../../ui/toast.ts';
import { roleLabel } from '../app-shell/WorkspaceSwitcher.tsx';
import { AuthLayout } from '../auth/AuthLayout.tsx';
import { resolveLandingPath } from '../auth/landing.ts';
import { signOut } from '../auth/signOut.ts';
/** The emailed link's query. */
export interface WorkspaceInvitationSearch {
  invitation_id?: string;
  slug?: string;
  email?: string;
  token?: string;
}

/** Answers an emailed invitation link: accept or decline. */
export const WorkspaceInvitationScreen = observer(function WorkspaceInvitationScreen({
  search,
}: {
  search: WorkspaceInvitationSearch;
}) {
  const stores = useStores();
  const router = useRouter();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [declined, setDeclined] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const email = stores.user.user?.email ?? '';
  const wrongAccount = !!search.email && search.email.toLowerCase() !== email.toLowerCase();
  const incomplete = !search.invitation_id || !search.slug || !search.token;
  const invitation = stores.invitations.mine.find((i) => i.id === search.invitation_id);
  const workspaceName = invitation?.workspace.name ?? search.slug;

  useEffect(() => {
    // Only for the workspace's name and the role; the link works without it.
    stores.invitations.fetchMine().catch(() => undefined);
  }, [stores]);

  const answer = async (accepted: boolean) => {
    if (incomplete) return;
    setBusy(accepted ? 'accept' : 'decline');
    setProblem(null);
    try {
      const invitation = await stores.invitations.respond(
        search.slug ?? '',
        search.invitation_id ?? '',
        search.token ?? '',
        accepted,
      );
      if (!accepted) {
        setDeclined(true);
        return;
      }
      await stores.workspaces.fetchMine();
      const profile = await stores.user.ensureProfile();
      if (!profile.is_onboarded) {
        // Joining counts as onboarding's workspace step; the profile step still follows.
        await stores.user
          .updateProfile({
            onboarding_step: { workspace_join: true },
            last_workspace_id: invitation.workspace.id,
          })
          .catch(() => undefined);
        await router.navigate({ to: '/onboarding', replace: true });
      } else {
        await router.navigate({
          to: '/$workspaceSlug',
          params: { workspaceSlug: search.slug ?? '' },
          replace: true,
        });
      }
    } catch (error) {
      if (error instanceof ApiError && error.status < 500 && error.status !== 0 && error.status !== 429) {
        setProblem(errorMessage(error));
      } else {
        toastError(error);
      }
    } finally {
      setBusy(null);
    }
  };

  const continueOn = async () => router.navigate({ href: await resolveLandingPath(stores) });

  return (
    <AuthLayout
      title={declined ? 'Invitation declined' : 'Join a workspace'}
      subtitle={
        declined
          ? 'You will not be added to this workspace.'
          : workspaceName
            ? `You have been invited to join ${workspaceName}${invitation ? ` as ${roleLabel(invitation.role).toLowerCase()}` : ''}.`
            : undefined
      }
    >
      <div className="flex flex-col gap-4">
        {incomplete && (
          <Alert tone="error">This invitation link is incomplete. Open it again from your email.</Alert>
        )}
        {problem && <Alert tone="error">{problem}</Alert>}
        {wrongAccount && !declined && (
          <Alert tone="info">
            This invitation was sent to <span className="font-medium">{search.email}</span>, but you are
            signed in as <span className="font-medium">{email}</span>.{' '}
            <Button variant="link" onClick={() => signOut(stores)}>
              Sign out
            </Button>
          </Alert>
        )}
        {declined ? (
          <Button variant="primary" size="lg" onClick={continueOn}>
            Continue
          </Button>
        ) : (
          <>
            <div className="flex items-center justify-center py-2 text-primary" aria-hidden>
              <MailCheck className="size-10" />
            </div>
            <Button
              variant="primary"
              size="lg"
              onClick={() => answer(true)}
              loading={busy === 'accept'}
              disabled={incomplete || busy !== null}
            >
              Accept and join
            </Button>
            <Button
              size="lg"
              onClick={() => answer(false)}
              loading={busy === 'decline'}
              disabled={incomplete || busy !== null}
            >
              Decline
            </Button>
          </>
        )}
      </div>
    </AuthLayout>
  );
});

const route = getRouteApi('/workspace-invitations');

/** The screen of routes/WorkspaceInvitationRoute.tsx, given the URL's search. */
export function WorkspaceInvitationRouteScreen() {
  return <WorkspaceInvitationScreen search={route.useSearch()} />;
}
