import { PAGE_ACCESS } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { describe, expect, it } from 'vitest';
import { pagePermissions, readOnlyReason } from './pageRules.ts';

const ME = 'u1';
const page = (over: { owner?: boolean; private?: boolean; locked?: boolean; archived?: boolean } = {}) => ({
  owned_by: over.owner === false ? 'u2' : ME,
  access: over.private ? PAGE_ACCESS.PRIVATE : PAGE_ACCESS.PUBLIC,
  is_locked: !!over.locked,
  archived_at: over.archived ? '2026-01-01T00:00:00.000Z' : null,
});

describe('page permissions (api.md §9)', () => {
  // [case, page, role, edit, duplicate/lock, access, archive/delete]
  const table: [string, ReturnType<typeof page>, number, boolean, boolean, boolean, boolean][] = [
    ['owner, guest role, public', page(), ROLE.GUEST, true, true, true, true],
    ['owner, private', page({ private: true }), ROLE.MEMBER, true, true, true, true],
    ['owner, locked', page({ locked: true }), ROLE.ADMIN, false, true, true, true],
    // As the server: an archived page may still be duplicated and locked, not turned private.
    ['owner, archived', page({ archived: true }), ROLE.MEMBER, false, true, false, true],
    ['member, public', page({ owner: false }), ROLE.MEMBER, true, true, false, false],
    [
      'member, private (not the owner)',
      page({ owner: false, private: true }),
      ROLE.MEMBER,
      false,
      true,
      false,
      false,
    ],
    ['member, locked', page({ owner: false, locked: true }), ROLE.MEMBER, false, true, false, false],
    ['member, archived', page({ owner: false, archived: true }), ROLE.MEMBER, false, true, false, false],
    ['admin, public', page({ owner: false }), ROLE.ADMIN, true, true, false, true],
    ['admin, locked', page({ owner: false, locked: true }), ROLE.ADMIN, false, true, false, true],
    ['admin, private', page({ owner: false, private: true }), ROLE.ADMIN, false, true, false, true],
    ['viewer, public', page({ owner: false }), ROLE.VIEWER, false, false, false, false],
    ['guest, public', page({ owner: false }), ROLE.GUEST, false, false, false, false],
    ['not a member', page({ owner: false }), 0, false, false, false, false],
  ];

  it.each(table)('%s', (_name, facts, role, edit, duplicate, access, archive) => {
    const can = pagePermissions(facts, ME, role);
    expect(can.canEdit).toBe(edit);
    expect(can.canDuplicate).toBe(duplicate);
    expect(can.canLock).toBe(duplicate);
    expect(can.canChangeAccess).toBe(access);
    expect(can.canArchive).toBe(archive);
    expect(can.canDelete).toBe(archive);
    expect(can.owner).toBe(facts.owned_by === ME);
  });

  it('names why the editor is read-only, archived before locked', () => {
    const of = (facts: ReturnType<typeof page>, role: number) =>
      readOnlyReason(facts, pagePermissions(facts, ME, role));
    expect(of(page({ archived: true, locked: true }), ROLE.ADMIN)).toBe('This page is archived');
    expect(of(page({ locked: true }), ROLE.ADMIN)).toBe('This page is locked');
    expect(of(page({ owner: false }), ROLE.VIEWER)).toBe('You can view this page but not edit it');
    expect(of(page(), ROLE.MEMBER)).toBeNull();
  });
});
