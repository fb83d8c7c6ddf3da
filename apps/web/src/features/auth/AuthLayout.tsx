import type { ReactNode } from 'react';
import { Logo } from '../../app/Logo.tsx';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  /** Top-right aside, e.g. "New to Kite? Sign up". */
  aside?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of every signed-out screen: logo, a centred column, one heading. */
export function AuthLayout({ title, subtitle, aside, children, footer }: AuthLayoutProps) {
  return (
    <div className="relative flex min-h-full flex-col bg-canvas">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 h-72 bg-gradient-to-b from-primary-soft/70 to-transparent"
      />
      <header className="relative flex items-center justify-between px-6 py-5 sm:px-10">
        <Logo />
        {aside && <div className="text-sm text-fg-muted">{aside}</div>}
      </header>
      <main className="relative flex flex-1 items-start justify-center px-4 pt-[8vh] pb-16">
        <div className="w-full max-w-sm">
          <div className="mb-7 text-center">
            <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
            {subtitle && <p className="mt-2 text-sm text-fg-muted">{subtitle}</p>}
          </div>
          {children}
          {footer && <div className="mt-6 text-center text-sm text-fg-muted">{footer}</div>}
        </div>
      </main>
    </div>
  );
}
