import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../../test/fakeApi.ts';
import { makeIssue, makeIssueDetail } from '../../../../test/issueFixtures.ts';
import { renderApp } from '../../../../test/renderApp.tsx';
import { issueQueries, P, setupLayout, URL } from '../layoutTestkit.ts';
import { calendarWeeks, rangeParams, shiftAnchor, visibleRange, weekdayNames } from './dates.ts';

vi.mock('../../../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../lib/api.ts')>()),
  api: (await import('../../../../test/fakeApi.ts')).fakeApi.client,
}));

describe('calendar date maths', () => {
  it('shows whole Sunday-to-Saturday weeks around a month', () => {
    // May 2026 starts on a Friday and ends on a Sunday.
    expect(visibleRange('2026-05-19', 'month')).toEqual({ from: '2026-04-26', to: '2026-06-06' });
    const weeks = calendarWeeks('2026-05-19', { layout: 'month', show_weekends: true });
    expect(weeks).toHaveLength(6);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0]![0]).toBe('2026-04-26');
    expect(weeks.map((w) => new Date(`${w[0]}T12:00:00`).getDay())).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('starts a week on Sunday even when the anchor is a Sunday or a Saturday', () => {
    expect(visibleRange('2026-11-22', 'week')).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(visibleRange('2026-11-28', 'week')).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(shiftAnchor('2026-11-28', 'week', 1)).toBe('2026-12-05');
    expect(shiftAnchor('2026-01-31', 'month', 1)).toBe('2026-02-01');
    expect(shiftAnchor('2026-01-15', 'month', -1)).toBe('2025-12-01');
  });

  it('drops Saturday and Sunday without weekends, but still asks for whole weeks', () => {
    const weeks = calendarWeeks('2026-11-23', { layout: 'week', show_weekends: false });
    expect(weeks).toEqual([['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']]);
    expect(weekdayNames(false)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
    expect(weekdayNames(true)[0]).toBe('Sun');
    expect(rangeParams('2026-11-23', 'week')).toEqual({ target_date: '2026-11-22;after,2026-11-28;before' });
    // The user's own due-date filter still applies (terms are AND-ed).
    expect(rangeParams('2026-11-23', 'week', ['2026-11-25;after'])).toEqual({
      target_date: '2026-11-25;after,2026-11-22;after,2026-11-28;before',
    });
    // February 2026: Feb 1 is a Sunday, Feb 28 a Saturday — exactly four weeks.
    expect(rangeParams('2026-02-10', 'month')).toEqual({ target_date: '2026-02-01;after,2026-02-28;before' });
  });
});

describe('calendar layout', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 4, 19, 10));
  });
  afterEach(() => vi.useRealTimers());

  it('fetches only the visible month, moves between months and toggles weekends and weeks', async () => {
    setupLayout({ layout: 'calendar', calendar: { show_weekends: false, layout: 'month' } }, [
      makeIssue('i1', { name: 'Ship it', target_date: '2026-05-20' }),
    ]);
    renderApp(URL);
    const grid = await screen.findByRole('grid', { name: 'Calendar' }, { timeout: 15_000 });
    expect(within(grid).getByRole('button', { name: 'MOB-1 Ship it' })).toBeTruthy();
    expect(issueQueries().every((q) => q.get('target_date') === '2026-04-26;after,2026-06-06;before')).toBe(
      true,
    );
    expect(screen.getByRole('heading', { name: 'May 2026' })).toBeTruthy();
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);

    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() =>
      expect(issueQueries().at(-1)!.get('target_date')).toBe('2026-05-31;after,2026-07-04;before'),
    );
    expect(screen.getByRole('heading', { name: 'June 2026' })).toBeTruthy();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Show weekends' }));
    await waitFor(() =>
      expect(fakeApi.callsTo('PATCH', `${P}/user-properties/`).at(-1)!.body).toEqual({
        display_filters: { calendar: { show_weekends: true, layout: 'month' } },
      }),
    );
    expect(within(grid).getAllByRole('columnheader')[0]!.textContent).toBe('Sun');

    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    await userEvent.click(screen.getByRole('button', { name: 'week' }));
    await waitFor(() =>
      expect(issueQueries().at(-1)!.get('target_date')).toBe('2026-05-17;after,2026-05-23;before'),
    );
    expect(within(grid).getAllByRole('row')).toHaveLength(2);
  });

  it('moves an item to the day it is dropped on, and back when the server refuses', async () => {
    setupLayout({ layout: 'calendar' }, [makeIssue('i1', { name: 'Ship it', target_date: '2026-05-20' })]);
    let refuse = false;
    fakeApi.on('PATCH', `${P}/issues/i1/`, (body) => {
      if (refuse) throw new (class extends Error {})('nope');
      return makeIssueDetail('i1', {
        name: 'Ship it',
        ...(body as object),
        updated_at: '2026-05-19T00:00:00Z',
      });
    });
    renderApp(URL);
    const item = await screen.findByRole('button', { name: 'MOB-1 Ship it' }, { timeout: 15_000 });
    const drop = (day: string) => {
      const data = new Map<string, string>();
      const dataTransfer = {
        setData: (k: string, v: string) => data.set(k, v),
        getData: (k: string) => data.get(k) ?? '',
        get types() {
          return [...data.keys()];
        },
        dropEffect: 'move',
        effectAllowed: 'move',
      };
      fireEvent.dragStart(screen.getByRole('button', { name: 'MOB-1 Ship it' }), { dataTransfer });
      const cell = document.querySelector(`[data-day="${day}"]`)!;
      fireEvent.dragOver(cell, { dataTransfer });
      fireEvent.drop(cell, { dataTransfer });
    };
    expect(item.closest('[data-day]')!.getAttribute('data-day')).toBe('2026-05-20');
    drop('2026-05-22');
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'MOB-1 Ship it' }).closest('[data-day]')!.getAttribute('data-day'),
      ).toBe('2026-05-22'),
    );
    expect(fakeApi.callsTo('PATCH', `${P}/issues/i1/`)[0]!.body).toEqual({ target_date: '2026-05-22' });

    refuse = true;
    drop('2026-05-27');
    await waitFor(() => expect(fakeApi.callsTo('PATCH', `${P}/issues/i1/`)).toHaveLength(2));
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'MOB-1 Ship it' }).closest('[data-day]')!.getAttribute('data-day'),
      ).toBe('2026-05-22'),
    );
  });

  it('marks overdue items and quick-adds on a day with its due date', async () => {
    setupLayout({ layout: 'calendar', calendar: { show_weekends: true, layout: 'month' } }, [
      makeIssue('i1', { name: 'Late', target_date: '2026-05-12' }),
      makeIssue('i2', {
        name: 'Done late',
        sequence_id: 2,
        target_date: '2026-05-12',
        state__group: 'completed',
      }),
    ]);
    fakeApi.on('POST', `${P}/issues/`, (body) =>
      makeIssueDetail('i9', { sequence_id: 9, ...(body as object) }),
    );
    renderApp(URL);
    const late = await screen.findByRole('button', { name: 'MOB-1 Late' }, { timeout: 15_000 });
    expect(late.hasAttribute('data-overdue')).toBe(true);
    expect(screen.getByRole('button', { name: 'MOB-2 Done late' }).hasAttribute('data-overdue')).toBe(false);
    const cell = document.querySelector('[data-day="2026-05-28"]') as HTMLElement;
    await userEvent.click(within(cell).getByRole('button', { name: /New work item on/ }));
    await userEvent.type(within(cell).getByRole('textbox'), 'Release notes{Enter}');
    await waitFor(() =>
      expect(fakeApi.callsTo('POST', `${P}/issues/`)[0]!.body).toEqual({
        name: 'Release notes',
        target_date: '2026-05-28',
      }),
    );
    expect(await within(cell).findByRole('button', { name: 'MOB-9 Release notes' })).toBeTruthy();
  });
});
