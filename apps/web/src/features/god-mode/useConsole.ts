import { useStores } from '../../app/StoresContext.tsx';
import { type ConsoleStores, consoleStoresOf } from './consoleStores.ts';

/** The admin console's stores (made on first use for this app's RootStore). */
export function useConsole(): ConsoleStores {
  return consoleStoresOf(useStores());
}
