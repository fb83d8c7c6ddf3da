import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Layout } from '../store/displayFilters.ts';
import { LAYOUT_FOLDERS, useLayoutComponent } from './registry.ts';

function Probe({ layout }: { layout: Layout }) {
  const Component = useLayoutComponent(layout);
  return <span>{Component === null ? 'loading' : Component === undefined ? 'not built' : 'ready'}</span>;
}

describe('useLayoutComponent', () => {
  it('is null while the chunk loads, then the component, and at once on the next mount', async () => {
    const first = render(<Probe layout="gantt_chart" />);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('ready')).toBeTruthy();
    first.unmount();
    render(<Probe layout="gantt_chart" />);
    expect(screen.getByText('ready')).toBeTruthy();
  });

  it('has a chunk for every layout', async () => {
    for (const layout of Object.keys(LAYOUT_FOLDERS) as Layout[]) {
      const { unmount } = render(<Probe layout={layout} />);
      expect(await screen.findByText('ready')).toBeTruthy();
      unmount();
    }
  });
});
