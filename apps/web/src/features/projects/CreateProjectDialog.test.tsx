import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeProject, signedIntoAcme } from '../../test/fixtures.ts';
import { envelope } from '../../test/issueFixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const CHECK = '/api/workspaces/acme/project-identifiers/';

describe('create project modal', () => {
  beforeEach(() => {
    fakeApi.reset();
    signedIntoAcme(fakeApi)
      .on('GET', '/api/workspaces/acme/projects/', [])
      .on('GET', CHECK, (_body, path) => {
        const name = new URL(path, 'http://x').searchParams.get('name');
        return name === 'MOBIL' ? { exists: 1, identifiers: ['MOBIL'] } : { exists: 0, identifiers: [] };
      });
  });

  async function openDialog() {
    const user = userEvent.setup();
    const { router } = renderApp('/acme/projects');
    const empty = await screen.findByRole('region', { name: 'No projects yet' });
    await user.click(within(empty).getByRole('button', { name: 'Create project' }));
    return { user, router, dialog: await screen.findByRole('dialog', { name: 'Create project' }) };
  }

  it('derives the identifier from the name, checks it (debounced) and sanitises edits', async () => {
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Project name'), 'Mobile App');
    const identifier = within(dialog).getByLabelText('Identifier') as HTMLInputElement;
    expect(identifier.value).toBe('MOBIL');
    expect(await within(dialog).findByText('MOBIL is already taken')).toBeTruthy();
    // Debounced: one check for the settled value, none for each keystroke's intermediate value.
    const checked = fakeApi.callsTo('GET', CHECK).map((c) => c.path);
    expect(checked).toEqual([`${CHECK}?name=MOBIL`]);

    await user.clear(identifier);
    await user.type(identifier, 'mob-2 x!');
    expect(identifier.value).toBe('MOB2X');
    expect(await within(dialog).findByText('MOB2X is available')).toBeTruthy();
    // Once edited, the identifier no longer follows the name.
    await user.type(within(dialog).getByLabelText('Project name'), ' Two');
    expect(identifier.value).toBe('MOB2X');
    // Never longer than 12.
    await user.type(identifier, 'ABCDEFGHIJ');
    expect(identifier.value).toBe('MOB2XABCDEFG');
  });

  it('refuses a taken identifier before sending, and creates then opens its work items', async () => {
    fakeApi.on('POST', '/api/workspaces/acme/projects/', (body) =>
      makeProject({ id: 'p9', ...(body as object), member_role: 20 }),
    );
    const P9 = '/api/workspaces/acme/projects/p9';
    fakeApi
      .on('GET', `${P9}/`, makeProject({ id: 'p9', name: 'Mobile App', identifier: 'MA' }))
      .on('GET', `${P9}/states/`, [])
      .on('GET', `${P9}/issues/`, envelope([]));
    const { user, router, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Project name'), 'Mobile App');
    await within(dialog).findByText('MOBIL is already taken');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    expect(within(dialog).getByText('This identifier is already used in the workspace')).toBeTruthy();
    expect(fakeApi.callsTo('POST', '/api/workspaces/acme/projects/')).toHaveLength(0);

    const identifier = within(dialog).getByLabelText('Identifier');
    await user.clear(identifier);
    await user.type(identifier, 'MA');
    await within(dialog).findByText('MA is available');
    await user.selectOptions(within(dialog).getByLabelText('Visibility'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fakeApi.callsTo('POST', '/api/workspaces/acme/projects/')[0]?.body).toEqual({
      name: 'Mobile App',
      identifier: 'MA',
      network: 0,
      description: '',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/projects/p9/issues'));
    expect(await screen.findByRole('region', { name: 'No work items yet' })).toBeTruthy();
  });

  it('shows PROJECT_NAME_TAKEN from the server under the name', async () => {
    fakeApi.on('POST', '/api/workspaces/acme/projects/', () => {
      throw new ApiError(409, 'A project with this name already exists', 'PROJECT_NAME_TAKEN');
    });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Project name'), 'Web');
    await within(dialog).findByText('WEB is available');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    const field = within(dialog).getByLabelText('Project name');
    expect(await within(dialog).findByText('A project with this name already exists')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Create project' })).toBeTruthy();
  });
});
