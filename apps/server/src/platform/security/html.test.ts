import { describe, expect, it } from 'vitest';
import { sanitizeRichText, stripHtml } from './html.ts';

describe('sanitizeRichText', () => {
  it.each([
    ['<p>ok</p><script>alert(1)</script>', '<p>ok</p>'],
    ['<img src=x onerror="alert(1)">', '<img src="x" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<p style="color:red;position:fixed">x</p>', '<p style="color:red">x</p>'],
    ['<iframe src="https://evil"></iframe><p>a</p>', '<p>a</p>'],
    [
      '<mention-component entity_identifier="u1" entity_name="user_mention"></mention-component>',
      '<mention-component entity_identifier="u1" entity_name="user_mention"></mention-component>',
    ],
    ['', '<p></p>'],
    ['   ', '<p></p>'],
  ])('sanitises %j', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it('is idempotent', () => {
    const once = sanitizeRichText(
      '<p onclick="x()">a <a href="https://e.com">link</a><svg><script>1</script></svg></p>',
    );
    expect(sanitizeRichText(once)).toBe(once);
    expect(once).not.toMatch(/onclick|script|svg/);
  });

  it('strips to text', () => {
    expect(stripHtml('<p>Hello <strong>world</strong></p>')).toBe('Hello world');
  });
});
