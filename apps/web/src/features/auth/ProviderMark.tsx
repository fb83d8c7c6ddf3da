import type { OAuthProvider } from '@kite/shared/domain';

/** A provider's initial in its brand colour: recognisable at a glance without shipping logo files. */
const MARKS: Record<Exclude<OAuthProvider, 'oidc'>, { letter: string; colour: string }> = {
  google: { letter: 'G', colour: '#4285F4' },
  github: { letter: 'GH', colour: '#24292f' },
  gitlab: { letter: 'GL', colour: '#E24329' },
  gitea: { letter: 'Gt', colour: '#609926' },
};

export function ProviderMark({ provider }: { provider: Exclude<OAuthProvider, 'oidc'> }) {
  const mark = MARKS[provider];
  return (
    <span
      aria-hidden
      className="inline-flex size-5 items-center justify-center rounded text-[10px] font-bold text-white"
      style={{ backgroundColor: mark.colour }}
    >
      {mark.letter}
    </span>
  );
}
