import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useState } from 'react';
import { TooltipProvider } from '../ui/Tooltip.tsx';
import { onToastsRequested } from '../ui/toast.ts';
import { ErrorScreen } from './ErrorScreen.tsx';
import { NotFoundScreen } from './NotFoundScreen.tsx';
import type { RootStore } from './RootStore.ts';
import { useStores } from './StoresContext.tsx';

export interface RouterContext {
  stores: RootStore;
}

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** The toaster mounts with the first toast (ui/toast.ts loads sonner then), off every critical path. */
const ThemedToaster = observer(function ThemedToaster() {
  const { user } = useStores();
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToastsRequested(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme={user.theme} position="bottom-right" richColors closeButton />
    </Suspense>
  );
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
