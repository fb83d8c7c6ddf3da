import clsx from 'clsx';
import {
  BanIcon,
  OctagonAlertIcon,
  SignalHighIcon,
  SignalLowIcon,
  SignalMediumIcon,
} from '../../ui/boardIcons.ts';

export const PRIORITY_LABELS: Record<string, string> = {
  urgent: 'Urgent',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  none: 'No priority',
};

const ICONS = {
  urgent: { Icon: OctagonAlertIcon, className: 'text-danger' },
  high: { Icon: SignalHighIcon, className: 'text-warning' },
  medium: { Icon: SignalMediumIcon, className: 'text-warning' },
  low: { Icon: SignalLowIcon, className: 'text-link' },
  none: { Icon: BanIcon, className: 'text-fg-subtle' },
} as const;

/** A work item's priority as an icon, with its name for assistive technology (and visibly when asked). */
export function PriorityIcon({
  priority,
  withLabel = false,
  className = 'text-xs text-fg-muted',
}: {
  priority: string;
  withLabel?: boolean;
  className?: string;
}) {
  const { Icon, className: tone } = ICONS[priority as keyof typeof ICONS] ?? ICONS.none;
  const label = PRIORITY_LABELS[priority] ?? PRIORITY_LABELS.none;
  return (
    <span className={clsx('inline-flex items-center gap-1', className)} title={`Priority: ${label}`}>
      <Icon className={clsx('size-3.5 shrink-0', tone)} aria-hidden />
      {withLabel ? label : <span className="sr-only">Priority: {label}</span>}
    </span>
  );
}
