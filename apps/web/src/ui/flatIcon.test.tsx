import { render } from '@testing-library/react';
import * as ban from 'lucide-react/icons/ban';
import * as calendarCheck2 from 'lucide-react/icons/calendar-check-2';
import { describe, expect, it } from 'vitest';
import { elementPath, flatIcon, iconData } from './flatIcon.tsx';

describe('flatIcon', () => {
  it('draws every element of a lucide icon in one path', () => {
    const data = iconData(calendarCheck2);
    const Icon = flatIcon(data);
    const { container } = render(<Icon className="size-3.5" aria-hidden />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('class')).toBe('size-3.5');
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg.querySelectorAll('path')).toHaveLength(1);
    const d = svg.querySelector('path')!.getAttribute('d')!;
    // Eleven strokes, each starting with an absolute moveto.
    expect(d.match(/M/g)).toHaveLength(data.node.length);
    expect(d).toContain('M16 19 l2 2 4-4');
  });

  it('turns circles, lines, rectangles and polylines into path data', () => {
    expect(elementPath('circle', { cx: '12', cy: '12', r: '10' })).toBe(
      'M2 12a10 10 0 1 0 20 0a10 10 0 1 0 -20 0',
    );
    expect(elementPath('line', { x1: '8', y1: '12', x2: '16', y2: '12' })).toBe('M8 12L16 12');
    expect(elementPath('rect', { x: '3', y: '4', width: '18', height: '18' })).toBe('M3 4h18v18h-18Z');
    expect(elementPath('rect', { x: '3', y: '4', width: '18', height: '18', rx: '2' })).toMatch(
      /^M5 4h14a2 2/,
    );
    expect(elementPath('polyline', { points: '22 7 13.5 15.5 8.5 10.5 2 17' })).toBe(
      'M22 7L13.5 15.5L8.5 10.5L2 17',
    );
    expect(elementPath('polygon', { points: '1,2 3,4 5,6' })).toBe('M1 2L3 4L5 6Z');
    expect(elementPath('path', { d: 'm16 6-8.4 8.5' })).toBe('M16 6 l-8.4 8.5');
    expect(elementPath('path', { d: 'M2 20h.01' })).toBe('M2 20h.01');
    expect(() => elementPath('text', {})).toThrow(/no path for <text>/);
  });

  it('keeps a circle icon a circle', () => {
    const d = flatIcon(iconData(ban))({}).props.children.props.d as string;
    expect(d.startsWith('M2 12a10 10 0 1 0 20 0')).toBe(true);
  });

  it('refuses a module without icon data', () => {
    expect(() => iconData({ default: () => null })).toThrow(/not a lucide icon module/);
  });
});
