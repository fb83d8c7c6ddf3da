import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { signOut } from '../features/auth/signOut.ts';
import { Button } from '../ui/Button.tsx';
import { toastError } from '../ui/toast.ts';
import { Logo } from './Logo.tsx';
import { useStores } from './StoresContext.tsx';

interface FocusLayoutProps {
  title: string;
  subtitle?: ReactNode;
  /** Above the title (e.g. the onboarding progress). */
  top?: ReactNode;
  children: ReactNode;
  width?: 'md' | 'lg';
}

/** A signed-in screen outside any workspace: onboarding, create workspace, invitations. */
export const FocusLayout = observer(function FocusLayout({
  title,
  subtitle,
  top,
  children,
  width = 'md',
}: FocusLayoutProps) {
  const stores = useStores();
  const email = stores.user.user?.email;
  return (
    <div className="flex min-h-full flex-col bg-surface">
      <header className="flex items-center justify-between gap-4 border-b border-border bg-canvas px-6 py-3">
        <Logo />
        <div className="flex items-center gap-3 text-sm text-fg-muted">
          {email && (
            <span className="hidden sm:inline">
              Signed in as <span className="font-medium text-fg">{email}</span>
            </span>
          )}
          <Button size="sm" onClick={() => signOut(stores).catch((error) => toastError(error))}>
            Sign out
          </Button>
        </div>
      </header>
      <main className="flex flex-1 justify-center px-4 py-10 sm:py-14">
        <div className={width === 'md' ? 'w-full max-w-lg' : 'w-full max-w-2xl'}>
          {top && <div className="mb-8">{top}</div>}
          <div className="rounded-xl border border-border bg-canvas p-6 shadow-sm sm:p-8">
            <div className="mb-6">
              <h1 className="text-xl font-semibold tracking-tight text-fg">{title}</h1>
              {subtitle && <p className="mt-1.5 text-sm text-fg-muted">{subtitle}</p>}
            </div>
            {children}
          </div>
        </div>
      </main>
    </div>
  );
});
