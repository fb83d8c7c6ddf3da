import { useState } from 'react';
import { storage } from './storage.ts';

/**
 * A yes/no kept in this browser under `key` (spec §2: the sidebars' collapsed states), and its
 * toggle. Each screen names its own key, so one sidebar's state never moves another's.
 */
export function useStoredFlag(key: string, fallback = false): [boolean, () => void] {
  const [value, setValue] = useState(() => storage.getBoolean(key, fallback));
  const toggle = () => {
    storage.set(key, String(!value));
    setValue(!value);
  };
  return [value, toggle];
}
