import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RootStore } from '../app/RootStore.ts';
import { StoresProvider } from '../app/StoresContext.tsx';
import { TooltipProvider } from '../ui/Tooltip.tsx';
import { trackRouter } from './settleRouters.ts';

/** Renders one component with the app's providers and a router (so Links work), at a URL. */
export function renderInRouter(ui: () => ReactNode, { stores = new RootStore(), url = '/' } = {}) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <TooltipProvider>{ui()}</TooltipProvider> }),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  trackRouter(router);
  const view = render(
    <StoresProvider stores={stores}>
      <RouterProvider router={router} />
    </StoresProvider>,
  );
  return { ...view, router, stores };
}
