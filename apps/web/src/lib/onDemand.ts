/** A part of the app (a chunk's export) loaded on first use and kept. */
export interface OnDemand<T> {
  /** The part once loaded, null before. */
  readonly current: T | null;
  /** Loads it: one load at a time, and a failed load is tried again on the next call. */
  load(): Promise<T>;
}

export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let current: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    get current() {
      return current;
    },
    load() {
      if (!pending) {
        pending = load().then((value) => {
          current = value;
          return value;
        });
        pending.catch(() => {
          pending = null;
        });
      }
      return pending;
    },
  };
}
