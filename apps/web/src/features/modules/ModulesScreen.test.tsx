import type { Module } from '@kite/shared/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeProject, makeWorkspace, signedIntoAcme } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const P = '/api/workspaces/acme/projects/p1';
// The signed-in user of the fixtures is u1.
const ME = 'u1';
const OTHER = 'u2';

const module = (id: string, name: string, created_by: string) =>
  ({
    id,
    name,
    project_id: 'p1',
    status: 'in-progress',
    lead_id: null,
    member_ids: [],
    start_date: null,
    target_date: null,
    sort_order: 1,
    archived_at: null,
    is_favorite: false,
    link_module: [],
    created_by,
    created_at: '2026-01-01T00:00:00.000Z',
    total_issues: 0,
    completed_issues: 0,
    cancelled_issues: 0,
    started_issues: 0,
    unstarted_issues: 0,
    backlog_issues: 0,
  }) as unknown as Module;

function setup(role: number, modules: Module[]) {
  const project = makeProject({ member_role: role, module_view: true });
  signedIntoAcme(fakeApi, makeWorkspace())
    .on('GET', '/api/workspaces/acme/projects/', [project])
    .on('GET', `${P}/`, project)
    .on('GET', '/api/workspaces/acme/members/', [])
    .on('GET', `${P}/modules/`, modules);
}

async function actionsOf(name: string): Promise<string[] | null> {
  await screen.findByRole('link', { name }, { timeout: 15_000 });
  const trigger = screen.queryByRole('button', { name: `Actions for ${name}` });
  if (!trigger) return null;
  await userEvent.click(trigger);
  const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent?.trim() ?? '');
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  return items;
}

describe('the module actions follow moduleRights (api.md §7: delete needs the creator or an admin)', () => {
  beforeEach(() => fakeApi.reset());

  it('offers Delete to a plain member on the module they made, not on another’s', async () => {
    setup(15, [module('m1', 'Mine', ME), module('m2', 'Theirs', OTHER)]);
    renderApp('/acme/projects/p1/modules');
    expect(await actionsOf('Mine')).toContain('Delete');
    expect(await actionsOf('Theirs')).not.toContain('Delete');
  });

  it('offers an admin Delete on any module, and a viewer who made a module (as a member) Delete alone', async () => {
    setup(20, [module('m2', 'Theirs', OTHER)]);
    const admin = renderApp('/acme/projects/p1/modules');
    expect(await actionsOf('Theirs')).toContain('Delete');
    admin.unmount();

    fakeApi.reset();
    setup(10, [module('m1', 'Mine', ME)]);
    renderApp('/acme/projects/p1/modules');
    // Still its creator, so Delete stays theirs; editing needs a member.
    expect(await actionsOf('Mine')).toEqual(['Delete']);
  });
});
