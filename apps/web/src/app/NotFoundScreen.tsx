import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../ui/Button.tsx';
import { Logo } from './Logo.tsx';

interface NotFoundScreenProps {
  title?: string;
  message?: string;
}

/** Unknown URLs (and unknown workspaces) land here, with a way home. */
export function NotFoundScreen({
  title = 'Page not found',
  message = 'The page you are looking for does not exist or has moved.',
}: NotFoundScreenProps) {
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-5 bg-canvas px-6 py-16 text-center">
      <Logo withWord={false} />
      <p className="text-sm font-semibold tracking-widest text-link uppercase">404</p>
      <h1 className="text-2xl font-semibold text-fg">{title}</h1>
      <p className="max-w-md text-sm text-fg-muted">{message}</p>
      <Link to="/" className={buttonClasses('primary', 'lg')}>
        Go home
      </Link>
    </main>
  );
}
