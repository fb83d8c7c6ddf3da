import type { AnyExtension } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { Callout, UserMention, WorkItemEmbed } from './nodes';

export type SchemaOptions = {
  /** Collaboration keeps its own history, so the editor's undo must be off (tiptap 3). */
  collaborative?: boolean;
};

/**
 * Every node and mark a rich-text document may hold. The web editor, the collaboration server
 * and the server's HTML conversions all build their schema from this one list, so a document
 * written by one is read the same way by the others.
 */
export function schemaExtensions(options: SchemaOptions = {}): AnyExtension[] {
  return [
    StarterKit.configure({
      undoRedo: options.collaborative ? false : undefined,
      link: { openOnClick: false, protocols: ['http', 'https', 'mailto'], autolink: true },
    }),
    TaskList,
    TaskItem.configure({ nested: true }),
    TableKit.configure({ table: { resizable: false } }),
    Image.configure({ inline: false }),
    UserMention,
    Callout,
    WorkItemEmbed,
  ];
}
