import type { Invitation } from '@kite/shared/contracts';
import type { RootStore } from '../../app/RootStore.ts';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { toast } from '../../ui/toast.ts';

/**
 * Accepts one of my pending invitations and refreshes my workspaces. Reports failures
 * (EMAIL_NOT_VERIFIED gets a hint: the emailed link or a code sign-in verifies the address).
 */
export async function acceptInvitation(stores: RootStore, invitation: Invitation): Promise<boolean> {
  try {
    await stores.invitations.acceptMine([invitation.id]);
    await stores.workspaces.fetchMine();
    toast.success(`You joined ${invitation.workspace.name}`);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
      toast.error(error.message, {
        description:
          'Open the invitation link from your email, or sign in with an email code, to verify your address.',
      });
    } else {
      toast.error(errorMessage(error));
    }
    return false;
  }
}
