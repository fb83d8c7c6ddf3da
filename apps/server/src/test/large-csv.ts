import { once } from 'node:events';
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';

/** Sprints of the generated file: made as cycles on request. */
export const LARGE_CSV_SPRINTS = ['Sprint 21', 'Sprint 22', 'Sprint 23', 'Sprint 24'];

/**
 * A Jira-shaped export of `rows` work items, written to `file` line by line (never whole in
 * memory): statuses, priorities, two assignees, one or two labels, Jira dates, a sprint, story
 * points, a description of a few sentences, and for one item in seven a parent: the epic opening its
 * block of fifty rows (an earlier row). Deterministic. Answers the file's size in bytes.
 */
export async function writeLargeJiraCsv(file: string, rows: number, emails: string[]): Promise<number> {
  const out = fs.createWriteStream(file);
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, 'drain');
  };
  await write(
    'Summary,Issue key,Issue id,Issue Type,Status,Priority,Assignee,Created,Due date,Labels,Labels,Description,Sprint,Custom field (Story Points),Parent id\n',
  );
  const statuses = ['To Do', 'In Progress', 'In Review', 'Done', 'Backlog'];
  const priorities = ['Highest', 'High', 'Medium', 'Low', 'Lowest'];
  const labels = ['backend', 'frontend', 'api', 'ux', 'infra', 'billing'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const points = ['1', '2', '3', '5', '8'];
  for (let i = 1; i <= rows; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = months[i % 12];
    const created = `${day}/${month}/24 ${(i % 12) + 1}:${String(i % 60).padStart(2, '0')} ${i % 2 ? 'AM' : 'PM'}`;
    const due = i % 4 === 0 ? `${day}/${months[(i + 1) % 12]}/25 12:00 AM` : '';
    const epic = i - ((i - 1) % 50);
    const parent = i % 7 === 0 && i !== epic ? String(100000 + epic) : '';
    const description = `"Item ${i}: the ""${labels[i % 6]}"" part needs work.\nSee the notes of sprint ${i % 4}, and check the logs, the metrics and the alerts before closing."`;
    await write(
      `${[
        `Work item number ${i} of the migration`,
        `BIG-${i}`,
        String(100000 + i),
        i % 5 === 0 ? 'Bug' : 'Task',
        statuses[i % statuses.length],
        priorities[i % priorities.length],
        emails[i % emails.length],
        created,
        due,
        labels[i % labels.length],
        i % 3 === 0 ? labels[(i + 1) % labels.length] : '',
        description,
        LARGE_CSV_SPRINTS[i % LARGE_CSV_SPRINTS.length],
        points[i % points.length],
        parent,
      ].join(',')}\n`,
    );
  }
  out.end();
  await once(out, 'finish');
  return fs.statSync(file).size;
}

/** The collector, reached without starting the process with --expose-gc. */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/**
 * Samples this process's memory until stopped: resident memory and heap in use every `everyMs`,
 * and every `liveEveryMs` the heap still in use right after a full collection (what the code
 * holds, without the garbage a collector has not reached yet): the peaks and the start.
 */
export function sampleMemory(everyMs = 25, liveEveryMs = 500) {
  const gc = collector();
  gc();
  const start = process.memoryUsage();
  let peakRss = start.rss;
  let peakHeap = start.heapUsed;
  let peakLive = start.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, everyMs);
  const live = setInterval(() => {
    gc();
    peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
  }, liveEveryMs);
  return {
    stop() {
      clearInterval(timer);
      clearInterval(live);
      const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
      return {
        startRssMb: mb(start.rss),
        peakRssMb: mb(peakRss),
        startHeapMb: mb(start.heapUsed),
        peakHeapMb: mb(peakHeap),
        peakLiveHeapMb: mb(peakLive),
        liveGrowthMb: mb(peakLive - start.heapUsed),
      };
    },
  };
}
