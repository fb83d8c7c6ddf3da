import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ModulesLayoutSwitcher } from './ModulesLayoutSwitcher.tsx';
import { modulesLayoutKey, useModulesLayout } from './modulesLayout.ts';

function Switcher({ projectId }: { projectId: string }) {
  const [layout, setLayout] = useModulesLayout(projectId);
  return <ModulesLayoutSwitcher value={layout} onChange={setLayout} />;
}

const pressed = () =>
  ['List layout', 'Gallery layout', 'Timeline layout'].filter(
    (name) => screen.getByRole('button', { name }).getAttribute('aria-pressed') === 'true',
  );

describe('the modules layout switcher', () => {
  it('starts on the list and remembers the choice per project', async () => {
    const user = userEvent.setup();
    const first = render(<Switcher projectId="p1" />);
    expect(pressed()).toEqual(['List layout']);

    await user.click(screen.getByRole('button', { name: 'Gallery layout' }));
    expect(pressed()).toEqual(['Gallery layout']);
    expect(window.localStorage.getItem(modulesLayoutKey('p1'))).toBe('gallery');
    first.unmount();

    const again = render(<Switcher projectId="p1" />);
    expect(pressed()).toEqual(['Gallery layout']);
    await user.click(screen.getByRole('button', { name: 'Timeline layout' }));
    again.unmount();

    render(<Switcher projectId="p2" />);
    expect(pressed()).toEqual(['List layout']);
    expect(window.localStorage.getItem(modulesLayoutKey('p1'))).toBe('timeline');
  });

  it('falls back to the list on a value it does not know', () => {
    window.localStorage.setItem(modulesLayoutKey('p1'), 'kanban');
    render(<Switcher projectId="p1" />);
    expect(pressed()).toEqual(['List layout']);
  });
});
