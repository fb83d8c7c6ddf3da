import clsx from 'clsx';

/** The Kite mark (and word). */
export function Logo({ withWord = true, className }: { withWord?: boolean; className?: string }) {
  return (
    <span className={clsx('inline-flex items-center gap-2 font-semibold text-fg', className)}>
      <svg viewBox="0 0 32 32" className="size-7 shrink-0" aria-hidden>
        <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
        <path d="M16 5 26 15 16 27 6 15Z" fill="#fff" />
        <path d="M16 5v22M6 15h20" stroke="var(--color-primary)" strokeWidth="1.6" />
      </svg>
      {withWord && <span className="text-lg tracking-tight">Kite</span>}
    </span>
  );
}
