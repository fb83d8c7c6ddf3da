import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { marked } from 'marked';
import { escapeHtml, sanitizeRichText } from '../../platform/security/html.ts';

/** Pure rules of the GitHub repository sync (api.md §4.9). */

export const GITHUB_SOURCE = 'github';
export const GITHUB_LABEL = { name: 'GitHub', color: '#24292f' } as const;

/** The inbound webhook's secret (256 random bits), shown once to be pasted into GitHub. */
export function newWebhookSecret(): string {
  return randomBytes(32).toString('hex');
}

/**
 * Whether `X-Hub-Signature-256` (`sha256=<hex HMAC-SHA256 of the raw body>`) was made with the
 * secret; compared in constant time.
 */
export function signatureMatches(secret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The signature GitHub sends for a body (tests and tools sign with it). */
export function signBody(secret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

export type GithubIssueState = 'open' | 'closed';

/** A work item in the completed group is a closed GitHub issue; every other group is open. */
export function githubStateOfGroup(group: string): GithubIssueState {
  return group === 'completed' ? 'closed' : 'open';
}

/** The URL of `rel="next"` in a `Link` header (GitHub's pagination), if any. */
export function nextPageUrl(link: string | undefined): string | undefined {
  if (!link) return undefined;
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?([^";]+)"?/.exec(part.trim());
    if (match && match[2]!.split(/\s+/).includes('next')) return match[1];
  }
  return undefined;
}

/** GitHub Markdown as the allow-listed HTML every rich-text field holds. */
export function markdownToHtml(markdown: string | null | undefined): string {
  const html = marked.parse(markdown ?? '', { async: false, gfm: true, breaks: true });
  return sanitizeRichText(html);
}

/** A GitHub comment as ours: made in the linking actor's name, so the GitHub author is said in the text. */
export function commentHtml(login: string | undefined, markdown: string | null | undefined): string {
  const author = `<p><strong>@${escapeHtml(login ?? 'ghost')}</strong> commented on GitHub:</p>`;
  return sanitizeRichText(`${author}${markdownToHtml(markdown)}`);
}

/** Work-item names hold at most 255 characters; GitHub titles up to 256. */
export function itemName(title: string): string {
  const name = title.trim().slice(0, 255);
  return name || 'Untitled GitHub issue';
}

/** Seconds before a failed job's next attempt: 30 s doubling, at most an hour. */
export function jobRetryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

export const JOB_MAX_ATTEMPTS = 8;
