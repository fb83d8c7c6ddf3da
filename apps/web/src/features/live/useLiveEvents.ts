import { useEffect } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { liveEventsUrl, openLiveSocket } from './liveSocket.ts';

/** Keeps the workspace's live events flowing into the stores while it is open. */
export function useLiveEvents(slug: string): void {
  const { live } = useStores();
  useEffect(
    () =>
      openLiveSocket({
        url: liveEventsUrl(window.location),
        slug,
        onSignal: (signal) => live.receive(signal, slug),
      }),
    [live, slug],
  );
}
