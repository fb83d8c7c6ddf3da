import { getSchema } from '@tiptap/core';
import { generateHTML, generateJSON } from '@tiptap/html/server';
import { prosemirrorJSONToYDoc, yXmlFragmentToProsemirrorJSON } from 'y-prosemirror';
import * as Y from 'yjs';
import { DOCUMENT_FIELD, schemaExtensions } from './index';

const extensions = schemaExtensions();
const schema = getSchema(extensions);

/** The HTML of a stored Yjs document (its state as one update). */
export function yUpdateToHtml(update: Uint8Array): string {
  const doc = new Y.Doc();
  try {
    Y.applyUpdate(doc, update);
    const json = yXmlFragmentToProsemirrorJSON(doc.getXmlFragment(DOCUMENT_FIELD));
    if (!json.content || json.content.length === 0) return '<p></p>';
    return generateHTML(json, extensions);
  } finally {
    doc.destroy();
  }
}

/** A Yjs document built from HTML, as one update: how a page written before collaboration opens. */
export function htmlToYUpdate(html: string): Uint8Array {
  const json = generateJSON(html || '<p></p>', extensions);
  const doc = prosemirrorJSONToYDoc(schema, json, DOCUMENT_FIELD);
  try {
    return Y.encodeStateAsUpdate(doc);
  } finally {
    doc.destroy();
  }
}
