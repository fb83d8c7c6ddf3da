import type { Invitation } from '@kite/shared/contracts';
import { isRole, ROLE_NAMES } from '@kite/shared/domain';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';

interface InvitationListProps {
  invitations: Invitation[];
  busyId: string | null;
  onAccept: (invitation: Invitation) => void;
  onIgnore?: (invitation: Invitation) => void;
}

/** My pending invitations, each with Join (and optionally Ignore). */
export function InvitationList({ invitations, busyId, onAccept, onIgnore }: InvitationListProps) {
  return (
    <ul
      className="flex flex-col divide-y divide-border rounded-lg border border-border"
      aria-label="Pending invitations"
    >
      {invitations.map((invitation) => (
        <li key={invitation.id} className="flex items-center gap-3 px-3 py-3">
          <Avatar name={invitation.workspace.name} src={invitation.workspace.logo_url} shape="square" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-fg">{invitation.workspace.name}</p>
            <p className="text-xs text-fg-muted">
              Invited as {isRole(invitation.role) ? ROLE_NAMES[invitation.role] : 'member'}
            </p>
          </div>
          {onIgnore && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onIgnore(invitation)}
              disabled={busyId !== null}
              aria-label={`Ignore invitation to ${invitation.workspace.name}`}
            >
              Ignore
            </Button>
          )}
          <Button
            size="sm"
            variant="primary"
            onClick={() => onAccept(invitation)}
            loading={busyId === invitation.id}
            disabled={busyId !== null && busyId !== invitation.id}
            aria-label={`Join ${invitation.workspace.name}`}
          >
            Join
          </Button>
        </li>
      ))}
    </ul>
  );
}
