import { describe, expect, it } from 'vitest';
import { createScheduler, whileWork } from './scheduler.ts';

/** A promise with its resolve function outside, to hold a job mid-run. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean) {
  while (!condition()) await tick(1);
}

describe('scheduler', () => {
  it('stop() resolves only after the running run has finished, and starts no run after', async () => {
    const errors: unknown[] = [];
    const jobs = createScheduler((_name, error) => errors.push(error));
    const release = gate();
    const events: string[] = [];
    let runs = 0;
    jobs.every(
      'export worker',
      5,
      async () => {
        runs += 1;
        events.push('run started');
        await release.opened;
        events.push('run finished');
      },
      { firstDelayMs: 0 },
    );
    await until(() => runs === 1);

    const stopped = jobs.stop(5000).then((stillRunning) => {
      events.push('stopped');
      return stillRunning;
    });
    await tick(30);
    expect(events).toEqual(['run started']);
    release.open();
    expect(await stopped).toEqual([]);
    expect(events).toEqual(['run started', 'run finished', 'stopped']);
    await tick(30);
    expect(runs).toBe(1);
    expect(errors).toEqual([]);
  });

  it('gives up on a run that hangs after the timeout and names it', async () => {
    const jobs = createScheduler(() => {});
    let started = false;
    jobs.every(
      'hanging',
      5,
      () => {
        started = true;
        return new Promise(() => {});
      },
      { firstDelayMs: 0 },
    );
    jobs.every('idle one', 5, async () => {}, { firstDelayMs: 0 });
    await until(() => started);

    const begun = Date.now();
    expect(await jobs.stop(100)).toEqual(['hanging']);
    const waited = Date.now() - begun;
    expect(waited).toBeGreaterThanOrEqual(90);
    expect(waited).toBeLessThan(1000);
  });

  it('tells a looping run to end after its step, and waits for what a run left going', async () => {
    const jobs = createScheduler(() => {});
    const release = gate();
    let steps = 0;
    let requestDone = false;
    const request = release.opened.then(async () => {
      await tick(20);
      requestDone = true;
    });
    jobs.every(
      'outbox worker',
      5,
      (signal) =>
        whileWork(signal, async () => {
          steps += 1;
          await release.opened;
          return true; // always more work: only the stop ends the loop
        }),
      { firstDelayMs: 0, idle: () => request },
    );
    await until(() => steps === 1);

    const stopped = jobs.stop(5000);
    release.open();
    expect(await stopped).toEqual([]);
    expect(steps).toBe(1);
    expect(requestDone).toBe(true);
  });

  it('reports a failed run by name and runs again on the next tick', async () => {
    const failures: string[] = [];
    const jobs = createScheduler((name, error) => failures.push(`${name}: ${(error as Error).message}`));
    let runs = 0;
    jobs.every(
      'housekeeping',
      5,
      async () => {
        runs += 1;
        throw new Error('disk on fire');
      },
      { firstDelayMs: 0 },
    );
    await until(() => runs >= 2);
    await jobs.stop(1000);
    expect(failures[0]).toBe('housekeeping: disk on fire');
  });
});
