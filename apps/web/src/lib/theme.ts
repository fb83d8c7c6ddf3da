import { storage } from './storage.ts';

export type ThemeName = 'light' | 'dark' | 'system';
export const THEME_STORAGE_KEY = 'kite_theme';

export function toThemeName(value: unknown): ThemeName {
  return value === 'light' || value === 'dark' ? value : 'system';
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

let current: ThemeName = 'system';
let listening = false;

function paint() {
  const dark = current === 'dark' || (current === 'system' && systemPrefersDark());
  document.documentElement.classList.toggle('dark', dark);
}

/**
 * Applies a theme to <html> and remembers it for the next page load (public/theme-boot.js).
 * 'system' follows prefers-color-scheme, live.
 */
export function applyTheme(theme: ThemeName): void {
  current = theme;
  storage.set(THEME_STORAGE_KEY, theme);
  paint();
  if (!listening && typeof window.matchMedia === 'function') {
    listening = true;
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener?.('change', () => {
      if (current === 'system') paint();
    });
  }
}

export function isDarkApplied(): boolean {
  return document.documentElement.classList.contains('dark');
}
