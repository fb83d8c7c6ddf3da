import sanitizeHtml from 'sanitize-html';

const EDITOR_COMPONENTS = ['mention-component', 'image-component', 'issue-embed-component'];

/** The one allow-list for every rich-text field (api.md §0.2). */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'hr',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'span',
    'div',
    'a',
    'img',
    ...EDITOR_COMPONENTS,
  ],
  allowedAttributes: {
    '*': ['data-*', 'style', 'class'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    // Named one by one: a wildcard here let `on*` handlers through on the editor's own elements.
    'mention-component': ['id', 'label', 'entity_identifier', 'entity_name', 'target'],
    'image-component': ['id', 'src', 'width', 'height', 'aspectratio', 'alignment', 'status'],
    'issue-embed-component': [
      'id',
      'entity_identifier',
      'entity_name',
      'project_identifier',
      'workspace_identifier',
      'sequence_id',
    ],
  },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i, /^var\(--[\w-]+\)$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i, /^var\(--[\w-]+\)$/i],
      'text-align': [/^(left|right|center|justify)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

/** Sanitises rich text; idempotent; empty input becomes `<p></p>`. */
export function sanitizeRichText(html: string | null | undefined): string {
  const clean = sanitizeHtml(html ?? '', OPTIONS).trim();
  return clean === '' ? '<p></p>' : clean;
}

/** The text of rich text, for search and notifications. */
export function stripHtml(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}

/** Plain text made safe to put between tags. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
