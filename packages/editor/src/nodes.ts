import { mergeAttributes, Node } from '@tiptap/core';
import Mention from '@tiptap/extension-mention';

/** Reads an attribute without the DOM's types: the server parses HTML with happy-dom, not a browser. */
type WithAttributes = { getAttribute(name: string): string | null };
const attr = (element: unknown, name: string): string | null =>
  (element as WithAttributes).getAttribute(name);

/**
 * A highlighted block with an emoji, e.g. a tip or a warning. Stored as
 * `<div data-type="callout" data-emoji="💡">…</div>`, which the rich-text allow-list keeps.
 */
export const Callout = Node.create({
  name: 'callout',
  group: 'block',
  content: 'block+',
  defining: true,
  addAttributes() {
    return {
      emoji: {
        default: '💡',
        parseHTML: (element) => attr(element, 'data-emoji') || '💡',
        renderHTML: (attributes) => ({ 'data-emoji': attributes.emoji }),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-type="callout"]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', mergeAttributes(HTMLAttributes, { 'data-type': 'callout' }), 0];
  },
});

/** A work item shown inside a page by its key (`WEB-12`); the web renders it as a live card. */
export const WorkItemEmbed = Node.create({
  name: 'workItemEmbed',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    return {
      id: { default: null, parseHTML: (element) => attr(element, 'id') },
      entityIdentifier: {
        default: null,
        parseHTML: (element) => attr(element, 'entity_identifier'),
        renderHTML: (attributes) => ({ entity_identifier: attributes.entityIdentifier }),
      },
      projectIdentifier: {
        default: null,
        parseHTML: (element) => attr(element, 'project_identifier'),
        renderHTML: (attributes) => ({ project_identifier: attributes.projectIdentifier }),
      },
      sequenceId: {
        default: null,
        parseHTML: (element) => attr(element, 'sequence_id'),
        renderHTML: (attributes) => ({ sequence_id: attributes.sequenceId }),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'issue-embed-component' }];
  },
  renderHTML({ HTMLAttributes, node }) {
    const key = `${node.attrs.projectIdentifier ?? ''}-${node.attrs.sequenceId ?? ''}`;
    return ['issue-embed-component', HTMLAttributes, key];
  },
});

/**
 * A mention of a workspace member, stored as Plane's `<mention-component>` so descriptions move
 * between the two products; the web links it to /{workspace}/profile/{userId}.
 */
export const UserMention = Mention.extend({
  addAttributes() {
    return {
      id: { default: null, parseHTML: (element) => attr(element, 'entity_identifier') },
      label: { default: null, parseHTML: (element) => attr(element, 'label') },
    };
  },
  parseHTML() {
    return [{ tag: 'mention-component' }];
  },
  renderHTML({ node }) {
    return [
      'mention-component',
      { entity_identifier: node.attrs.id, entity_name: 'user_mention', label: node.attrs.label },
      `@${node.attrs.label ?? ''}`,
    ];
  },
  renderText({ node }) {
    return `@${node.attrs.label ?? ''}`;
  },
});
