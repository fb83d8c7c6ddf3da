import { PanelRightClose, PanelRightOpen } from 'lucide-react';
import { useStoredFlag } from '../../lib/useStoredFlag.ts';
import { IconButton } from '../../ui/Button.tsx';

/** Spec §2: the profile sidebar's collapsed state is kept locally. */
export const PROFILE_SIDEBAR_COLLAPSED_KEY = 'profile_sidebar_collapsed';

/** Whether the profile's sidebar is collapsed (kept in this browser), and its toggle. */
export const useSidebarCollapsed = () => useStoredFlag(PROFILE_SIDEBAR_COLLAPSED_KEY);

export function SidebarToggle({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  return (
    <IconButton
      label={collapsed ? 'Show profile details' : 'Hide profile details'}
      onClick={onToggle}
      aria-expanded={!collapsed}
      size="sm"
    >
      {collapsed ? (
        <PanelRightOpen className="size-4" aria-hidden />
      ) : (
        <PanelRightClose className="size-4" aria-hidden />
      )}
    </IconButton>
  );
}
