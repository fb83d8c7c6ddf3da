import type { Invitation } from '@kite/shared/contracts';
import type { InvitationRow, WorkspaceRow } from '../../platform/db/schema.ts';

/** The join token is never serialised: it travels only in the invitation email. */
export function presentInvitation(invitation: InvitationRow, workspace: WorkspaceRow): Invitation {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    accepted: invitation.accepted,
    responded_at: invitation.responded_at?.toISOString() ?? null,
    message: invitation.message,
    expires_at: invitation.expires_at.toISOString(),
    workspace: { id: workspace.id, name: workspace.name, slug: workspace.slug, logo_url: workspace.logo_url },
    created_by: invitation.created_by,
    created_at: invitation.created_at.toISOString(),
    updated_at: invitation.updated_at.toISOString(),
  };
}
