// Runs before first paint so a dark-theme user never sees a white flash.
// The app keeps the chosen theme in localStorage under "kite_theme" (see src/lib/theme.ts).
(() => {
  try {
    const theme = localStorage.getItem('kite_theme') || 'system';
    const prefersDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    if (theme === 'dark' || (theme === 'system' && prefersDark))
      document.documentElement.classList.add('dark');
  } catch {
    // Storage unavailable: keep the light default.
  }
})();
