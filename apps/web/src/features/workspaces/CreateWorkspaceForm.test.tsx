import type { Workspace } from '@kite/shared/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeWorkspace } from '../../test/fixtures.ts';
import { renderInRouter } from '../../test/renderInRouter.tsx';
import { CreateWorkspaceForm } from './CreateWorkspaceForm.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const TAKEN = new Set(['acme', 'taken-co']);

function renderForm(onCreated = vi.fn<(w: Workspace) => void>()) {
  const { stores } = renderInRouter(() => <CreateWorkspaceForm onCreated={onCreated} />, {
    url: '/create-workspace',
  });
  return { onCreated, stores };
}

const slugInput = () => screen.getByLabelText('Workspace URL') as HTMLInputElement;
const checkedSlugs = () =>
  fakeApi
    .callsTo('GET', '/api/workspace-slug-check/')
    .map((c) => new URL(c.path, 'http://x').searchParams.get('slug'));

describe('CreateWorkspaceForm', () => {
  beforeEach(() => {
    fakeApi.reset();
    fakeApi.on('GET', '/api/workspace-slug-check/', (_body, path) => {
      const slug = new URL(path, 'http://x').searchParams.get('slug') ?? '';
      return { status: !TAKEN.has(slug) };
    });
  });

  it('suggests a slug from the name and reports it available after one debounced check', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(await screen.findByLabelText('Workspace name'), 'Moon Base 7!');
    expect(slugInput().value).toBe('moon-base-7');
    expect(await screen.findByText('This URL is available')).toBeTruthy();
    // Typing fast checks only the final slug, not every keystroke.
    expect(checkedSlugs()).toEqual(['moon-base-7']);
  });

  it('says when the URL is taken and refuses to submit', async () => {
    const user = userEvent.setup();
    const { onCreated } = renderForm();
    await user.type(await screen.findByLabelText('Workspace name'), 'Acme');
    expect(await screen.findByText('This URL is taken')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create workspace' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This URL is taken');
    expect(fakeApi.callsTo('POST', '/api/workspaces/')).toHaveLength(0);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('stops following the name once the slug is edited, and validates it locally', async () => {
    const user = userEvent.setup();
    renderForm();
    const name = await screen.findByLabelText('Workspace name');
    await user.type(name, 'Acme');
    await user.clear(slugInput());
    await user.type(slugInput(), 'my_team');
    await user.type(name, ' Labs');
    expect(slugInput().value).toBe('my_team');
    expect(await screen.findByText('This URL is available')).toBeTruthy();

    await user.clear(slugInput());
    await user.type(slugInput(), 'settings');
    expect(await screen.findByText('This slug is reserved')).toBeTruthy();
    // Reserved or malformed slugs are never sent to the availability check.
    expect(checkedSlugs()).not.toContain('settings');
  });

  it('creates the workspace with name, slug and size', async () => {
    const created = makeWorkspace({ name: 'Moon', slug: 'moon', organization_size: '2-10' });
    fakeApi.on('POST', '/api/workspaces/', created);
    const user = userEvent.setup();
    const { onCreated, stores } = renderForm();
    await user.type(await screen.findByLabelText('Workspace name'), 'Moon');
    await user.selectOptions(screen.getByLabelText(/Organization size/), '2-10');
    await user.click(screen.getByRole('button', { name: 'Create workspace' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(fakeApi.callsTo('POST', '/api/workspaces/')[0]?.body).toMatchObject({
      name: 'Moon',
      slug: 'moon',
      organization_size: '2-10',
    });
    expect(stores.workspaces.get('moon')?.name).toBe('Moon');
  });

  it('shows a slug taken in the meantime (409 SLUG_TAKEN) under the URL', async () => {
    fakeApi.on('POST', '/api/workspaces/', () => {
      throw new ApiError(409, 'This workspace URL is already taken', 'SLUG_TAKEN');
    });
    const user = userEvent.setup();
    const { onCreated } = renderForm();
    await user.type(await screen.findByLabelText('Workspace name'), 'Fresh');
    await screen.findByText('This URL is available');
    await user.click(screen.getByRole('button', { name: 'Create workspace' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This workspace URL is already taken');
    expect(onCreated).not.toHaveBeenCalled();
  });
});
