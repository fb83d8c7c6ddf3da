import type { Editor } from '@tiptap/react';
import type { EditorServices } from './editorServices.ts';

/** One entry of the '/' menu. `run` gets the editor with the "/query" already removed. */
export interface SlashCommand {
  id: string;
  label: string;
  hint: string;
  /** More words that find it. */
  keywords?: string;
  run: (editor: Editor, ui: SlashUi) => void;
}

/** What a command may ask of the editor's UI: a file picker, the work-item key prompt. */
export interface SlashUi {
  pickImage: () => void;
  askWorkItem: () => void;
}

const BASE: SlashCommand[] = [
  { id: 'text', label: 'Text', hint: 'Plain paragraph', run: (e) => e.chain().focus().setParagraph().run() },
  {
    id: 'h1',
    label: 'Heading 1',
    hint: 'Big section title',
    run: (e) => e.chain().focus().setHeading({ level: 1 }).run(),
  },
  {
    id: 'h2',
    label: 'Heading 2',
    hint: 'Medium title',
    run: (e) => e.chain().focus().setHeading({ level: 2 }).run(),
  },
  {
    id: 'h3',
    label: 'Heading 3',
    hint: 'Small title',
    run: (e) => e.chain().focus().setHeading({ level: 3 }).run(),
  },
  {
    id: 'bullets',
    label: 'Bulleted list',
    hint: 'A simple list',
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    id: 'numbers',
    label: 'Numbered list',
    hint: 'A list with numbers',
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    id: 'todo',
    label: 'To-do list',
    hint: 'Tasks with checkboxes',
    keywords: 'task checkbox',
    run: (e) => e.chain().focus().toggleTaskList().run(),
  },
  {
    id: 'quote',
    label: 'Quote',
    hint: 'A quotation',
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  {
    id: 'code',
    label: 'Code block',
    hint: 'Monospaced code',
    run: (e) => e.chain().focus().toggleCodeBlock().run(),
  },
  {
    id: 'callout',
    label: 'Callout',
    hint: 'A highlighted note',
    keywords: 'tip note warning',
    run: (e) => e.chain().focus().wrapIn('callout').run(),
  },
  {
    id: 'table',
    label: 'Table',
    hint: 'Rows and columns',
    run: (e) => e.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
  },
  {
    id: 'divider',
    label: 'Divider',
    hint: 'A horizontal rule',
    run: (e) => e.chain().focus().setHorizontalRule().run(),
  },
];

/** The '/' menu for the services at hand: images and work items only when the screen offers them. */
export function slashCommands(services: EditorServices): SlashCommand[] {
  const commands = [...BASE];
  if (services.uploadImage)
    commands.push({
      id: 'image',
      label: 'Image',
      hint: 'Upload a picture',
      keywords: 'picture photo upload',
      run: (_e, ui) => ui.pickImage(),
    });
  if (services.workItems)
    commands.push({
      id: 'work-item',
      label: 'Work item',
      hint: 'Embed a work item by its key',
      keywords: 'issue embed',
      run: (_e, ui) => ui.askWorkItem(),
    });
  return commands;
}

/** The commands matching what follows the '/'. */
export function matchCommands(commands: readonly SlashCommand[], query: string): SlashCommand[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...commands];
  return commands.filter((c) => `${c.label} ${c.keywords ?? ''}`.toLowerCase().includes(q));
}
