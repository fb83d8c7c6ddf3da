import Placeholder from '@tiptap/extension-placeholder';
import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';
import './editor.css';

/** The spec's placeholder (§9). */
export const DESCRIPTION_PLACEHOLDER = "Press '/' for commands...";

interface SlashCommand {
  id: string;
  label: string;
  hint: string;
  run: (editor: Editor) => void;
}

const COMMANDS: SlashCommand[] = [
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
    id: 'divider',
    label: 'Divider',
    hint: 'A horizontal rule',
    run: (e) => e.chain().focus().setHorizontalRule().run(),
  },
];

interface SlashState {
  query: string;
  from: number;
  to: number;
  top: number;
  left: number;
}

/** "/query" right before the cursor at the start of a block, else null. */
function slashAt(editor: Editor, host: HTMLElement | null): SlashState | null {
  const { state, view } = editor;
  const { $from, empty } = state.selection;
  if (!empty) return null;
  const before = $from.parent.textBetween(0, $from.parentOffset, undefined, '\ufffc');
  const match = /^\/([\w ]{0,20})$/.exec(before);
  if (!match || !host) return null;
  const coords = view.coordsAtPos($from.pos);
  const box = host.getBoundingClientRect();
  return {
    query: (match[1] ?? '').toLowerCase(),
    from: $from.pos - before.length,
    to: $from.pos,
    top: coords.bottom - box.top + 4,
    left: coords.left - box.left,
  };
}

interface DescriptionEditorProps {
  html: string;
  /** Bumped when the content must be replaced from outside (a refused save). */
  version: number;
  editable: boolean;
  onChange: (html: string) => void;
  onBlur: () => void;
}

/** Rich text with Tiptap's starter kit and a '/' menu of block types. Loaded lazily. */
export default function DescriptionEditor({
  html,
  version,
  editable,
  onChange,
  onBlur,
}: DescriptionEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const [slash, setSlash] = useState<SlashState | null>(null);
  const [active, setActive] = useState(0);
  const slashRef = useRef<{ slash: SlashState | null; active: number; items: SlashCommand[] }>({
    slash: null,
    active: 0,
    items: COMMANDS,
  });
  const items = slash ? COMMANDS.filter((c) => c.label.toLowerCase().includes(slash.query)) : COMMANDS;
  slashRef.current = { slash, active, items };

  const pick = (editor: Editor, command: SlashCommand) => {
    const s = slashRef.current.slash;
    if (s) editor.chain().focus().deleteRange({ from: s.from, to: s.to }).run();
    command.run(editor);
    setSlash(null);
  };

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, autolink: true } }),
      Placeholder.configure({ placeholder: DESCRIPTION_PLACEHOLDER }),
    ],
    content: html,
    editable,
    editorProps: {
      attributes: {
        class: 'issue-description text-sm text-fg',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': 'Description',
      },
      handleKeyDown: (_view, event) => {
        const { slash: s, active: a, items: list } = slashRef.current;
        if (!s || list.length === 0) return false;
        if (event.key === 'ArrowDown') {
          setActive((a + 1) % list.length);
          return true;
        }
        if (event.key === 'ArrowUp') {
          setActive((a - 1 + list.length) % list.length);
          return true;
        }
        if (event.key === 'Enter') {
          const command = list[a];
          if (command && editorRef.current) pick(editorRef.current, command);
          return true;
        }
        if (event.key === 'Escape') {
          setSlash(null);
          event.stopPropagation();
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: e }) => {
      onChangeRef.current(e.getHTML());
      const next = slashAt(e, host.current);
      setSlash(next);
      if (!next) setActive(0);
    },
    onSelectionUpdate: ({ editor: e }) => {
      if (slashRef.current.slash && !slashAt(e, host.current)) setSlash(null);
    },
    onBlur: () => {
      onBlurRef.current();
      setTimeout(() => setSlash(null), 150);
    },
  });
  const editorRef = useRef(editor);
  editorRef.current = editor;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onBlurRef = useRef(onBlur);
  onBlurRef.current = onBlur;

  useEffect(() => {
    // Without emitting an update: changing the mode is not an edit to save.
    if (editor && editor.isEditable !== editable) editor.setEditable(editable, false);
  }, [editor, editable]);

  // A refused save: show what the server has.
  const seen = useRef(version);
  useEffect(() => {
    if (!editor || seen.current === version) return;
    seen.current = version;
    editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, version, html]);

  return (
    <div ref={host} className="kite-editor relative">
      <EditorContent editor={editor} />
      {slash && items.length > 0 && editor && (
        <div
          role="listbox"
          aria-label="Commands"
          className="absolute z-30 w-60 rounded-lg border border-border bg-canvas p-1 text-sm shadow-xl"
          style={{ top: slash.top, left: Math.max(0, slash.left) }}
        >
          {items.map((command, index) => (
            <div
              key={command.id}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(editor, command);
              }}
              onMouseEnter={() => setActive(index)}
              className={clsx(
                'flex cursor-pointer flex-col rounded-md px-2 py-1.5',
                index === active && 'bg-surface-2',
              )}
            >
              <span className="text-fg">{command.label}</span>
              <span className="text-xs text-fg-subtle">{command.hint}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
