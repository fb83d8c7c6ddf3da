import type { ProjectMember } from '@kite/shared/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeMember } from '../../test/fixtures.ts';
import { renderInRouter } from '../../test/renderInRouter.tsx';
import { ModuleDialog } from './ModuleDialog.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const P = '/api/workspaces/acme/projects/p1';

function projectMember(user: string, is_active = true): ProjectMember {
  const T = '2026-01-01T00:00:00Z';
  return {
    id: `pm-${user}`,
    member: user,
    role: 15,
    project: 'p1',
    workspace: 'w1',
    is_active,
    view_props: {},
    default_props: {},
    preferences: {},
    sort_order: 0,
    created_at: T,
    updated_at: T,
  };
}

describe('ModuleDialog', () => {
  beforeEach(() => {
    fakeApi.reset();
    fakeApi.on('GET', '/api/workspaces/acme/members/', [
      makeMember('m1', 20, 'Ada'),
      makeMember('m2', 15, 'Bob'),
      makeMember('m3', 15, 'Cy'),
      makeMember('m4', 15, 'Dee'),
    ]);
    // Dee is not in the project; Cy has left it.
    fakeApi.on('GET', `${P}/members/`, [
      projectMember('user-m1'),
      projectMember('user-m2'),
      projectMember('user-m3', false),
    ]);
  });

  it("picks a lead and members among the project's active members and shows the server's refusal", async () => {
    let refuse = true;
    fakeApi.on('POST', `${P}/modules/`, (body) => {
      if (refuse) {
        refuse = false;
        throw new ApiError(400, 'Invalid input', 'VALIDATION_ERROR', {
          lead_id: 'The lead must be a member of this project',
        });
      }
      return { ...(body as object), id: 'mod1', project_id: 'p1', archived_at: null };
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderInRouter(() => <ModuleDialog slug="acme" projectId="p1" module={null} onClose={onClose} />);

    await user.type(await screen.findByLabelText('Name'), 'Billing');
    await user.click(screen.getByRole('button', { name: 'Lead: none' }));
    // Avatars are hidden from the names: each option is named by the person alone.
    expect(await screen.findAllByRole('menuitemradio')).toHaveLength(3);
    expect(screen.getByRole('menuitemradio', { name: 'No lead' })).toBeTruthy();
    expect(screen.getByRole('menuitemradio', { name: 'bob' })).toBeTruthy();
    await user.click(screen.getByRole('menuitemradio', { name: 'ada' }));
    expect(screen.getByRole('button', { name: 'Lead: ada' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Members: none' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'bob' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'ada' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Members: bob, ada' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create module' }));
    expect(await screen.findByText('The lead must be a member of this project')).toBeTruthy();
    expect(fakeApi.callsTo('POST', `${P}/modules/`)[0]?.body).toMatchObject({
      name: 'Billing',
      lead_id: 'user-m1',
      member_ids: ['user-m2', 'user-m1'],
    });
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Create module' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('sends the lead and members only when they changed (someone who left the project is kept)', async () => {
    fakeApi.on('PATCH', `${P}/modules/mod1/`, (body) => ({
      ...(body as object),
      id: 'mod1',
      archived_at: null,
    }));
    const module = {
      id: 'mod1',
      name: 'Billing',
      description_html: '<p></p>',
      status: 'planned',
      start_date: null,
      target_date: null,
      lead_id: 'user-m3',
      member_ids: ['user-m3', 'user-m1'],
    } as unknown as Parameters<typeof ModuleDialog>[0]['module'];
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderInRouter(() => <ModuleDialog slug="acme" projectId="p1" module={module} onClose={onClose} />);

    expect(await screen.findByRole('button', { name: 'Lead: cy' })).toBeTruthy();
    await user.type(screen.getByLabelText('Name'), ' v2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = fakeApi.callsTo('PATCH', `${P}/modules/mod1/`)[0]?.body as Record<string, unknown>;
    expect(body.name).toBe('Billing v2');
    expect(body).not.toHaveProperty('lead_id');
    expect(body).not.toHaveProperty('member_ids');
  });
});
