import RichTextEditor, { EDITOR_PLACEHOLDER } from '../../editor/RichTextEditor.tsx';

/** The spec's placeholder (§9). */
export const DESCRIPTION_PLACEHOLDER = EDITOR_PLACEHOLDER;

interface DescriptionEditorProps {
  html: string;
  /** Bumped when the content must be replaced from outside (a refused save). */
  version: number;
  editable: boolean;
  onChange: (html: string) => void;
  onBlur: () => void;
}

/**
 * A work item's description: the pages' rich-text editor (the `@kite/editor` schema, its '/'
 * menu and format bubble) without collaboration. Loaded lazily.
 */
export default function DescriptionEditor({
  html,
  version,
  editable,
  onChange,
  onBlur,
}: DescriptionEditorProps) {
  return (
    <RichTextEditor
      content={html}
      version={version}
      editable={editable}
      label="Description"
      className="text-sm"
      onChange={onChange}
      onBlur={onBlur}
    />
  );
}
