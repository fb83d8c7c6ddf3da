import { describe, expect, it } from 'vitest';
import { newInviteRow, validateInviteRows } from './InviteRowsEditor.tsx';

const row = (email: string, role: 5 | 10 | 15 | 20 = 15) => ({ ...newInviteRow(role), email });

describe('validateInviteRows', () => {
  it('drops blank rows, lower-cases and keeps roles', () => {
    const { valid } = validateInviteRows([row(' Bea@Example.com ', 20), row(''), row('cy@example.com', 5)]);
    expect(valid).toEqual([
      { email: 'bea@example.com', role: 20 },
      { email: 'cy@example.com', role: 5 },
    ]);
  });

  it('marks bad emails and duplicates, and sends nothing then', () => {
    const { rows, valid } = validateInviteRows([row('a@example.com'), row('nope'), row('A@example.com')]);
    expect(valid).toBeNull();
    expect(rows.map((r) => r.error)).toEqual([
      null,
      'Enter a valid email',
      'This email is already in the list',
    ]);
  });
});
