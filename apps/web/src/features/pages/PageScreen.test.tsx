import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/apiError.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeMember, makeProject, signedIntoAcme } from '../../test/fixtures.ts';
import { makePage } from '../../test/pageFixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

/** What the editor learns from the collaboration server, played by the test. */
const connections: { scope: 'read-write' | 'readonly'; synced: boolean } = {
  scope: 'read-write',
  synced: true,
};

// The collaboration server is played here: a provider that authenticates and syncs at once,
// with a real awareness (the carets read it). The editor itself is the real Tiptap one.
vi.mock('@hocuspocus/provider', async () => {
  const { Awareness } = await import('y-protocols/awareness');
  type Config = {
    document: import('yjs').Doc;
    onAuthenticated?: (data: { scope: string }) => void;
    onSynced?: (data: { state: boolean }) => void;
  };
  class HocuspocusProvider {
    readonly awareness: InstanceType<typeof Awareness>;
    constructor(config: Config) {
      this.awareness = new Awareness(config.document);
      setTimeout(() => {
        config.onAuthenticated?.({ scope: connections.scope });
        if (connections.synced) config.onSynced?.({ state: true });
      }, 0);
    }
    setAwarenessField(key: string, value: unknown) {
      this.awareness.setLocalStateField(key, value);
    }
    destroy() {
      this.awareness.destroy();
    }
  }
  return { HocuspocusProvider };
});

const W = '/api/workspaces/acme';
const P = `${W}/projects/p1`;
const PAGE = `${P}/pages/pg1/`;

function setup(page = makePage('pg1', { name: 'Release plan' }), role = 20) {
  fakeApi.reset();
  const project = makeProject({ member_role: role });
  signedIntoAcme(fakeApi)
    .on('GET', `${W}/projects/`, [project])
    .on('GET', `${P}/`, project)
    .on('GET', `${W}/members/`, [makeMember('m1', 20, 'Ada')])
    .on('GET', PAGE, page);
}

const body = () => screen.findByRole('textbox', { name: 'Page content' }, { timeout: 8000 });
const titleBox = () => screen.findByRole('textbox', { name: 'Page title' }, { timeout: 15_000 });

describe('page editor screen', () => {
  beforeEach(() => {
    connections.scope = 'read-write';
    connections.synced = true;
    setup();
  });

  it('saves the title 2 s after the last keystroke, saying Saving… then Saved', async () => {
    fakeApi.on('PATCH', PAGE, (patch) => makePage('pg1', patch as object));
    const user = userEvent.setup();
    renderApp('/acme/projects/p1/pages/pg1');
    const title = (await titleBox()) as HTMLTextAreaElement;
    expect(title.value).toBe('Release plan');
    // The owner edits the body.
    await waitFor(async () => expect((await body()).getAttribute('contenteditable')).toBe('true'));

    await user.type(title, ' v2');
    expect(screen.getByTestId('title-status').textContent).toBe('Saving…');
    // Nothing is sent while typing pauses for less than 2 s.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(fakeApi.callsTo('PATCH', PAGE)).toHaveLength(0);
    await waitFor(() => expect(screen.getByTestId('title-status').textContent).toBe('Saved'), {
      timeout: 3000,
    });
    expect(fakeApi.callsTo('PATCH', PAGE).map((c) => c.body)).toEqual([{ name: 'Release plan v2' }]);
  });

  it('puts the stored title back when the save is refused', async () => {
    const error = vi.spyOn(toast, 'error');
    fakeApi.fail('PATCH', PAGE, 400, 'The page is locked', 'PAGE_LOCKED');
    const user = userEvent.setup();
    renderApp('/acme/projects/p1/pages/pg1');
    const title = (await titleBox()) as HTMLTextAreaElement;
    await user.type(title, '!!');
    expect(title.value).toBe('Release plan!!');
    await waitFor(() => expect(error).toHaveBeenCalledWith('The page is locked'), { timeout: 4000 });
    await waitFor(() => expect(title.value).toBe('Release plan'));
    expect(screen.getByTestId('title-status').textContent).toBe('');
  });

  it('is read-only with a banner while the page is locked, and editable again once unlocked', async () => {
    setup(makePage('pg1', { name: 'Release plan', is_locked: true }));
    fakeApi.on('DELETE', `${PAGE}lock/`, null);
    const user = userEvent.setup();
    renderApp('/acme/projects/p1/pages/pg1');
    expect(await screen.findByText('This page is locked', {}, { timeout: 15_000 })).toBeTruthy();
    const editor = await body();
    // Synced, yet not editable.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(editor.getAttribute('contenteditable')).toBe('false');
    expect((await titleBox()).hasAttribute('readonly')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Unlock page' }));
    await waitFor(() => expect(editor.getAttribute('contenteditable')).toBe('true'));
    expect(screen.queryByText('This page is locked')).toBeNull();
    expect(fakeApi.callsTo('DELETE', `${PAGE}lock/`)).toHaveLength(1);
  });

  it('stays read-only for a viewer and when the server answers read-only', async () => {
    setup(makePage('pg1', { name: 'Release plan', owned_by: 'someone' }), 10);
    renderApp('/acme/projects/p1/pages/pg1');
    const editor = await body();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(editor.getAttribute('contenteditable')).toBe('false');
    expect(screen.getByRole('button', { name: 'Lock page' }).hasAttribute('disabled')).toBe(true);
  });

  it('follows the server’s read-only answer even where the rules would allow editing', async () => {
    connections.scope = 'readonly';
    renderApp('/acme/projects/p1/pages/pg1');
    const editor = await body();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(editor.getAttribute('contenteditable')).toBe('false');
  });

  it('shows the spec’s message when the page cannot be fetched', async () => {
    const error = vi.spyOn(toast, 'error');
    fakeApi.fail('GET', PAGE, 500, 'Boom', 'INTERNAL');
    renderApp('/acme/projects/p1/pages/pg1');
    expect(
      await screen.findByRole('region', { name: 'The page could not be loaded' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(error).toHaveBeenCalledWith('Failed', {
      description: 'Failed to fetch the page, Please try again later.',
    });
  });

  it('shows the spec’s message when deleting fails, and keeps the page', async () => {
    const error = vi.spyOn(toast, 'error');
    fakeApi.fail('DELETE', PAGE, 500, 'Boom', 'INTERNAL');
    const user = userEvent.setup();
    const { router } = renderApp('/acme/projects/p1/pages/pg1');
    await titleBox();
    await user.click(screen.getByRole('button', { name: 'Actions for Release plan' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete page' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Failed', {
        description: 'Failed to delete a page, Please try again later.',
      }),
    );
    expect(router.state.location.pathname).toBe('/acme/projects/p1/pages/pg1');
  });

  // The spec words no toast for these: the server's reason is shown, else the store's own line.
  it('toasts why a lock was refused and shows the page unlocked again', async () => {
    const error = vi.spyOn(toast, 'error');
    fakeApi.fail(
      'POST',
      `${PAGE}lock/`,
      403,
      'Only the owner or a member can lock, unlock or duplicate this page',
      'FORBIDDEN',
    );
    const user = userEvent.setup();
    renderApp('/acme/projects/p1/pages/pg1');
    await titleBox();
    await user.click(screen.getByRole('button', { name: 'Lock page' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'Only the owner or a member can lock, unlock or duplicate this page',
      ),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Lock page' }).getAttribute('aria-pressed')).toBe('false'),
    );
    expect(screen.queryByText('This page is locked')).toBeNull();
  });

  it('toasts a failed archive, with the store’s line when the server gives no reason, and restores the page', async () => {
    const error = vi.spyOn(toast, 'error');
    fakeApi.on('POST', `${PAGE}archive/`, () => {
      throw new ApiError(500, '', 'INTERNAL');
    });
    const user = userEvent.setup();
    renderApp('/acme/projects/p1/pages/pg1');
    await titleBox();
    await user.click(screen.getByRole('button', { name: 'Archive page' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('The page could not be archived'));
    expect(await screen.findByRole('button', { name: 'Archive page' })).toBeTruthy();
    expect(screen.queryByText('This page is archived')).toBeNull();
  });

  it('shows a not-found state for a page the caller cannot see', async () => {
    fakeApi.fail('GET', PAGE, 404, 'Page not found', 'NOT_FOUND');
    renderApp('/acme/projects/p1/pages/pg1');
    expect(await screen.findByRole('region', { name: 'Page not found' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to pages' }).getAttribute('href')).toBe(
      '/acme/projects/p1/pages',
    );
  });
});
