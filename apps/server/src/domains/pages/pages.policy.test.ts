import { PAGE_ACCESS } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { describe, expect, it } from 'vitest';
import {
  accessRefusal,
  archiveRefusal,
  canEditNow,
  canView,
  duplicateRefusal,
  editRefusal,
  lockRefusal,
  type PageState,
  type PageViewer,
  pageName,
} from './pages.policy.ts';

const OWNER = 'owner';
const page = (over: Partial<PageState> = {}): PageState => ({
  owned_by: OWNER,
  access: PAGE_ACCESS.PUBLIC,
  is_locked: false,
  archived_at: null,
  ...over,
});
const viewer = (role: number, userId = 'other', guestViewAll = false): PageViewer => ({
  userId,
  role,
  guestViewAll,
});
const outcome = (error: { status: number; errorCode: string } | null) =>
  error ? `${error.status} ${error.errorCode}` : 'ok';

describe('page permissions (api.md §9)', () => {
  it.each([
    // access, viewer role, is owner, guest_view_all → visible
    [PAGE_ACCESS.PUBLIC, ROLE.GUEST, false, false, false],
    [PAGE_ACCESS.PUBLIC, ROLE.GUEST, false, true, true],
    [PAGE_ACCESS.PUBLIC, ROLE.GUEST, true, false, true],
    [PAGE_ACCESS.PUBLIC, ROLE.VIEWER, false, false, true],
    [PAGE_ACCESS.PUBLIC, ROLE.MEMBER, false, false, true],
    [PAGE_ACCESS.PRIVATE, ROLE.ADMIN, false, true, false],
    [PAGE_ACCESS.PRIVATE, ROLE.MEMBER, false, false, false],
    [PAGE_ACCESS.PRIVATE, ROLE.GUEST, true, false, true],
    [PAGE_ACCESS.PRIVATE, ROLE.ADMIN, true, false, true],
  ])('access %i, role %i, owner %s, guests see all %s → visible %s', (access, role, owner, all, visible) => {
    expect(canView(page({ access }), viewer(role, owner ? OWNER : 'other', all))).toBe(visible);
  });

  it.each([
    // state, role, owner → edit outcome
    [{}, ROLE.VIEWER, false, '403 FORBIDDEN'],
    [{}, ROLE.MEMBER, false, 'ok'],
    [{}, ROLE.ADMIN, false, 'ok'],
    [{}, ROLE.GUEST, true, 'ok'],
    [{ access: PAGE_ACCESS.PRIVATE }, ROLE.ADMIN, false, '403 FORBIDDEN'],
    [{ access: PAGE_ACCESS.PRIVATE }, ROLE.VIEWER, true, 'ok'],
    [{ is_locked: true }, ROLE.ADMIN, false, '400 PAGE_LOCKED'],
    [{ is_locked: true }, ROLE.MEMBER, true, '400 PAGE_LOCKED'],
    [{ archived_at: new Date() }, ROLE.MEMBER, true, '400 PAGE_ARCHIVED'],
    [{ archived_at: new Date(), is_locked: true }, ROLE.MEMBER, true, '400 PAGE_ARCHIVED'],
    [{ is_locked: true }, ROLE.VIEWER, false, '403 FORBIDDEN'],
  ])('edit %o by role %i (owner %s) → %s', (state, role, owner, expected) => {
    const target = page(state);
    const who = viewer(role, owner ? OWNER : 'other');
    expect(outcome(editRefusal(target, who))).toBe(expected);
    expect(canEditNow(target, who)).toBe(expected === 'ok');
  });

  it.each([
    [ROLE.GUEST, false, '403 FORBIDDEN'],
    [ROLE.VIEWER, false, '403 FORBIDDEN'],
    [ROLE.MEMBER, false, 'ok'],
    [ROLE.GUEST, true, 'ok'],
  ])('lock and duplicate by role %i (owner %s) → %s', (role, owner, expected) => {
    const who = viewer(role, owner ? OWNER : 'other');
    expect(outcome(lockRefusal(page(), who))).toBe(expected);
    expect(outcome(duplicateRefusal(page(), who))).toBe(expected);
  });

  it.each([
    [{}, ROLE.ADMIN, false, '403 FORBIDDEN'],
    [{}, ROLE.VIEWER, true, 'ok'],
    [{ archived_at: new Date() }, ROLE.ADMIN, true, '400 PAGE_ARCHIVED'],
  ])('access change of %o by role %i (owner %s) → %s', (state, role, owner, expected) => {
    expect(outcome(accessRefusal(page(state), viewer(role, owner ? OWNER : 'other')))).toBe(expected);
  });

  it.each([
    [ROLE.MEMBER, false, '403 FORBIDDEN'],
    [ROLE.ADMIN, false, 'ok'],
    [ROLE.VIEWER, true, 'ok'],
  ])('archive, restore and delete by role %i (owner %s) → %s', (role, owner, expected) => {
    expect(outcome(archiveRefusal(page(), viewer(role, owner ? OWNER : 'other')))).toBe(expected);
  });

  it('names a blank page Untitled', () => {
    expect(pageName('  ')).toBe('Untitled');
    expect(pageName(undefined)).toBe('Untitled');
    expect(pageName(' Plan ')).toBe('Plan');
  });
});
