import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { observer } from 'mobx-react-lite';
import { Toaster } from 'sonner';
import { TooltipProvider } from '../ui/Tooltip.tsx';
import { ErrorScreen } from './ErrorScreen.tsx';
import { NotFoundScreen } from './NotFoundScreen.tsx';
import type { RootStore } from './RootStore.ts';
import { useStores } from './StoresContext.tsx';

export interface RouterContext {
  stores: RootStore;
}

const ThemedToaster = observer(function ThemedToaster() {
  const { user } = useStores();
  return <Toaster theme={user.theme} position="bottom-right" richColors closeButton />;
});

function RootLayout() {
  return (
    <TooltipProvider delayDuration={300}>
      <Outlet />
      <ThemedToaster />
    </TooltipProvider>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: () => <NotFoundScreen />,
  errorComponent: ErrorScreen,
});
