import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { htmlToYUpdate, yUpdateToHtml } from './server';

describe('HTML ⇄ Yjs document', () => {
  it('round-trips every node the editor offers', () => {
    const html = [
      '<h2>Plan</h2>',
      '<p>Some <strong>bold</strong>, <em>italic</em>, <s>gone</s>, <u>under</u>, <code>x</code> and <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com">a link</a></p>',
      '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol>',
      '<ul data-type="taskList"><li data-checked="true" data-type="taskItem"><label><input type="checkbox" checked="checked"><span></span></label><div><p>done</p></div></li></ul>',
      '<pre><code>let a = 1;</code></pre><blockquote><p>quoted</p></blockquote>',
      '<div data-emoji="⚠️" data-type="callout"><p>careful</p></div>',
      '<p><mention-component entity_identifier="7d1f0c5e-4a52-4d4e-9a59-3f3d0f0a0b01" entity_name="user_mention" label="Ada">@Ada</mention-component></p>',
      '<issue-embed-component entity_identifier="11111111-2222-4333-8444-555555555555" project_identifier="WEB" sequence_id="12">WEB-12</issue-embed-component>',
      '<img src="https://example.com/a.png" alt="pic">',
    ].join('');
    const back = yUpdateToHtml(htmlToYUpdate(html));
    for (const piece of [
      '<h2>Plan</h2>',
      '<strong>bold</strong>',
      '<em>italic</em>',
      '<s>gone</s>',
      '<u>under</u>',
      '<code>x</code>',
      'href="https://example.com"',
      '<ol><li><p>two</p></li></ol>',
      'data-checked="true"',
      '<p>done</p>',
      '<pre><code>let a = 1;</code></pre>',
      'data-type="callout"',
      'data-emoji="⚠️"',
      'entity_identifier="7d1f0c5e-4a52-4d4e-9a59-3f3d0f0a0b01"',
      'label="Ada"',
      '>@Ada</mention-component>',
      'project_identifier="WEB"',
      'sequence_id="12"',
      'src="https://example.com/a.png"',
    ]) {
      expect(back).toContain(piece);
    }
    // Converting twice gives the same HTML: a stored page does not drift on every save.
    expect(yUpdateToHtml(htmlToYUpdate(back))).toBe(back);
  });

  it('gives an empty paragraph for an empty or blank document', () => {
    expect(yUpdateToHtml(Y.encodeStateAsUpdate(new Y.Doc()))).toBe('<p></p>');
    expect(yUpdateToHtml(htmlToYUpdate(''))).toBe('<p></p>');
  });

  it('merges concurrent edits of two replicas', () => {
    const base = htmlToYUpdate('<p>start</p>');
    const a = new Y.Doc();
    const b = new Y.Doc();
    Y.applyUpdate(a, base);
    Y.applyUpdate(b, base);
    const para = (doc: Y.Doc) => (doc.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText;
    para(a).insert(0, 'A ');
    para(b).insert(5, ' B');
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    expect(yUpdateToHtml(Y.encodeStateAsUpdate(a))).toBe('<p>A start B</p>');
  });
});
