import clsx from 'clsx';

/** A labelled progress bar (role progressbar), with the figure beside it. */
export function ProgressBar({
  label,
  value,
  max,
  text,
  className,
}: {
  label: string;
  value: number;
  max: number;
  /** What is read out and shown beside the bar ("1,200 of 5,000 rows"); a percentage unless told. */
  text?: string;
  className?: string;
}) {
  const fraction = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  const shown = text ?? `${Math.round(fraction * 100)} %`;
  return (
    <div className={clsx('flex items-center gap-3', className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={shown}
        className="h-2 flex-1 overflow-hidden rounded-full bg-surface-3"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: `${fraction * 100}%` }}
        />
      </div>
      <span className="shrink-0 text-xs tabular-nums text-fg-muted">{shown}</span>
    </div>
  );
}
