/** Another user editing the same page, as their awareness state names them. */
export interface Peer {
  clientId: number;
  name: string;
  color: string;
}

/** The collaboration endpoint on this host (api.md §16.2). */
export function collaborationUrl(
  location: Pick<Location, 'protocol' | 'host'>,
  slug: string,
  projectId: string,
): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const query = new URLSearchParams({ documentType: 'project_page', projectId, workspaceSlug: slug });
  return `${scheme}://${location.host}/live/collaboration?${query}`;
}

/** The other editors in an awareness snapshot (not this client; only states that name a user). */
export function peersOf(
  states: readonly { clientId: number; [key: string]: unknown }[],
  self: number,
): Peer[] {
  const peers: Peer[] = [];
  for (const state of states) {
    if (state.clientId === self) continue;
    const user = state.user as { name?: unknown; color?: unknown } | undefined;
    if (!user || typeof user.name !== 'string') continue;
    peers.push({
      clientId: state.clientId,
      name: user.name,
      color: typeof user.color === 'string' ? user.color : '#6b7280',
    });
  }
  return peers;
}

const CARET_COLORS = ['#e5484d', '#f76808', '#ad5700', '#30a46c', '#0091ff', '#6e56cf', '#d6409f', '#12a594'];

/** A user's caret colour: the same for them everywhere. */
export function caretColor(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return CARET_COLORS[Math.abs(hash) % CARET_COLORS.length]!;
}

/** The server's word that this connection turned read-only or writable again; null for anything else. */
export function parseAccessNotice(payload: string): { read_only: boolean } | null {
  try {
    const message = JSON.parse(payload) as { type?: unknown; read_only?: unknown };
    return message.type === 'access' && typeof message.read_only === 'boolean'
      ? { read_only: message.read_only }
      : null;
  } catch {
    return null;
  }
}
