/**
 * `work`, or what `late` gives (or throws) once `ms` have passed without its answer: every wait
 * on another process is bounded. The work itself is not stopped; its answer is then ignored.
 */
export function bounded<T>(work: Promise<T>, ms: number, late: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve, reject) => {
    timer = setTimeout(() => {
      try {
        resolve(late());
      } catch (error) {
        reject(error);
      }
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** For `late`: the wait failed. */
export const timedOut = (what: string) => (): never => {
  throw new Error(`${what}: no answer in time`);
};
