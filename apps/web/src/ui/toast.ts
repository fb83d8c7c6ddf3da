import type { ExternalToast } from 'sonner';
import { errorMessage } from '../lib/api.ts';

type Sonner = typeof import('sonner');

let loading: Promise<Sonner> | null = null;
const loadingListeners = new Set<() => void>();

/**
 * Loads the toast library (once). Nothing loads it before the first toast: it is not on any
 * screen's critical path, and the Toaster mounts then (sonner replays toasts raised before).
 */
export function loadToasts(): Promise<Sonner> {
  if (!loading) {
    loading = import('sonner');
    for (const listener of loadingListeners) listener();
  }
  return loading;
}

/** Tells the toaster host when the first toast asks for the library; returns the unsubscribe. */
export function onToastsRequested(listener: () => void): () => void {
  if (loading) listener();
  loadingListeners.add(listener);
  return () => loadingListeners.delete(listener);
}

/** sonner's `toast.success` / `toast.error`, loaded on first use. */
export const toast = {
  success(message: string, options?: ExternalToast): void {
    void loadToasts().then((sonner) =>
      options ? sonner.toast.success(message, options) : sonner.toast.success(message),
    );
  },
  error(message: string, options?: ExternalToast): void {
    void loadToasts().then((sonner) =>
      options ? sonner.toast.error(message, options) : sonner.toast.error(message),
    );
  },
};

/** Shows the server's message (or a fallback) for a failed request. */
export function toastError(error: unknown, fallback?: string): void {
  toast.error(errorMessage(error, fallback));
}

export function toastSuccess(message: string): void {
  toast.success(message);
}

/** Runs an action and toasts its failure; resolves to whether it succeeded. */
export async function withErrorToast(action: () => Promise<unknown>, fallback?: string): Promise<boolean> {
  try {
    await action();
    return true;
  } catch (error) {
    toastError(error, fallback);
    return false;
  }
}
