import { RouterProvider } from '@tanstack/react-router';
import { reaction } from 'mobx';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RootStore } from './app/RootStore.ts';
import { createAppRouter } from './app/router.tsx';
import { StoresProvider } from './app/StoresContext.tsx';
import { setUnauthorizedHandler } from './lib/api.ts';
import { applyTheme } from './lib/theme.ts';
import './index.css';

const stores = new RootStore();
const router = createAppRouter(stores);

// The profile's theme drives the `dark` class once we know who is signed in
// (until then the theme-boot script's cached choice stays, so nothing flashes).
reaction(
  () => (stores.user.sessionChecked ? stores.user.theme : null),
  (theme) => {
    if (theme) applyTheme(theme);
  },
  { fireImmediately: true },
);

// A session that ended elsewhere (sign-out in another tab, password change, removal):
// forget the user and go to sign-in, coming back here afterwards.
setUnauthorizedHandler(() => {
  if (!stores.user.isAuthenticated) return;
  stores.reset();
  const { pathname, searchStr } = router.state.location;
  void router.navigate({ to: '/', search: { next_path: pathname + searchStr }, replace: true });
});

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root');
createRoot(root).render(
  <StrictMode>
    <StoresProvider stores={stores}>
      <RouterProvider router={router} />
    </StoresProvider>
  </StrictMode>,
);
