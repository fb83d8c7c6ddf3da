import type { GithubRepositorySync } from '@kite/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeProject } from '../../test/fixtures.ts';
import { renderInRouter } from '../../test/renderInRouter.tsx';
import { GithubSyncSettings } from './GithubSyncSettings.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const P = '/api/workspaces/acme/projects/p1/';
const SYNC: GithubRepositorySync = {
  id: 's1',
  repository: {
    name: 'hello-world',
    owner: 'octo',
    url: 'https://github.com/octo/hello-world',
    repository_id: 7,
  },
  label: 'l1',
  actor: 'u1',
  config: {},
  import_status: 'completed',
  webhook_url: 'https://kite.example/api/github/webhook/s1/',
  created_at: '2026-01-01T00:00:00Z',
};

describe('GitHub repository settings', () => {
  beforeEach(() => {
    fakeApi.reset();
    fakeApi.on('GET', `${P}github-repository-sync/`, [SYNC]).on('GET', `${P}issue-labels/`, []);
  });

  it('unlinks the repository after a confirmation and offers to link one again', async () => {
    fakeApi.on('DELETE', `${P}github-repository-sync/s1/`, null);
    const user = userEvent.setup();
    renderInRouter(() => <GithubSyncSettings slug="acme" project={makeProject({ id: 'p1' })} />);
    await user.click(await screen.findByRole('button', { name: 'Unlink octo/hello-world' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink octo/hello-world?' });
    expect(fakeApi.callsTo('DELETE', `${P}github-repository-sync/s1/`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(fakeApi.callsTo('DELETE', `${P}github-repository-sync/s1/`)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: /Link a repository/ })).toBeTruthy();
  });

  it('offers no unlink on an archived project', async () => {
    renderInRouter(() => (
      <GithubSyncSettings
        slug="acme"
        project={makeProject({ id: 'p1', archived_at: '2026-02-01T00:00:00Z' })}
      />
    ));
    expect(await screen.findByText('Linked repository')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Unlink/ })).toBeNull();
  });
});
