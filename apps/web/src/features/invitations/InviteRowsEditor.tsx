import { ROLE, ROLE_NAMES, ROLES, type Role } from '@kite/shared/domain';
import { Plus, X } from 'lucide-react';
import { Button, IconButton } from '../../ui/Button.tsx';
import { FieldError } from '../../ui/Field.tsx';
import { Input, Select } from '../../ui/Input.tsx';
import type { InviteRow } from './InvitationStore.ts';

export interface EditableInviteRow extends InviteRow {
  key: number;
  error?: string | null;
}

let nextKey = 1;
export function newInviteRow(role: Role = ROLE.MEMBER): EditableInviteRow {
  return { key: nextKey++, email: '', role };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Checks the rows: blank rows are dropped, bad emails and duplicates are marked.
 * Returns the rows to send, or null when some row needs fixing.
 */
export function validateInviteRows(rows: EditableInviteRow[]): {
  rows: EditableInviteRow[];
  valid: InviteRow[] | null;
} {
  const seen = new Set<string>();
  let ok = true;
  const checked = rows.map((row) => {
    const email = row.email.trim().toLowerCase();
    let error: string | null = null;
    if (email && !EMAIL.test(email)) error = 'Enter a valid email';
    else if (email && seen.has(email)) error = 'This email is already in the list';
    if (email) seen.add(email);
    if (error) ok = false;
    return { ...row, error };
  });
  const valid = checked
    .filter((r) => r.email.trim())
    .map((r) => ({ email: r.email.trim().toLowerCase(), role: r.role }));
  return { rows: checked, valid: ok ? valid : null };
}

interface InviteRowsEditorProps {
  rows: EditableInviteRow[];
  onChange: (rows: EditableInviteRow[]) => void;
  /** Roles above this cannot be granted (nobody grants above their own role). */
  maxRole?: Role;
  disabled?: boolean;
}

/** Rows of email + role, with add and remove. */
export function InviteRowsEditor({ rows, onChange, maxRole = ROLE.ADMIN, disabled }: InviteRowsEditorProps) {
  const update = (key: number, patch: Partial<EditableInviteRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch, error: null } : row)));
  const roles = ROLES.filter((r) => r <= maxRole);

  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-2.5">
        {rows.map((row, index) => (
          <li key={row.key} className="flex flex-col gap-1">
            <div className="flex items-start gap-2">
              <div className="min-w-0 flex-1">
                <Input
                  type="email"
                  aria-label={`Email ${index + 1}`}
                  aria-invalid={row.error ? true : undefined}
                  placeholder="name@company.com"
                  value={row.email}
                  onChange={(e) => update(row.key, { email: e.target.value })}
                  disabled={disabled}
                />
              </div>
              <div className="w-32 shrink-0">
                <Select
                  aria-label={`Role ${index + 1}`}
                  value={row.role}
                  onChange={(e) => update(row.key, { role: Number(e.target.value) as Role })}
                  disabled={disabled}
                >
                  {roles.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_NAMES[role]}
                    </option>
                  ))}
                </Select>
              </div>
              <IconButton
                label={`Remove row ${index + 1}`}
                onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
                disabled={disabled || rows.length === 1}
                className="h-9! w-9!"
              >
                <X className="size-4" aria-hidden />
              </IconButton>
            </div>
            <FieldError message={row.error} />
          </li>
        ))}
      </ul>
      <Button
        variant="ghost"
        size="sm"
        className="self-start"
        onClick={() => onChange([...rows, newInviteRow()])}
        disabled={disabled || rows.length >= 20}
      >
        <Plus className="size-4" aria-hidden /> Add another
      </Button>
    </div>
  );
}
