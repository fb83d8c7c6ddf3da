import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Menus and tooltips before the Radix chunk has loaded (ui/radixLoader.ts). The test setup loads
 * it for every other test; here each test imports fresh modules, so the chunk is not there yet.
 */
let Menu: typeof import('./Menu.tsx');
let TooltipModule: typeof import('./Tooltip.tsx');
let loader: typeof import('./radixLoader.ts');

beforeEach(async () => {
  vi.resetModules();
  Menu = await import('./Menu.tsx');
  TooltipModule = await import('./Tooltip.tsx');
  loader = await import('./radixLoader.ts');
  expect(loader.radixParts()).toBeNull();
});

/** Waits for the chunk and for the components to show it (after a press is released). */
async function chunkIn() {
  await act(async () => {
    await loader.loadRadix();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function Example({ onOpenChange, open }: { onOpenChange?: (open: boolean) => void; open?: boolean }) {
  const { Menu: Root, MenuContent, MenuItem, MenuTrigger } = Menu;
  return (
    <Root onOpenChange={onOpenChange} open={open}>
      <MenuTrigger className="trigger">Actions</MenuTrigger>
      <MenuContent>
        <MenuItem disabled>Archive</MenuItem>
        <MenuItem>Copy link</MenuItem>
        <MenuItem>Delete</MenuItem>
      </MenuContent>
    </Root>
  );
}

describe('a menu before the Radix chunk has loaded', () => {
  it('shows its trigger with the ARIA state Radix gives it, and nothing else', () => {
    render(<Example />);
    const trigger = screen.getByRole('button', { name: 'Actions' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(trigger.getAttribute('data-state')).toBe('closed');
    expect(trigger.getAttribute('type')).toBe('button');
    expect(trigger.classList.contains('trigger')).toBe(true);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens on a click once the chunk is in, telling onOpenChange at once', async () => {
    const onOpenChange = vi.fn();
    render(<Example onOpenChange={onOpenChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    expect(onOpenChange).toHaveBeenCalledWith(true);
    expect((await screen.findByRole('menu')).isConnected).toBe(true);
    // (A modal menu hides the rest of the page from assistive technology.)
    expect(screen.getByRole('button', { name: 'Actions', hidden: true }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(onOpenChange).toHaveBeenCalledTimes(1);
  });

  it('opens from the keyboard with the first enabled item focused, as Radix does', async () => {
    const user = userEvent.setup();
    render(<Example />);
    screen.getByRole('button', { name: 'Actions' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Copy link' })),
    );
    // Radix's keyboard handling from there on.
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions' }));
  });

  it('forgets an opening Escape cancelled while the chunk loads', async () => {
    const onOpenChange = vi.fn();
    render(<Example onOpenChange={onOpenChange} />);
    const trigger = screen.getByRole('button', { name: 'Actions' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
    await chunkIn();
    expect(screen.queryByRole('menu')).toBeNull();
    // The trigger that replaced the shell's keeps the focus.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions' }));
  });

  it('opens a controlled open menu as soon as the chunk is in', async () => {
    render(<Example open />);
    expect(screen.queryByRole('menu')).toBeNull();
    expect((await screen.findByRole('menu')).isConnected).toBe(true);
  });

  it('passes props and the ref through to an asChild trigger', async () => {
    const { Menu: Root, MenuContent, MenuItem, MenuTrigger } = Menu;
    const ref = createRef<HTMLButtonElement>();
    const onClick = vi.fn();
    render(
      <Root>
        <MenuTrigger asChild onClick={onClick}>
          <button type="button" ref={ref} className="own" aria-label="More">
            …
          </button>
        </MenuTrigger>
        <MenuContent>
          <MenuItem>Edit</MenuItem>
        </MenuContent>
      </Root>,
    );
    const trigger = screen.getByRole('button', { name: 'More' });
    expect(ref.current).toBe(trigger);
    expect(trigger.classList.contains('own')).toBe(true);
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    await userEvent.click(trigger);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect((await screen.findByRole('menuitem', { name: 'Edit' })).isConnected).toBe(true);
    expect(ref.current).toBe(screen.getByRole('button', { name: 'More', hidden: true }));
  });
});

describe('a tooltip before the Radix chunk has loaded', () => {
  const renderTooltip = () => {
    const { Tooltip, TooltipProvider } = TooltipModule;
    render(
      <TooltipProvider delayDuration={0}>
        <Tooltip content="Collapse sidebar">
          <button type="button">Toggle</button>
        </Tooltip>
      </TooltipProvider>,
    );
  };

  it('renders its child alone, then shows for the focus the child had when the chunk came', async () => {
    renderTooltip();
    expect(screen.queryByRole('tooltip')).toBeNull();
    screen.getByRole('button', { name: 'Toggle' }).focus();
    await chunkIn();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Toggle' }));
    expect((await screen.findByRole('tooltip')).textContent).toContain('Collapse sidebar');
  });

  it('stays closed for a focus a click gave', async () => {
    renderTooltip();
    await userEvent.pointer({ keys: '[MouseLeft]', target: screen.getByRole('button', { name: 'Toggle' }) });
    await chunkIn();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Toggle' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
