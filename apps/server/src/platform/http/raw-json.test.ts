import { describe, expect, it } from 'vitest';
import { PreRendered, RawJson, serializeReply } from './raw-json.ts';

describe('serializeReply', () => {
  it('splices raw JSON texts unparsed into the body, in order', () => {
    const body = new PreRendered({
      count: 2,
      results: { a: { results: [new RawJson('{"id":1,"name":"x \\" y"}'), new RawJson('[]')] } },
      empty: [],
      last: new RawJson('null'),
    });
    const text = serializeReply(body);
    expect(text).toBe(
      '{"count":2,"results":{"a":{"results":[{"id":1,"name":"x \\" y"},[]]}},"empty":[],"last":null}',
    );
    expect(JSON.parse(text).results.a.results[0].name).toBe('x " y');
  });

  it('serialises other bodies as JSON, and raw parts outside a pre-rendered body as their value', () => {
    expect(serializeReply({ a: [1, 'b'] })).toBe('{"a":[1,"b"]}');
    expect(serializeReply({ a: new RawJson('{"b":2}') })).toBe('{"a":{"b":2}}');
  });
});
