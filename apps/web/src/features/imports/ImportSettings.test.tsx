import type { Import } from '@kite/shared/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
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
const IMPORTS = `${P}/imports/`;

function makeImport(overrides: Partial<Import> = {}): Import {
  return {
    id: 'imp1',
    workspace: 'w1',
    project: 'p1',
    status: 'uploaded',
    phase: null,
    filename: 'jira.csv',
    file_size: 900,
    preset: 'jira',
    detected_preset: 'jira',
    delimiter: ',',
    header: ['Summary', 'Status', 'Priority', 'Sprint'],
    preview: [
      ['Checkout fails', 'In Progress', 'Highest', 'Sprint 2'],
      ['Search is stale', 'To Do', 'Whenever', ''],
    ],
    total_rows: 2,
    mapping: ['name', 'state', 'priority', 'cycle'],
    options: {
      create_missing_states: false,
      create_missing_labels: false,
      create_missing_cycles: false,
      date_format: null,
    },
    rows_done: 0,
    counts: { created: 0, updated: 0, unchanged: 0, refused: 0 },
    dry_run: null,
    refusals: [],
    refusals_count: 0,
    error: null,
    started_at: null,
    finished_at: null,
    created_at: '2026-11-29T10:00:00.000Z',
    updated_at: '2026-11-29T10:00:00.000Z',
    created_by: 'u1',
    ...overrides,
  };
}

const envelope = (results: Import[]) => ({
  grouped_by: null,
  sub_grouped_by: null,
  total_count: results.length,
  next_cursor: '20:1:0',
  prev_cursor: '20:-1:1',
  next_page_results: false,
  prev_page_results: false,
  count: results.length,
  total_pages: 1,
  total_results: results.length,
  extra_stats: null,
  results,
});

beforeEach(() => {
  fakeApi.reset();
  signedIntoAcme(fakeApi, makeWorkspace({ role: 15 }))
    .on('GET', '/api/workspaces/acme/projects/', [makeProject({ member_role: 15 })])
    .on('GET', `${P}/`, makeProject({ member_role: 15 }));
});

describe('project settings → Import', () => {
  it('offers an upload, and lists no past imports yet', async () => {
    fakeApi.on('GET', IMPORTS, envelope([]));
    renderApp('/acme/settings/projects/p1/imports');
    expect(await screen.findByLabelText('Choose a CSV file')).toBeTruthy();
    expect(screen.getByLabelText('Exported from')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'No imports yet' })).toBeTruthy();
  });

  it('maps columns with a preview, dry-runs, starts and follows the import to its report', async () => {
    let current = makeImport();
    fakeApi
      .on('GET', IMPORTS, () => envelope([current]))
      .on('PATCH', `${IMPORTS}imp1/`, (body) => {
        current = { ...current, ...(body as Partial<Import>), dry_run: null };
        return current;
      })
      .on('POST', `${IMPORTS}imp1/dry-run/`, {
        total_rows: 2,
        counts: { created: 1, updated: 0, unchanged: 0, refused: 1 },
        refusals: [{ row: 3, reason: "Unknown priority 'Whenever'" }],
        refusals_count: 1,
      })
      .on('GET', `${IMPORTS}imp1/`, () => current)
      .on('POST', `${IMPORTS}imp1/start/`, () => {
        current = { ...current, status: 'queued' };
        return current;
      });
    const user = userEvent.setup();
    renderApp('/acme/settings/projects/p1/imports');
    await user.click(await screen.findByRole('button', { name: /Open the import of jira\.csv/ }));

    const mapping = await screen.findByRole('table', { name: 'Column mapping' });
    expect((within(mapping).getByLabelText('Field for column Sprint') as HTMLSelectElement).value).toBe(
      'cycle',
    );
    const preview = screen.getByRole('table', { name: 'Preview of the first rows as mapped' });
    expect(within(preview).getByText('Urgent')).toBeTruthy();
    expect(within(preview).getByText("Unknown priority 'Whenever'")).toBeTruthy();

    // A column taken out of the import: saved at once, and the preview follows.
    await user.selectOptions(within(mapping).getByLabelText('Field for column Sprint'), '');
    await waitFor(() => expect(fakeApi.callsTo('PATCH', `${IMPORTS}imp1/`)).toHaveLength(1));
    expect(fakeApi.callsTo('PATCH', `${IMPORTS}imp1/`)[0]!.body).toEqual({
      mapping: ['name', 'state', 'priority', null],
    });
    expect(within(preview).queryByText('Sprint 2')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Create missing states' }));
    await waitFor(() =>
      expect(fakeApi.callsTo('PATCH', `${IMPORTS}imp1/`)[1]!.body).toEqual({
        options: { create_missing_states: true },
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    expect(await screen.findByText(/to create/)).toBeTruthy();
    const refused = screen.getByRole('table', { name: 'Rows the import would refuse' });
    expect(within(refused).getByText("Unknown priority 'Whenever'")).toBeTruthy();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Start import' }));
      const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
      expect(bar.getAttribute('aria-valuetext')).toBe('0 of 2 rows');
      current = { ...current, status: 'running', phase: 'rows', rows_done: 1 };
      await act(() => vi.advanceTimersByTimeAsync(1100));
      await waitFor(() =>
        expect(
          screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuetext'),
        ).toBe('1 of 2 rows'),
      );
      current = {
        ...current,
        status: 'completed',
        phase: null,
        rows_done: 2,
        counts: { created: 1, updated: 0, unchanged: 0, refused: 1 },
        refusals: [{ row: 3, reason: "Unknown priority 'Whenever'" }],
        refusals_count: 1,
      };
      await act(() => vi.advanceTimersByTimeAsync(1100));
      expect(await screen.findByRole('region', { name: 'Import report' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
    const counts = screen.getByLabelText('Import counts');
    expect(within(counts).getByText('Created').nextSibling?.textContent).toBe('1');
    expect(screen.getByRole('table', { name: 'Rows the import refused' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
