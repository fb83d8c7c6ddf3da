import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../../test/fakeApi.ts';
import { makeIssue, makeIssueDetail } from '../../../../test/issueFixtures.ts';
import { renderApp } from '../../../../test/renderApp.tsx';
import { P, setupLayout, URL } from '../layoutTestkit.ts';
import { DAY_WIDTH, datePatch, draggedDates, placement, timelineRange, treeOrder } from './timeline.ts';

vi.mock('../../../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../lib/api.ts')>()),
  api: (await import('../../../../test/fakeApi.ts')).fakeApi.client,
}));

const bar = { start_date: '2026-05-10', target_date: '2026-05-14' };

describe('gantt drag maths', () => {
  it('moves both dates, or one end that never passes the other', () => {
    expect(draggedDates(bar, 'move', 3)).toEqual({ start_date: '2026-05-13', target_date: '2026-05-17' });
    expect(draggedDates(bar, 'move', -12)).toEqual({ start_date: '2026-04-28', target_date: '2026-05-02' });
    expect(draggedDates(bar, 'start', 2)).toEqual({ start_date: '2026-05-12', target_date: '2026-05-14' });
    expect(draggedDates(bar, 'start', 9)).toEqual({ start_date: '2026-05-14', target_date: '2026-05-14' });
    expect(draggedDates(bar, 'end', -9)).toEqual({ start_date: '2026-05-10', target_date: '2026-05-10' });
    expect(draggedDates(bar, 'end', 0)).toBeNull();
    // A point moves its one date.
    expect(draggedDates({ start_date: null, target_date: '2026-05-14' }, 'move', 1)).toEqual({
      start_date: null,
      target_date: '2026-05-15',
    });
    expect(datePatch(bar, { start_date: '2026-05-10', target_date: '2026-05-20' })).toEqual({
      target_date: '2026-05-20',
    });
  });

  it('places bars and points on the timeline and orders sub-items under their parent', () => {
    const { from, days } = timelineRange([bar], '2026-05-19');
    expect(new Date(`${from}T12:00:00`).getDay()).toBe(0);
    expect(from <= '2026-04-26').toBe(true);
    expect(days % 7).toBe(0);
    expect(placement(bar, '2026-05-10', 10)).toEqual({ kind: 'bar', left: 0, width: 50 });
    expect(placement({ start_date: '2026-05-12', target_date: null }, '2026-05-10', 10)).toEqual({
      kind: 'point',
      left: 25,
    });
    expect(placement({ start_date: null, target_date: null }, '2026-05-10', 10)).toBeNull();
    const rows = treeOrder([
      { id: 'c', parent_id: 'a' },
      { id: 'a', parent_id: null },
      { id: 'b', parent_id: null },
      { id: 'd', parent_id: 'x' },
    ]);
    expect(rows.map((r) => `${r.item.id}${r.depth}`)).toEqual(['a0', 'c1', 'b0', 'd0']);
  });
});

describe('gantt layout', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 4, 19, 10));
  });
  afterEach(() => vi.useRealTimers());

  it('drags a bar to move both dates and its end to resize, rolling back a refusal', async () => {
    const error = vi.spyOn(toast, 'error');
    setupLayout({ layout: 'gantt_chart' }, [
      makeIssue('i1', { name: 'Build', ...bar }),
      makeIssue('i2', { name: 'Someday', sequence_id: 2 }),
      makeIssue('i3', { name: 'Due only', sequence_id: 3, target_date: '2026-05-25' }),
    ]);
    let refuse = false;
    let saved = { ...bar };
    fakeApi.on('PATCH', `${P}/issues/i1/`, (body) => {
      if (refuse) throw new Error('Start date cannot exceed target date');
      saved = { ...saved, ...(body as object) };
      return makeIssueDetail('i1', { name: 'Build', ...saved, updated_at: new Date().toISOString() });
    });
    renderApp(URL);
    await screen.findByRole('button', { name: 'MOB-1 Build' }, { timeout: 15_000 });
    expect(screen.getByRole('button', { name: 'Add dates to MOB-2' })).toBeTruthy();
    expect(screen.getByTestId('gantt-point').getAttribute('data-issue-id')).toBe('i3');

    const w = DAY_WIDTH.day;
    const drag = (handle: HTMLElement, days: number) => {
      fireEvent.mouseDown(handle, { button: 0, clientX: 200 });
      fireEvent.mouseMove(window, { clientX: 200 + days * w });
      fireEvent.mouseUp(window, { clientX: 200 + days * w });
    };
    const barOf = () => screen.getAllByTestId('gantt-bar').find((b) => b.dataset.issueId === 'i1')!;
    drag(within(barOf()).getByRole('button'), 2);
    await waitFor(() => expect(fakeApi.callsTo('PATCH', `${P}/issues/i1/`)).toHaveLength(1));
    expect(fakeApi.callsTo('PATCH', `${P}/issues/i1/`)[0]!.body).toEqual({
      start_date: '2026-05-12',
      target_date: '2026-05-16',
    });

    drag(within(barOf()).getByTestId('gantt-bar-end'), 3);
    await waitFor(() => expect(fakeApi.callsTo('PATCH', `${P}/issues/i1/`)).toHaveLength(2));
    expect(fakeApi.callsTo('PATCH', `${P}/issues/i1/`)[1]!.body).toEqual({ target_date: '2026-05-19' });

    refuse = true;
    const before = barOf().style.left;
    drag(within(barOf()).getByTestId('gantt-bar-start'), -4);
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(fakeApi.callsTo('PATCH', `${P}/issues/i1/`)[2]!.body).toEqual({ start_date: '2026-05-08' });
    await waitFor(() => expect(barOf().style.left).toBe(before));
  });

  it('opens the peek on a click without a drag', async () => {
    setupLayout({ layout: 'gantt_chart' }, [makeIssue('i1', { name: 'Build', ...bar })]);
    fakeApi.on('GET', `${P}/issues/i1/`, makeIssueDetail('i1', { name: 'Build', ...bar }));
    renderApp(URL);
    await screen.findByRole('button', { name: 'MOB-1 Build' }, { timeout: 15_000 });
    const button = within(screen.getByTestId('gantt-bar')).getByRole('button');
    fireEvent.mouseDown(button, { button: 0, clientX: 200 });
    fireEvent.mouseUp(window, { clientX: 200 });
    await waitFor(() =>
      expect(fakeApi.calls.some((c) => c.method === 'GET' && c.path.startsWith(`${P}/issues/i1/`))).toBe(
        true,
      ),
    );
    expect(fakeApi.callsTo('PATCH', `${P}/issues/i1/`)).toHaveLength(0);
  });
});
