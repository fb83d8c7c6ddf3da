import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RootStore } from '../../app/RootStore.ts';
import { makeUser, makeWorkspace } from '../../test/fixtures.ts';
import { renderInRouter } from '../../test/renderInRouter.tsx';
import { Sidebar } from './Sidebar.tsx';
import { SIDEBAR_COLLAPSED_KEY, SidebarStore } from './SidebarStore.ts';

function renderSidebar() {
  const stores = new RootStore();
  stores.user.setSignedIn(makeUser());
  const workspace = makeWorkspace();
  renderInRouter(
    () => (
      <>
        <Sidebar workspace={workspace} />
        <input aria-label="Search" />
      </>
    ),
    { stores, url: '/acme' },
  );
  return stores;
}

describe('app sidebar collapse', () => {
  it('collapses and expands with the button and keeps the state in localStorage', async () => {
    const user = userEvent.setup();
    renderSidebar();
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(sidebar.dataset.collapsed).toBe('false');
    expect(screen.getByText('Acme')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(sidebar.dataset.collapsed).toBe('true');
    expect(window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('true');
    // Collapsed, the links keep their names for screen readers.
    expect(screen.getByRole('link', { name: 'Home' })).toBeTruthy();
    expect(screen.queryByText('Acme')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(sidebar.dataset.collapsed).toBe('false');
    expect(window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('false');
  });

  it('starts collapsed when the stored flag says so (as after a reload)', async () => {
    window.localStorage.setItem(SIDEBAR_COLLAPSED_KEY, 'true');
    expect(new SidebarStore().collapsed).toBe(true);
    renderSidebar();
    expect((await screen.findByRole('complementary', { name: 'Sidebar' })).dataset.collapsed).toBe('true');
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeTruthy();
  });

  it('toggles with the [ key, but not while typing in a field', async () => {
    renderSidebar();
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    act(() => {
      fireEvent.keyDown(window, { key: '[' });
    });
    expect(sidebar.dataset.collapsed).toBe('true');

    const input = screen.getByLabelText('Search');
    act(() => {
      fireEvent.keyDown(input, { key: '[' });
    });
    expect(sidebar.dataset.collapsed).toBe('true');
    act(() => {
      fireEvent.keyDown(window, { key: '[', ctrlKey: true });
    });
    expect(sidebar.dataset.collapsed).toBe('true');
  });
});
