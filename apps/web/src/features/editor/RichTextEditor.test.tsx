import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import RichTextEditor from './RichTextEditor.tsx';

/** A stored mention of Ada (user u9), as Plane and the server write it. */
const MENTION =
  '<p>Ask <mention-component entity_identifier="u9" entity_name="user_mention" label="Ada">@Ada</mention-component></p>';

const editorBox = () => screen.findByRole('textbox', { name: 'Body' });

describe('rich-text editor (issue #19: mentions and the placeholder)', () => {
  it('links a mention to the member’s profile in the workspace', async () => {
    render(
      <RichTextEditor
        content={MENTION}
        editable
        label="Body"
        services={{ mentions: { slug: 'acme', candidates: () => [] } }}
      />,
    );
    const box = await editorBox();
    await waitFor(() => expect(box.querySelector('a.mention')).not.toBeNull());
    const link = box.querySelector('a.mention') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/acme/profile/u9');
    expect(link.textContent).toBe('@Ada');
  });

  it('names a mention without linking it where no workspace is given', async () => {
    render(<RichTextEditor content={MENTION} editable label="Body" />);
    const box = await editorBox();
    await waitFor(() => expect(box.querySelector('.mention')).not.toBeNull());
    expect(box.querySelector('a.mention')).toBeNull();
    expect(box.querySelector('span.mention')?.textContent).toBe('@Ada');
  });

  it('shows "Press \'/\' for commands..." while empty', async () => {
    render(<RichTextEditor content="" editable label="Body" />);
    const box = await editorBox();
    await waitFor(() => expect(box.querySelector('p.is-editor-empty')).not.toBeNull());
    expect(box.querySelector('p.is-editor-empty')?.getAttribute('data-placeholder')).toBe(
      "Press '/' for commands...",
    );
  });
});
