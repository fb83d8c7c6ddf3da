import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeInvitation, makeMember } from '../../test/fixtures.ts';
import { InvitationStore } from '../invitations/InvitationStore.ts';
import { MemberStore } from './MemberStore.ts';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

async function loadedMembers() {
  fakeApi.on('GET', '/api/workspaces/acme/members/', [
    makeMember('m1', 20, 'Zed'),
    makeMember('m2', 15, 'Bea'),
  ]);
  const store = new MemberStore();
  await store.fetchMembers('acme');
  return store;
}

describe('MemberStore', () => {
  beforeEach(() => fakeApi.reset());

  it('lists members by name', async () => {
    const store = await loadedMembers();
    expect(store.membersOf('acme').map((m) => m.id)).toEqual(['m2', 'm1']);
    expect(store.membersOf('other')).toEqual([]);
  });

  it('changes a role at once and puts it back on LAST_ADMIN', async () => {
    const store = await loadedMembers();
    fakeApi.fail(
      'PATCH',
      '/api/workspaces/acme/members/m1/',
      400,
      'The last admin cannot be demoted',
      'LAST_ADMIN',
    );
    const saving = store.updateRole('acme', 'm1', 15);
    expect(store.membersOf('acme').find((m) => m.id === 'm1')?.role).toBe(15);
    await expect(saving).rejects.toMatchObject({ code: 'LAST_ADMIN' });
    expect(store.membersOf('acme').find((m) => m.id === 'm1')?.role).toBe(20);
  });

  it('removes a member at once and restores them if the server refuses', async () => {
    const store = await loadedMembers();
    fakeApi.fail(
      'DELETE',
      '/api/workspaces/acme/members/m2/',
      403,
      'You do not have permission',
      'FORBIDDEN',
    );
    const removing = store.remove('acme', 'm2');
    expect(store.membersOf('acme').map((m) => m.id)).toEqual(['m1']);
    await expect(removing).rejects.toBeInstanceOf(ApiError);
    expect(store.membersOf('acme').map((m) => m.id)).toEqual(['m2', 'm1']);
  });
});

describe('InvitationStore', () => {
  beforeEach(() => fakeApi.reset());

  it('shows only pending invitations and restores a revoke the server refused', async () => {
    fakeApi.on('GET', '/api/workspaces/acme/invitations/', [
      makeInvitation('i1', 'a@example.com'),
      makeInvitation('i2', 'b@example.com', { accepted: true, responded_at: '2026-01-02T00:00:00.000Z' }),
    ]);
    fakeApi.fail('DELETE', '/api/workspaces/acme/invitations/i1/', 500, 'Boom', 'INTERNAL_ERROR');
    const store = new InvitationStore();
    await store.fetchWorkspaceInvitations('acme');
    expect(store.pendingOf('acme').map((i) => i.id)).toEqual(['i1']);

    const revoking = store.revoke('acme', 'i1');
    expect(store.pendingOf('acme')).toEqual([]);
    await expect(revoking).rejects.toThrow('Boom');
    expect(store.pendingOf('acme').map((i) => i.id)).toEqual(['i1']);
  });

  it('replaces a re-invited email and drops accepted invitations from my list', async () => {
    fakeApi
      .on('GET', '/api/workspaces/acme/invitations/', [makeInvitation('old', 'a@example.com')])
      .on('POST', '/api/workspaces/acme/invitations/', [makeInvitation('new', 'a@example.com', { role: 20 })])
      .on('GET', '/api/users/me/workspaces/invitations/', [makeInvitation('i9', 'me@example.com')])
      .on('POST', '/api/users/me/workspaces/invitations/', []);
    const store = new InvitationStore();
    await store.fetchWorkspaceInvitations('acme');
    await store.invite('acme', [{ email: 'a@example.com', role: 20 }]);
    expect(store.pendingOf('acme').map((i) => [i.id, i.role])).toEqual([['new', 20]]);
    expect(fakeApi.callsTo('POST', '/api/workspaces/acme/invitations/')[0]?.body).toEqual({
      emails: [{ email: 'a@example.com', role: 20 }],
    });

    await store.fetchMine();
    expect(store.pendingMine.map((i) => i.id)).toEqual(['i9']);
    await store.acceptMine(['i9']);
    expect(fakeApi.callsTo('POST', '/api/users/me/workspaces/invitations/')[0]?.body).toEqual({
      invitations: ['i9'],
    });
    expect(store.pendingMine).toEqual([]);
  });
});
