import type { SVGProps } from 'react';

/** A lucide icon's elements, as its module (`lucide-react/icons/<name>`) exports them in `__iconData`. */
export interface IconData {
  node: [string, Record<string, string | number | undefined>][];
}

/** The icon data of a `lucide-react/icons/<name>` module (its types declare only the component). */
export function iconData(module: unknown): IconData {
  const data = (module as { __iconData?: IconData }).__iconData;
  if (!data || !Array.isArray(data.node)) throw new Error('flatIcon: not a lucide icon module');
  return data;
}

const NUM = '[-+]?(?:\\d*\\.\\d+|\\d+\\.?)(?:[eE][-+]?\\d+)?';
const NUMBER = new RegExp(NUM, 'g');
const LEADING_RELATIVE_MOVETO = new RegExp(`^\\s*m\\s*(${NUM})[\\s,]*(${NUM})(.*)$`, 's');
const num = (value: string | number | undefined) => Number(value ?? 0);

/**
 * A leading relative moveto is absolute only at the start of a path: in a joined path it would
 * move from the previous end. So `m x y …` becomes `M x y l …` (pairs after a moveto are linetos).
 */
function absoluteStart(d: string): string {
  const match = LEADING_RELATIVE_MOVETO.exec(d);
  if (!match) return d.trim();
  const [, x, y, rest = ''] = match;
  const tail = rest.trim().replace(/^,/, '').trim();
  if (!tail) return `M${x} ${y}`;
  return /^[a-z]/i.test(tail) ? `M${x} ${y} ${tail}` : `M${x} ${y} l${tail}`;
}

/** One SVG element as path data, so that an icon's elements can share one `<path>`. */
export function elementPath(tag: string, a: Record<string, string | number | undefined>): string {
  switch (tag) {
    case 'path':
      return absoluteStart(String(a.d ?? ''));
    case 'circle':
    case 'ellipse': {
      const cx = num(a.cx);
      const cy = num(a.cy);
      const rx = num(tag === 'circle' ? a.r : a.rx);
      const ry = num(tag === 'circle' ? a.r : a.ry);
      return `M${cx - rx} ${cy}a${rx} ${ry} 0 1 0 ${2 * rx} 0a${rx} ${ry} 0 1 0 ${-2 * rx} 0`;
    }
    case 'line':
      return `M${num(a.x1)} ${num(a.y1)}L${num(a.x2)} ${num(a.y2)}`;
    case 'polyline':
    case 'polygon': {
      const n = String(a.points ?? '').match(NUMBER) ?? [];
      const pairs = [];
      for (let i = 0; i + 1 < n.length; i += 2) pairs.push(`${n[i]} ${n[i + 1]}`);
      return pairs.length ? `M${pairs.join('L')}${tag === 'polygon' ? 'Z' : ''}` : '';
    }
    case 'rect': {
      const x = num(a.x);
      const y = num(a.y);
      const w = num(a.width);
      const h = num(a.height);
      const r = Math.min(num(a.rx ?? a.ry), w / 2, h / 2);
      if (!r) return `M${x} ${y}h${w}v${h}h${-w}Z`;
      return (
        `M${x + r} ${y}h${w - 2 * r}a${r} ${r} 0 0 1 ${r} ${r}v${h - 2 * r}a${r} ${r} 0 0 1 ${-r} ${r}` +
        `h${-(w - 2 * r)}a${r} ${r} 0 0 1 ${-r} ${-r}v${-(h - 2 * r)}a${r} ${r} 0 0 1 ${r} ${-r}Z`
      );
    }
    default:
      throw new Error(`flatIcon: no path for <${tag}>`);
  }
}

/**
 * A lucide icon as one `<svg>` with one `<path>`, decorative (hidden from assistive technology). Board cards show a few icons each and a long
 * column mounts cards every frame while it scrolls: lucide's own component renders an element
 * per stroke (eleven for a calendar), each created, styled, laid out and painted on its own.
 */
export function flatIcon(data: IconData) {
  const d = data.node.map(([tag, attrs]) => elementPath(tag, attrs)).join('');
  return function FlatIcon(props: Omit<SVGProps<SVGSVGElement>, 'children'>) {
    return (
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        {...props}
      >
        <path d={d} />
      </svg>
    );
  };
}
