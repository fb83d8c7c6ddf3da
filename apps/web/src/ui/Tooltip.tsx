import type { TooltipProviderProps } from '@radix-ui/react-tooltip';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import type { TooltipSettings } from './RadixParts.tsx';
import { prefetchRadix, useRadix } from './radixLoader.ts';
import { newHandover, ShellSlot, shellTriggerProps } from './shellTrigger.tsx';

/**
 * Tooltips (Radix's). Radix is a chunk loaded after the first paint (radixLoader.ts): until it is
 * there a tooltip renders its child alone (hovering or focusing it starts the load, and the
 * tooltip shows once it is in, the pointer still over it or the focus still on it).
 */

const Settings = createContext<TooltipSettings>({
  delayDuration: 700,
  skipDelayDuration: 300,
  disableHoverableContent: false,
});

/** The tooltips' delays (Radix's provider props); each tooltip renders Radix's provider itself. */
export function TooltipProvider({
  children,
  delayDuration = 700,
  skipDelayDuration = 300,
  disableHoverableContent = false,
}: Omit<TooltipProviderProps, 'children'> & { children?: ReactNode }) {
  const settings = useMemo(
    () => ({ delayDuration, skipDelayDuration, disableHoverableContent }),
    [delayDuration, skipDelayDuration, disableHoverableContent],
  );
  return <Settings.Provider value={settings}>{children}</Settings.Provider>;
}

interface TooltipProps {
  content: ReactNode;
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** Render the child without a tooltip (e.g. when its label is already visible). */
  disabled?: boolean;
}

export function Tooltip({ content, children, side = 'top', disabled }: TooltipProps) {
  const radix = useRadix();
  const settings = useContext(Settings);
  const [handover] = useState(newHandover);
  useEffect(() => {
    if (!radix && !disabled) prefetchRadix();
  }, [radix, disabled]);
  if (disabled) return <>{children}</>;
  if (!radix) return <ShellSlot {...shellTriggerProps(handover)}>{children}</ShellSlot>;
  return (
    <radix.TooltipImpl content={content} side={side} settings={settings} handover={handover}>
      {children}
    </radix.TooltipImpl>
  );
}
