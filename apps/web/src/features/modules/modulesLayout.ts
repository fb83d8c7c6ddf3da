import { useState } from 'react';
import { storage } from '../../lib/storage.ts';

export const MODULE_LAYOUTS = ['list', 'gallery', 'timeline'] as const;
export type ModulesLayout = (typeof MODULE_LAYOUTS)[number];

export const modulesLayoutKey = (projectId: string) => `kite:modules-layout:${projectId}`;

/** The layout chosen for a project's modules, kept in this browser; the list until one is chosen. */
export function storedModulesLayout(projectId: string): ModulesLayout {
  const value = storage.get(modulesLayoutKey(projectId));
  return MODULE_LAYOUTS.find((l) => l === value) ?? 'list';
}

/** The project's modules layout and its setter, which remembers the choice. */
export function useModulesLayout(projectId: string): [ModulesLayout, (layout: ModulesLayout) => void] {
  const [layout, setLayout] = useState(() => storedModulesLayout(projectId));
  const choose = (next: ModulesLayout) => {
    setLayout(next);
    storage.set(modulesLayoutKey(projectId), next);
  };
  return [layout, choose];
}
