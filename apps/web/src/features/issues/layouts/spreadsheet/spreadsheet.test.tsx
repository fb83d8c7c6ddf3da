import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../../test/fakeApi.ts';
import { envelope, makeIssue } from '../../../../test/issueFixtures.ts';
import { renderApp } from '../../../../test/renderApp.tsx';
import { issueQueries, P, setupLayout, URL } from '../layoutTestkit.ts';
import { nextOrderBy, sortDirection } from './columns.ts';

vi.mock('../../../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../lib/api.ts')>()),
  api: (await import('../../../../test/fakeApi.ts')).fakeApi.client,
}));

const rows = () => [
  makeIssue('i1', { name: 'Fix login', priority: 'low', target_date: '2020-01-01' }),
  makeIssue('i2', { name: 'Write docs', sequence_id: 2, priority: 'high' }),
];

describe('spreadsheet sort order', () => {
  it('sorts a column ascending, then descending', () => {
    expect(nextOrderBy('sort_order', { orderBy: 'priority' })).toBe('priority');
    expect(nextOrderBy('priority', { orderBy: 'priority' })).toBe('-priority');
    expect(nextOrderBy('-priority', { orderBy: 'priority' })).toBe('priority');
    expect(sortDirection('-target_date', { orderBy: 'target_date' })).toBe('descending');
    expect(sortDirection('priority', { orderBy: 'target_date' })).toBeNull();
  });
});

describe('spreadsheet layout', { timeout: 20_000 }, () => {
  it('saves the order_by of a clicked header and refetches with it', async () => {
    setupLayout({ layout: 'spreadsheet' }, rows());
    renderApp(URL);
    await screen.findByRole('button', { name: 'MOB-1 Fix login' }, { timeout: 15_000 });
    expect(issueQueries()[0]!.get('per_page')).toBe('100');
    await userEvent.click(screen.getByRole('button', { name: 'Sort by due date' }));
    await waitFor(() => expect(issueQueries().at(-1)!.get('order_by')).toBe('target_date'));
    expect(fakeApi.callsTo('PATCH', `${P}/user-properties/`)[0]!.body).toEqual({
      display_filters: { order_by: 'target_date' },
    });
    const header = screen.getByRole('columnheader', { name: /Due date/ });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(screen.getByRole('button', { name: 'Sort by due date, descending' }));
    await waitFor(() => expect(issueQueries().at(-1)!.get('order_by')).toBe('-target_date'));
  });

  it('rolls a priority cell back and toasts when the server refuses', async () => {
    const error = vi.spyOn(toast, 'error');
    setupLayout({ layout: 'spreadsheet' }, rows());
    fakeApi.fail('PATCH', `${P}/issues/i1/`, 400, 'Priority cannot change now', 'VALIDATION_ERROR');
    renderApp(URL);
    const row = (await screen.findAllByTestId('sheet-row', {}, { timeout: 15_000 }))[0]!;
    expect(within(row).getByLabelText(/Due date of MOB-1 \(overdue\)/)).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Priority: Low' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: /Urgent/ }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Priority cannot change now'));
    expect(fakeApi.callsTo('PATCH', `${P}/issues/i1/`)[0]!.body).toEqual({ priority: 'urgent' });
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Priority: Low' })).toBeTruthy());
  });

  it('moves between cells with the arrows and opens the editor with Enter', async () => {
    setupLayout({ layout: 'spreadsheet' }, rows());
    renderApp(URL);
    await screen.findByRole('button', { name: 'MOB-1 Fix login' }, { timeout: 15_000 });
    const first = document.querySelector<HTMLElement>('[data-cell="0:0"]')!;
    fireEvent.focus(first);
    first.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}');
    await waitFor(() => expect(document.activeElement?.getAttribute('data-cell')).toBe('1:2'));
    expect(document.activeElement?.getAttribute('data-column')).toBe('priority');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menuitemradio', { name: /Urgent/ })).toBeTruthy();
  });

  it('sets the priority of the selected rows in one bulk operation', async () => {
    setupLayout({ layout: 'spreadsheet' }, rows());
    fakeApi.on('POST', `${P}/bulk-operation-issues/`, (body) => {
      const b = body as { issue_ids: string[]; properties: object };
      return rows().map((r) => ({ ...r, ...b.properties, updated_at: '2026-02-01T00:00:00.000Z' }));
    });
    renderApp(URL);
    await screen.findByRole('button', { name: 'MOB-1 Fix login' }, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all loaded work items' }));
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    // Members do not get the delete button; admins do (this one is an admin).
    expect(within(bar).getByRole('button', { name: /Delete/ })).toBeTruthy();
    await userEvent.click(within(bar).getByRole('button', { name: 'Set priority of the selected' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: /Medium/ }));
    await waitFor(() =>
      expect(fakeApi.callsTo('POST', `${P}/bulk-operation-issues/`)[0]!.body).toEqual({
        issue_ids: ['i1', 'i2'],
        properties: { priority: 'medium' },
      }),
    );
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Priority: Medium' })).toHaveLength(2));
  });

  it('deletes the selected rows after a confirmation (admins only)', async () => {
    setupLayout({ layout: 'spreadsheet' }, rows());
    fakeApi.on('POST', `${P}/bulk-delete-issues/`, null);
    renderApp(URL);
    await screen.findByRole('button', { name: 'MOB-1 Fix login' }, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select MOB-1' }));
    await userEvent.click(
      within(screen.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: /Delete/ }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Delete 1 work item?' });
    fakeApi.on('GET', `${P}/issues/`, envelope([rows()[1]!]));
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(fakeApi.callsTo('POST', `${P}/bulk-delete-issues/`)[0]!.body).toEqual({ issue_ids: ['i1'] }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'MOB-1 Fix login' })).toBeNull());
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull();
  });

  it('offers members bulk edits but not delete', async () => {
    setupLayout({ layout: 'spreadsheet' }, rows(), 15);
    renderApp(URL);
    await screen.findByRole('button', { name: 'MOB-1 Fix login' }, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select MOB-2' }));
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(within(bar).getByRole('button', { name: 'Set state of the selected' })).toBeTruthy();
    expect(within(bar).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('renders only a screenful of thousands of rows and asks for the next page near the end', async () => {
    const many = Array.from({ length: 100 }, (_, i) =>
      makeIssue(`i${i}`, { name: `Item ${i}`, sequence_id: i + 1 }),
    );
    setupLayout({ layout: 'spreadsheet' }, []);
    fakeApi.on('GET', `${P}/issues/`, envelope(many, 5000, true));
    renderApp(URL);
    await screen.findByRole('button', { name: 'MOB-1 Item 0' }, { timeout: 15_000 });
    expect(screen.getAllByTestId('sheet-row').length).toBeLessThan(60);
    expect(screen.getByRole('grid', { name: 'Work items' }).getAttribute('aria-rowcount')).toBe('5001');
    const grid = screen.getByRole('grid', { name: 'Work items' });
    grid.scrollTop = 100 * 40;
    fireEvent.scroll(grid);
    await waitFor(() => expect(issueQueries().some((q) => q.get('cursor') === '100:1:0')).toBe(true));
  });
});
