import clsx from 'clsx';

interface SpinnerProps {
  className?: string;
  /** Accessible name; pass null when a parent already announces the busy state. */
  label?: string | null;
  size?: 'sm' | 'md' | 'lg';
}

const SIZES = { sm: 'size-3.5 border-[1.5px]', md: 'size-5 border-2', lg: 'size-8 border-[3px]' };

export function Spinner({ className, label = 'Loading', size = 'md' }: SpinnerProps) {
  const circle = (
    <span
      aria-hidden="true"
      className={clsx(
        'inline-block animate-spin rounded-full border-current border-r-transparent opacity-80',
        SIZES[size],
        className,
      )}
    />
  );
  if (label === null) return circle;
  return (
    <span role="status" aria-label={label} className="inline-flex">
      {circle}
    </span>
  );
}

/** A centred loader for a screen or panel that is fetching its data. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex h-full min-h-40 w-full items-center justify-center text-fg-subtle">
      <Spinner size="lg" label={label} />
    </div>
  );
}
