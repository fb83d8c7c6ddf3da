import { useEffect } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { type ConsoleStores, consoleStoresOf } from './consoleStores.ts';

/** The admin console's stores (made on first use for this app's RootStore). */
export function useConsole(): ConsoleStores {
  return consoleStoresOf(useStores());
}

/** The instance settings, loaded (once) when a section that shows them mounts. */
export function useInstanceSettings(): ConsoleStores['settings'] {
  const { settings } = useConsole();
  useEffect(() => {
    settings.load().catch(() => undefined); // the section shows settings.loadError
  }, [settings]);
  return settings;
}
