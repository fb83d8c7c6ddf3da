import { toast } from 'sonner';
import { errorMessage } from '../lib/api.ts';

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
