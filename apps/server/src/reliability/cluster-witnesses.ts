import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Editor, hasText, openEditor, writeLine } from '../test/collaboration-client.ts';
import type { Client } from '../test/http-client.ts';
import { ok } from './fixtures.ts';

/**
 * Two things that must come through a failover besides requests (cluster.reliability.test.ts):
 * a page two people co-edit through different app nodes, and a webhook receiving the work items
 * of a workspace.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it is true or `ms` pass; whether it became true. */
async function eventually(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = performance.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (performance.now() > deadline) return false;
    await sleep(250);
  }
}

export interface CoEditing {
  /** Stops typing; then what each side, and the stored page, lack of what was typed. */
  finish(): Promise<{ typed: number; missingOn: Record<string, string[]>; notStored: string[] }>;
  close(): void;
}

/**
 * A page of the project at `base`, opened by `account` in one editor on each app node; a line is
 * typed every 250 ms, in turn on each, whatever the database is doing (the editor keeps it and
 * sends it when it can, as the browser's does). `finish` waits for both editors to hold every
 * line, and for the stored page (read through the API) to hold them too.
 */
export async function startCoEditing(
  nodes: [string, string],
  account: Client,
  base: string,
): Promise<CoEditing> {
  const page = await ok(
    account.post(`${base}/pages/`, { name: 'Failover notes', description_html: '<p>start</p>' }),
  );
  const [, , slug, , projectId] = base.split('/').slice(1);
  const address = { slug: slug!, projectId: projectId!, pageId: page.id as string };
  const editors: [Editor, Editor] = [
    openEditor(nodes[0], address, account.cookieHeader()),
    openEditor(nodes[1], address, account.cookieHeader()),
  ];
  if (!(await eventually(() => editors.every((e) => e.provider.isSynced), 20_000)))
    throw new Error(`page editors did not sync: ${editors.map((e) => e.failures.join(', ')).join(' / ')}`);

  const typed: string[] = [];
  let typing = true;
  const typist = (async () => {
    while (typing) {
      const line = `line ${typed.length + 1}`;
      writeLine(editors[typed.length % 2]!, line);
      typed.push(line);
      await sleep(250);
    }
  })();

  return {
    async finish() {
      typing = false;
      await typist;
      const lacking = (editor: Editor) => typed.filter((line) => !hasText(editor, `${line}<`));
      await eventually(() => editors.every((e) => lacking(e).length === 0), 30_000);
      const storedHtml = async () =>
        (await account.get(`${base}/pages/${address.pageId}/`)).body?.description_html ?? '';
      let html = '';
      await eventually(async () => {
        html = await storedHtml();
        return typed.every((line) => html.includes(`${line}<`));
      }, 60_000);
      return {
        typed: typed.length,
        missingOn: { [nodes[0]]: lacking(editors[0]), [nodes[1]]: lacking(editors[1]) },
        notStored: typed.filter((line) => !html.includes(`${line}<`)),
      };
    },
    close() {
      for (const editor of editors) editor.close();
    },
  };
}

export interface WebhookWitness {
  /** Created work items no delivery announced, and items announced by two different deliveries. */
  check(createdIds: string[]): Promise<{ undelivered: string[]; doubled: string[]; resent: number }>;
  close(): Promise<void>;
}

/**
 * A receiver on 127.0.0.1 and a webhook of the workspace `slug` for work items (the app nodes
 * must allow private destinations). Deliveries are at-least-once with a stable id: the same
 * delivery again is a resend (counted), two deliveries of one item's creation a double send.
 */
export async function startWebhookWitness(account: Client, slug: string): Promise<WebhookWitness> {
  const deliveries: { id: string; event: string; action: string; itemId: string }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      try {
        const payload = JSON.parse(body) as { event: string; action: string; data?: { id?: string } };
        deliveries.push({
          id: String(request.headers['x-plane-delivery']),
          event: payload.event,
          action: payload.action,
          itemId: payload.data?.id ?? '',
        });
      } catch {
        // Not ours to judge: the check counts what arrived.
      }
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await ok(
    account.post(`/api/workspaces/${slug}/webhooks/`, { url: `http://127.0.0.1:${port}/hook`, issue: true }),
  );

  return {
    async check(createdIds) {
      const creations = () => deliveries.filter((d) => d.event === 'issue' && d.action === 'created');
      const announced = () => new Set(creations().map((d) => d.itemId));
      await eventually(() => createdIds.every((id) => announced().has(id)), 60_000);
      const deliveryIdsByItem = new Map<string, Set<string>>();
      for (const d of creations()) {
        const ids = deliveryIdsByItem.get(d.itemId) ?? new Set<string>();
        ids.add(d.id);
        deliveryIdsByItem.set(d.itemId, ids);
      }
      return {
        undelivered: createdIds.filter((id) => !announced().has(id)),
        doubled: [...deliveryIdsByItem].filter(([, ids]) => ids.size > 1).map(([item]) => item),
        resent: creations().length - deliveryIdsByItem.size,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
