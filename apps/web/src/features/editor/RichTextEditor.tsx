import { Placeholder, schemaExtensions } from '@kite/editor';
import type { AnyExtension } from '@tiptap/core';
import { type Editor, EditorContent, ReactNodeViewRenderer, useEditor, useEditorState } from '@tiptap/react';
import { BubbleMenu } from '@tiptap/react/menus';
import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';
import clsx from 'clsx';
import {
  Bold,
  Code,
  Columns3,
  Italic,
  Link as LinkIcon,
  Rows3,
  Strikethrough,
  Trash2,
  Underline,
} from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { toastError } from '../../ui/toast.ts';
import {
  type EditorServices,
  EditorServicesContext,
  type MentionCandidate,
  parseWorkItemKey,
  profilePath,
} from './editorServices.ts';
import { matchCommands, type SlashCommand, type SlashUi, slashCommands } from './slashCommands.ts';
import { WorkItemEmbedView } from './WorkItemEmbedView.tsx';
import './editor.css';

/** The spec's placeholder (§9). */
export const EDITOR_PLACEHOLDER = "Press '/' for commands...";

interface Spot {
  top: number;
  left: number;
  /** Shown above the line (too little room below it); `top` is then the line's top. */
  above?: boolean;
}

/** Room a popup needs below the line before it opens above it instead. */
const POPUP_ROOM = 300;

/** Where a popup goes for a caret at `coords`, relative to `host`. */
function spotAt(coords: { top: number; bottom: number; left: number }, host: HTMLElement): Spot {
  const box = host.getBoundingClientRect();
  const above = coords.bottom + POPUP_ROOM > window.innerHeight && coords.top > POPUP_ROOM;
  return {
    top: above ? coords.top - box.top - 4 : coords.bottom - box.top + 4,
    left: coords.left - box.left,
    above,
  };
}

interface SlashState extends Spot {
  query: string;
  from: number;
  to: number;
}

interface MentionState extends Spot {
  items: MentionCandidate[];
  command: (item: { id: string; label: string }) => void;
}

/** "/query" right before the cursor at the start of a block, else null. */
function slashAt(editor: Editor, host: HTMLElement | null): SlashState | null {
  const { state, view } = editor;
  const { $from, empty } = state.selection;
  if (!empty || !host || $from.parent.type.name === 'codeBlock') return null;
  const before = $from.parent.textBetween(0, $from.parentOffset, undefined, '\ufffc');
  const match = /^\/([\w -]{0,20})$/.exec(before);
  if (!match) return null;
  return {
    query: (match[1] ?? '').toLowerCase(),
    from: $from.pos - before.length,
    to: $from.pos,
    ...spotAt(view.coordsAtPos($from.pos), host),
  };
}

const imageFiles = (files: FileList | null | undefined): File[] =>
  [...(files ?? [])].filter((f) => f.type.startsWith('image/'));

export interface RichTextEditorProps {
  /** The starting HTML (documents that are not collaborative). */
  content?: string;
  /** Bumped when `content` must replace what is shown (a refused save). */
  version?: number;
  /** Collaboration, when the document lives in a Yjs doc (its extensions come from the caller's chunk). */
  collaboration?: AnyExtension[];
  editable: boolean;
  label: string;
  placeholder?: string;
  /** Classes of the editable area. */
  className?: string;
  services?: EditorServices;
  onChange?: (html: string) => void;
  onBlur?: () => void;
  onReady?: (editor: Editor) => void;
}

/**
 * The rich-text editor of pages and work-item descriptions: the document schema of
 * `@kite/editor` plus the web's parts — a '/' menu, `@` mentions of members (links to their
 * profiles), work-item cards, image upload (also by paste and drop), a format bubble and table
 * controls. Collaborative when the caller passes the collaboration extensions. Loaded lazily.
 */
export default function RichTextEditor({
  content,
  version = 0,
  collaboration,
  editable,
  label,
  placeholder = EDITOR_PLACEHOLDER,
  className,
  services = {},
  onChange,
  onBlur,
  onReady,
}: RichTextEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const servicesRef = useRef(services);
  servicesRef.current = services;
  const commands = useMemo(() => slashCommands(services), [services]);

  const [slash, setSlash] = useState<SlashState | null>(null);
  const [active, setActive] = useState(0);
  const [mention, setMention] = useState<MentionState | null>(null);
  const [mentionActive, setMentionActive] = useState(0);
  const [embedAt, setEmbedAt] = useState<Spot | null>(null);
  const embedRange = useRef<{ from: number; to: number } | null>(null);
  const items = slash ? matchCommands(commands, slash.query) : commands;
  const live = useRef({ slash, active, items, mention, mentionActive });
  live.current = { slash, active, items, mention, mentionActive };
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onBlurRef = useRef(onBlur);
  onBlurRef.current = onBlur;

  const insertImages = async (editor: Editor, files: File[], at?: number) => {
    const upload = servicesRef.current.uploadImage;
    if (!upload) return;
    for (const file of files) {
      try {
        const src = await upload(file);
        const chain = editor.chain().focus();
        (at === undefined ? chain : chain.setTextSelection(at))
          .insertContent({ type: 'image', attrs: { src, alt: file.name } })
          .run();
      } catch (error) {
        toastError(error, 'The image could not be uploaded');
      }
    }
  };

  const ui = (editor: Editor): SlashUi => ({
    pickImage: () => fileInput.current?.click(),
    askWorkItem: () => {
      const { $from } = editor.state.selection;
      const coords = editor.view.coordsAtPos($from.pos);
      // The card goes where the command was typed: in place of an empty block, else after the block.
      const empty = $from.depth > 0 && $from.parent.content.size === 0;
      embedRange.current = empty
        ? { from: $from.before(), to: $from.after() }
        : { from: $from.after(), to: $from.after() };
      setEmbedAt(host.current ? spotAt(coords, host.current) : { top: 0, left: 0 });
    },
  });

  const pick = (editor: Editor, command: SlashCommand) => {
    const s = live.current.slash;
    if (s) editor.chain().focus().deleteRange({ from: s.from, to: s.to }).run();
    setSlash(null);
    command.run(editor, ui(editor));
  };

  const pickMention = (candidate: MentionCandidate) => {
    live.current.mention?.command({ id: candidate.id, label: candidate.display_name });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the extensions are fixed for the editor's life (useEditor builds it once)
  const extensions = useMemo(() => {
    const spotOf = (rect: DOMRect | null | undefined): Spot =>
      rect && host.current ? spotAt(rect, host.current) : { top: 0, left: 0 };
    const web = schemaExtensions({ collaborative: !!collaboration }).map((extension) => {
      if (extension.name === 'mention') {
        // biome-ignore lint/suspicious/noExplicitAny: tiptap's Node.extend typing loses the options here
        return (extension as any)
          .extend({
            addNodeView() {
              return ({ node }: { node: { attrs: { id?: string; label?: string } } }) => {
                // Without a workspace (no mentions offered) the name is shown, not linked.
                const slug = servicesRef.current.mentions?.slug;
                const link = document.createElement(slug ? 'a' : 'span');
                if (slug && link instanceof HTMLAnchorElement)
                  link.href = profilePath(slug, node.attrs.id ?? '');
                link.className = 'mention';
                link.dataset.mention = node.attrs.id ?? '';
                link.textContent = `@${node.attrs.label ?? ''}`;
                return { dom: link };
              };
            },
          })
          .configure({
            suggestion: {
              char: '@',
              allow: () => !!servicesRef.current.mentions,
              items: ({ query }: { query: string }) => {
                const q = query.toLowerCase();
                return (servicesRef.current.mentions?.candidates() ?? [])
                  .filter((c) => c.display_name.toLowerCase().includes(q))
                  .slice(0, 8);
              },
              render: () => {
                const show = (props: SuggestionProps<MentionCandidate>) =>
                  setMention({
                    items: props.items,
                    command: props.command as MentionState['command'],
                    ...spotOf(props.clientRect?.()),
                  });
                return {
                  onStart: (props: SuggestionProps<MentionCandidate>) => {
                    setMentionActive(0);
                    show(props);
                  },
                  onUpdate: show,
                  onKeyDown: ({ event }: SuggestionKeyDownProps) => {
                    const { mention: m, mentionActive: a } = live.current;
                    if (!m || m.items.length === 0) return false;
                    if (event.key === 'ArrowDown') {
                      setMentionActive((a + 1) % m.items.length);
                      return true;
                    }
                    if (event.key === 'ArrowUp') {
                      setMentionActive((a - 1 + m.items.length) % m.items.length);
                      return true;
                    }
                    if (event.key === 'Enter' || event.key === 'Tab') {
                      const candidate = m.items[a];
                      if (candidate) m.command({ id: candidate.id, label: candidate.display_name });
                      return true;
                    }
                    if (event.key === 'Escape') {
                      setMention(null);
                      return true;
                    }
                    return false;
                  },
                  onExit: () => setMention(null),
                };
              },
            },
          }) as AnyExtension;
      }
      if (extension.name === 'workItemEmbed') {
        // biome-ignore lint/suspicious/noExplicitAny: as above
        return (extension as any).extend({
          addNodeView() {
            return ReactNodeViewRenderer(WorkItemEmbedView);
          },
        }) as AnyExtension;
      }
      return extension;
    });
    return [...web, Placeholder.configure({ placeholder }), ...(collaboration ?? [])];
  }, []);

  const editor = useEditor({
    extensions,
    ...(collaboration ? {} : { content: content ?? '' }),
    editable,
    editorProps: {
      attributes: {
        class: clsx('issue-description kite-prose text-fg', className),
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
      },
      handleKeyDown: (_view, event) => {
        const { slash: s, active: a, items: list } = live.current;
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
      handlePaste: (_view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (files.length === 0 || !servicesRef.current.uploadImage || !editorRef.current) return false;
        void insertImages(editorRef.current, files);
        return true;
      },
      handleDrop: (view, event) => {
        const files = imageFiles((event as DragEvent).dataTransfer?.files);
        if (files.length === 0 || !servicesRef.current.uploadImage || !editorRef.current) return false;
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        event.preventDefault();
        void insertImages(editorRef.current, files, at);
        return true;
      },
    },
    onCreate: ({ editor: e }) => onReadyRef.current?.(e),
    onUpdate: ({ editor: e, transaction }) => {
      // Remote changes (collaboration) are not this user's edits.
      if (!transaction.getMeta('y-sync$')) onChangeRef.current?.(e.getHTML());
      const next = slashAt(e, host.current);
      setSlash(next);
      if (!next) setActive(0);
    },
    onSelectionUpdate: ({ editor: e }) => {
      if (live.current.slash && !slashAt(e, host.current)) setSlash(null);
    },
    onBlur: () => {
      onBlurRef.current?.();
      setTimeout(() => setSlash(null), 150);
    },
  });
  const editorRef = useRef(editor);
  editorRef.current = editor;
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;

  useEffect(() => {
    // Without emitting an update: changing the mode is not an edit to save.
    if (editor && editor.isEditable !== editable) editor.setEditable(editable, false);
  }, [editor, editable]);

  // A refused save: show what the server has.
  const seen = useRef(version);
  useEffect(() => {
    if (!editor || collaboration || seen.current === version) return;
    seen.current = version;
    editor.commands.setContent(content ?? '', { emitUpdate: false });
  }, [editor, version, content, collaboration]);

  return (
    <EditorServicesContext.Provider value={services}>
      <div ref={host} className="kite-editor relative">
        {editor && editable && <FormatBubble editor={editor} />}
        {editor && editable && <TableBubble editor={editor} />}
        <EditorContent editor={editor} />
        {slash && items.length > 0 && editor && (
          <Popup spot={slash} label="Commands">
            {items.map((command, index) => (
              <Option
                key={command.id}
                selected={index === active}
                onPick={() => pick(editor, command)}
                onHover={() => setActive(index)}
              >
                <span className="text-fg">{command.label}</span>
                <span className="text-xs text-fg-subtle">{command.hint}</span>
              </Option>
            ))}
          </Popup>
        )}
        {mention && mention.items.length > 0 && (
          <Popup spot={mention} label="Members">
            {mention.items.map((candidate, index) => (
              <Option
                key={candidate.id}
                selected={index === mentionActive}
                onPick={() => pickMention(candidate)}
                onHover={() => setMentionActive(index)}
              >
                <span className="text-fg">{candidate.display_name}</span>
              </Option>
            ))}
          </Popup>
        )}
        {embedAt && editor && (
          <WorkItemPrompt
            spot={embedAt}
            onCancel={() => {
              setEmbedAt(null);
              editor.commands.focus();
            }}
            onPick={async (key) => {
              const lookup = servicesRef.current.workItems?.lookup;
              if (!lookup) return false;
              try {
                const card = await lookup(key);
                const range = embedRange.current ?? editor.state.selection;
                // A paragraph after the card keeps the caret where typing goes on.
                editor
                  .chain()
                  .focus()
                  .insertContentAt({ from: range.from, to: range.to }, [
                    {
                      type: 'workItemEmbed',
                      attrs: {
                        id: card.id,
                        entityIdentifier: card.id,
                        projectIdentifier: card.projectIdentifier,
                        sequenceId: String(card.sequenceId),
                      },
                    },
                    { type: 'paragraph' },
                  ])
                  .run();
                setEmbedAt(null);
                return true;
              } catch (error) {
                toastError(error, `No work item ${key}`);
                return false;
              }
            }}
          />
        )}
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          aria-label="Upload an image"
          onChange={(event) => {
            const files = imageFiles(event.target.files);
            event.target.value = '';
            if (editor && files.length > 0) void insertImages(editor, files);
          }}
        />
      </div>
    </EditorServicesContext.Provider>
  );
}

function Popup({ spot, label, children }: { spot: Spot; label: string; children: ReactNode }) {
  return (
    <div
      role="listbox"
      aria-label={label}
      className={clsx(
        'absolute z-30 max-h-72 w-60 overflow-y-auto rounded-lg border border-border bg-canvas p-1 text-sm shadow-xl',
        spot.above && '-translate-y-full',
      )}
      style={{ top: spot.top, left: Math.max(0, spot.left) }}
    >
      {children}
    </div>
  );
}

function Option({
  selected,
  onPick,
  onHover,
  children,
}: {
  selected: boolean;
  onPick: () => void;
  onHover: () => void;
  children: ReactNode;
}) {
  return (
    <div
      role="option"
      tabIndex={-1}
      aria-selected={selected}
      onMouseDown={(e) => {
        e.preventDefault();
        onPick();
      }}
      onMouseEnter={onHover}
      className={clsx('flex cursor-pointer flex-col rounded-md px-2 py-1.5', selected && 'bg-surface-2')}
    >
      {children}
    </div>
  );
}

/** Asks for a work item's key (`WEB-12`) and embeds it. */
function WorkItemPrompt({
  spot,
  onPick,
  onCancel,
}: {
  spot: Spot;
  onPick: (key: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const key = parseWorkItemKey(value);
  return (
    <form
      className={clsx(
        'absolute z-30 flex w-72 flex-col gap-2 rounded-lg border border-border bg-canvas p-2 text-sm shadow-xl',
        spot.above && '-translate-y-full',
      )}
      style={{ top: spot.top, left: Math.max(0, spot.left) }}
      onSubmit={async (event) => {
        event.preventDefault();
        if (!key || busy) return;
        setBusy(true);
        const done = await onPick(`${key.identifier}-${key.sequence}`);
        if (!done) setBusy(false);
      }}
    >
      <label className="text-xs font-medium text-fg-muted" htmlFor="work-item-key">
        Work item key
      </label>
      <input
        id="work-item-key"
        autoFocus
        value={value}
        placeholder="e.g. WEB-12"
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onCancel();
          }
        }}
        className="h-8 rounded-md border border-border bg-canvas px-2 text-fg outline-none focus:border-primary"
      />
      <div className="flex justify-end gap-2">
        <button
          type="button"
          className="rounded-md px-2 py-1 text-fg-muted hover:bg-surface-2"
          onClick={onCancel}
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={!key || busy}
          className="rounded-md bg-primary px-2 py-1 text-primary-fg disabled:opacity-50"
        >
          Embed
        </button>
      </div>
    </form>
  );
}

function BubbleButton({
  label,
  active,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={clsx(
        'flex size-7 items-center justify-center rounded-md text-fg-muted hover:bg-surface-2 hover:text-fg',
        active && 'bg-surface-2 text-fg',
      )}
    >
      {children}
    </button>
  );
}

const bubbleClasses = 'flex items-center gap-0.5 rounded-lg border border-border bg-canvas p-1 shadow-xl';

/** Bold, italic, underline, strike, code and link over a selection. */
function FormatBubble({ editor }: { editor: Editor }) {
  const [linking, setLinking] = useState<string | null>(null);
  const is = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      code: e.isActive('code'),
      link: e.isActive('link'),
    }),
  });
  const icon = 'size-3.5';
  return (
    <BubbleMenu
      editor={editor}
      pluginKey="formatBubble"
      shouldShow={({ editor: e, from, to }) => e.isEditable && from !== to && !e.isActive('codeBlock')}
      className={bubbleClasses}
    >
      {linking !== null ? (
        <form
          className="flex items-center gap-1"
          onSubmit={(event) => {
            event.preventDefault();
            const href = linking.trim();
            if (href) editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
            else editor.chain().focus().extendMarkRange('link').unsetLink().run();
            setLinking(null);
          }}
        >
          <input
            aria-label="Link address"
            autoFocus
            value={linking}
            placeholder="https://…"
            onChange={(e) => setLinking(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setLinking(null)}
            className="h-7 w-56 rounded-md border border-border bg-canvas px-2 text-sm text-fg outline-none"
          />
        </form>
      ) : (
        <>
          <BubbleButton
            label="Bold"
            active={is.bold}
            onClick={() => editor.chain().focus().toggleBold().run()}
          >
            <Bold className={icon} aria-hidden />
          </BubbleButton>
          <BubbleButton
            label="Italic"
            active={is.italic}
            onClick={() => editor.chain().focus().toggleItalic().run()}
          >
            <Italic className={icon} aria-hidden />
          </BubbleButton>
          <BubbleButton
            label="Underline"
            active={is.underline}
            onClick={() => editor.chain().focus().toggleUnderline().run()}
          >
            <Underline className={icon} aria-hidden />
          </BubbleButton>
          <BubbleButton
            label="Strikethrough"
            active={is.strike}
            onClick={() => editor.chain().focus().toggleStrike().run()}
          >
            <Strikethrough className={icon} aria-hidden />
          </BubbleButton>
          <BubbleButton
            label="Code"
            active={is.code}
            onClick={() => editor.chain().focus().toggleCode().run()}
          >
            <Code className={icon} aria-hidden />
          </BubbleButton>
          <BubbleButton
            label="Link"
            active={is.link}
            onClick={() => setLinking((editor.getAttributes('link').href as string | undefined) ?? '')}
          >
            <LinkIcon className={icon} aria-hidden />
          </BubbleButton>
        </>
      )}
    </BubbleMenu>
  );
}

/** Rows and columns of the table the cursor is in. */
function TableBubble({ editor }: { editor: Editor }) {
  const icon = 'size-3.5';
  const run = (f: (c: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) =>
    f(editor.chain().focus()).run();
  return (
    <BubbleMenu
      editor={editor}
      pluginKey="tableBubble"
      shouldShow={({ editor: e, from, to }) => e.isEditable && from === to && e.isActive('table')}
      options={{ placement: 'top' }}
      className={bubbleClasses}
    >
      <BubbleButton label="Add row" onClick={() => run((c) => c.addRowAfter())}>
        <Rows3 className={icon} aria-hidden />
      </BubbleButton>
      <BubbleButton label="Add column" onClick={() => run((c) => c.addColumnAfter())}>
        <Columns3 className={icon} aria-hidden />
      </BubbleButton>
      <BubbleButton label="Delete row" onClick={() => run((c) => c.deleteRow())}>
        <Rows3 className={clsx(icon, 'text-danger')} aria-hidden />
      </BubbleButton>
      <BubbleButton label="Delete column" onClick={() => run((c) => c.deleteColumn())}>
        <Columns3 className={clsx(icon, 'text-danger')} aria-hidden />
      </BubbleButton>
      <BubbleButton label="Delete table" onClick={() => run((c) => c.deleteTable())}>
        <Trash2 className={clsx(icon, 'text-danger')} aria-hidden />
      </BubbleButton>
    </BubbleMenu>
  );
}
