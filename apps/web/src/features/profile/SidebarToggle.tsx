import { PanelRightClose, PanelRightOpen } from 'lucide-react';
import { useState } from 'react';
import { storage } from '../../lib/storage.ts';
import { IconButton } from '../../ui/Button.tsx';

/** Spec §2: the profile sidebar's collapsed state is kept locally. */
export const PROFILE_SIDEBAR_COLLAPSED_KEY = 'profile_sidebar_collapsed';

/** Whether the profile's sidebar is collapsed (kept in this browser), and its toggle. */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(() => storage.getBoolean(PROFILE_SIDEBAR_COLLAPSED_KEY, false));
  const toggle = () => {
    storage.set(PROFILE_SIDEBAR_COLLAPSED_KEY, String(!collapsed));
    setCollapsed(!collapsed);
  };
  return [collapsed, toggle];
}

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
