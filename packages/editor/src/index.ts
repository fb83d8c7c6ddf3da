export { Callout, UserMention, WorkItemEmbed } from './nodes';
export { type SchemaOptions, schemaExtensions } from './schema';
/** The Yjs XML fragment that holds a document (tiptap's Collaboration default). */
export const DOCUMENT_FIELD = 'default';
export { Placeholder } from '@tiptap/extensions';
