/** User ids mentioned in rich text (`<mention-component entity_name="user_mention" entity_identifier="…">`). */
export function mentionedUserIds(html: string): string[] {
  const ids = new Set<string>();
  for (const match of html.matchAll(/<mention-component\b[^>]*>/gi)) {
    const tag = match[0];
    if (!/entity_name="user_mention"/i.test(tag)) continue;
    const id = /entity_identifier="([0-9a-f-]{36})"/i.exec(tag)?.[1];
    if (id) ids.add(id.toLowerCase());
  }
  return [...ids];
}
