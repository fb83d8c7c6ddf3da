import cliProgress from 'cli-progress';

/** How a long import tells the person at the terminal where it is. */
export interface Progress {
  /** A new phase of `total` steps (0 when unknown). */
  phase(label: string, total: number): void;
  tick(): void;
  /** A line worth reading beside the bar (rate-limit waits, skipped entities). */
  note(message: string): void;
  done(): void;
}

export const silentProgress: Progress = { phase() {}, tick() {}, note() {}, done() {} };

/** Plain lines for logs and pipes: each phase, then its count at most every few seconds. */
export function lineProgress(write: (line: string) => void = (line) => process.stderr.write(`${line}\n`)) {
  let label = '';
  let total = 0;
  let done = 0;
  let last = 0;
  let reported = -1;
  const report = () => {
    if (reported === done) return;
    reported = done;
    write(`  ${label}: ${done}${total ? `/${total}` : ''}`);
  };
  return {
    phase(next: string, steps: number) {
      if (label && done > 0) report();
      label = next;
      total = steps;
      done = 0;
      reported = -1;
      last = Date.now();
      write(`${next}${steps ? ` (${steps})` : ''}…`);
    },
    tick() {
      done += 1;
      if (Date.now() - last >= 5000) {
        last = Date.now();
        report();
      }
    },
    note: (message: string) => write(`  ${message}`),
    done() {
      if (label && done > 0) report();
    },
  } satisfies Progress;
}

/** A bar on a terminal (cli-progress), one phase after another. */
export function barProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: ' {phase} [{bar}] {value}/{total} ({percentage}%) eta {eta_formatted}',
      hideCursor: true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  let running = false;
  let current = { label: '', total: 1, value: 0 };
  const begin = () => {
    bar.start(current.total, current.value, { phase: current.label.padEnd(22) });
    running = true;
  };
  return {
    phase(label, total) {
      if (running) bar.stop();
      current = { label, total: Math.max(total, 1), value: total === 0 ? 1 : 0 };
      begin();
    },
    tick() {
      current.value += 1;
      if (running) bar.increment();
    },
    note(message) {
      if (running) bar.stop();
      stream.write(`  ${message}\n`);
      if (running) begin();
    },
    done() {
      if (running) bar.stop();
      running = false;
    },
  };
}
