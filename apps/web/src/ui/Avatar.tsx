import clsx from 'clsx';
import { useState } from 'react';

const PALETTE = ['#2f63e6', '#0e7c66', '#b2481b', '#7c3aed', '#be185d', '#0369a1', '#4d7c0f', '#a16207'];

function colorFor(seed: string): string {
  let hash = 0;
  for (const ch of seed) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return PALETTE[Math.abs(hash) % PALETTE.length] ?? '#2f63e6';
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '?';
  const second = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + second).toUpperCase();
}

interface AvatarProps {
  name: string;
  src?: string | null;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  shape?: 'circle' | 'square';
  className?: string;
}

const SIZES = {
  xs: 'size-5 text-[10px]',
  sm: 'size-6 text-[11px]',
  md: 'size-8 text-xs',
  lg: 'size-12 text-base',
};

/** A picture, or initials on a colour derived from the name. Decorative: the name is shown nearby. */
export function Avatar({ name, src, size = 'md', shape = 'circle', className }: AvatarProps) {
  const classes = clsx(
    'inline-flex shrink-0 items-center justify-center overflow-hidden font-semibold text-white',
    shape === 'circle' ? 'rounded-full' : 'rounded-md',
    SIZES[size],
    className,
  );
  // A picture the page may not load (another origin is refused by the CSP, or it is gone) falls back to initials.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        alt=""
        aria-hidden
        className={clsx(classes, 'object-cover')}
        onError={() => setFailedSrc(src)}
      />
    );
  }
  return (
    <span aria-hidden className={classes} style={{ backgroundColor: colorFor(name) }}>
      {initials(name)}
    </span>
  );
}
