import type { Invitation } from '@kite/shared/contracts';
import { Link, useRouter } from '@tanstack/react-router';
import { MailOpen } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { FocusLayout } from '../../app/FocusLayout.tsx';
import { useStores } from '../../app/StoresContext.tsx';
import { buttonClasses } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import { toastError } from '../../ui/toast.ts';
import { resolveLandingPath } from '../auth/landing.ts';
import { acceptInvitation } from './acceptInvitation.ts';
import { InvitationList } from './InvitationList.tsx';

/** My pending workspace invitations: join or ignore each. */
export const InvitationsScreen = observer(function InvitationsScreen() {
  const stores = useStores();
  const router = useRouter();
  const { invitations } = stores;
  const [busyId, setBusyId] = useState<string | null>(null);

  useEffect(() => {
    invitations.fetchMine().catch((error) => toastError(error));
  }, [invitations]);

  const join = async (invitation: Invitation) => {
    setBusyId(invitation.id);
    const ok = await acceptInvitation(stores, invitation);
    setBusyId(null);
    if (ok && stores.user.profile?.is_onboarded) {
      await router.navigate({ to: '/$workspaceSlug', params: { workspaceSlug: invitation.workspace.slug } });
    }
  };

  const goHome = async () => router.navigate({ href: await resolveLandingPath(stores) });
  const pending = invitations.pendingMine;

  return (
    <FocusLayout title="Invitations" subtitle="Workspaces you have been invited to join.">
      {!invitations.mineLoaded ? (
        <PageLoader label="Loading invitations" />
      ) : pending.length === 0 ? (
        <EmptyState
          icon={<MailOpen className="size-5" />}
          title="No pending invitations"
          description="When someone invites you to a workspace, it shows up here."
          action={
            <button type="button" className={buttonClasses('primary')} onClick={goHome}>
              Continue
            </button>
          }
        />
      ) : (
        <div className="flex flex-col gap-4">
          <InvitationList
            invitations={pending}
            busyId={busyId}
            onAccept={join}
            onIgnore={(invitation) => invitations.ignore(invitation.id)}
          />
          <div className="flex justify-end">
            <Link to="/create-workspace" className="text-sm font-medium text-link hover:underline">
              Create a workspace instead
            </Link>
          </div>
        </div>
      )}
    </FocusLayout>
  );
});
