/**
 * Comments carry mentions as `<mention-component entity_name="user_mention"
 * entity_identifier="{userId}" label="{name}">` (what the server reads to subscribe the
 * mentioned). The composer is plain text with `@name` tokens; these helpers convert both ways
 * and render a mention as a link to the member's profile (spec §2).
 */

export interface MentionUser {
  id: string;
  display_name: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const profilePath = (slug: string, userId: string) =>
  `/${encodeURIComponent(slug)}/profile/${encodeURIComponent(userId)}`;

/** The markup of one mention. */
export function mentionMarkup(user: MentionUser): string {
  return `<mention-component entity_name="user_mention" entity_identifier="${escapeHtml(user.id)}" label="${escapeHtml(user.display_name)}"></mention-component>`;
}

/**
 * Plain text (lines, `@name` tokens of the picked users) → comment HTML: one paragraph per
 * line, text escaped, each picked user's token a mention component.
 */
export function commentTextToHtml(text: string, mentioned: readonly MentionUser[]): string {
  const users = [...mentioned].sort((a, b) => b.display_name.length - a.display_name.length);
  const lines = text.trim().split('\n');
  return lines
    .map((line) => {
      let html = escapeHtml(line);
      for (const user of users) {
        const token = escapeRegExp(`@${escapeHtml(user.display_name)}`);
        html = html.replace(
          new RegExp(`(^|[^\\w])${token}(?![\\w-])`, 'g'),
          (_m, lead: string) => `${lead}${mentionMarkup(user)}`,
        );
      }
      return `<p>${html}</p>`;
    })
    .join('');
}

/** Comment HTML → the composer's plain text and the users it mentions (for editing). */
export function commentHtmlToText(html: string): { text: string; mentioned: MentionUser[] } {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const mentioned = new Map<string, MentionUser>();
  for (const el of [...doc.body.querySelectorAll('mention-component')]) {
    const id = el.getAttribute('entity_identifier') ?? '';
    const label = el.getAttribute('label') || id;
    if (id) mentioned.set(id, { id, display_name: label });
    el.replaceWith(doc.createTextNode(`@${label}`));
  }
  const blocks = [...doc.body.children];
  const text =
    blocks.length > 0 &&
    blocks.every((b) => ['P', 'DIV', 'H1', 'H2', 'H3', 'LI', 'BLOCKQUOTE', 'PRE'].includes(b.tagName))
      ? blocks.map((b) => b.textContent ?? '').join('\n')
      : (doc.body.textContent ?? '');
  return { text, mentioned: [...mentioned.values()] };
}

/**
 * Server-sanitised comment HTML ready to show: each user mention becomes
 * `<a href="/{slug}/profile/{id}" data-mention="{id}">@name</a>` (the name from `nameOf`,
 * else the stored label).
 */
export function renderCommentHtml(
  html: string,
  slug: string,
  nameOf: (id: string) => string | undefined,
): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const el of [...doc.body.querySelectorAll('mention-component')]) {
    if ((el.getAttribute('entity_name') ?? 'user_mention') !== 'user_mention') continue;
    const id = el.getAttribute('entity_identifier') ?? '';
    if (!id) {
      el.remove();
      continue;
    }
    const link = doc.createElement('a');
    link.setAttribute('href', profilePath(slug, id));
    link.setAttribute('data-mention', id);
    link.className = 'mention';
    link.textContent = `@${nameOf(id) ?? (el.getAttribute('label') || 'member')}`;
    el.replaceWith(link);
  }
  return doc.body.innerHTML;
}

/** The `@query` being typed right before the caret, if any. */
export function mentionQueryAt(text: string, caret: number): { query: string; start: number } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([\w.-]{0,30})$/.exec(before);
  if (!match) return null;
  const query = match[2] ?? '';
  return { query, start: caret - query.length - 1 };
}
