import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { RootStore } from '../app/RootStore.ts';
import { createAppRouter } from '../app/router.tsx';
import { StoresProvider } from '../app/StoresContext.tsx';
import { trackRouter } from './settleRouters.ts';

/** Renders the whole app (real routes, guards and stores) at a URL; the api module must be faked. */
export function renderApp(url: string, stores = new RootStore()) {
  const history = createMemoryHistory({ initialEntries: [url] });
  const router = createAppRouter(stores, { history });
  trackRouter(router);
  const view = render(
    <StoresProvider stores={stores}>
      <RouterProvider router={router} />
    </StoresProvider>,
  );
  return { ...view, router, stores };
}
