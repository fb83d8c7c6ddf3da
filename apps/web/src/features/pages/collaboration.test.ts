import { describe, expect, it } from 'vitest';
import { caretColor, collaborationUrl, parseAccessNotice, peersOf } from './collaboration.ts';

describe('page collaboration helpers', () => {
  it('builds the endpoint on this host, secure under https', () => {
    expect(collaborationUrl({ protocol: 'https:', host: 'kite.example' }, 'acme', 'p1')).toBe(
      'wss://kite.example/live/collaboration?documentType=project_page&projectId=p1&workspaceSlug=acme',
    );
    expect(collaborationUrl({ protocol: 'http:', host: 'localhost:3000' }, 'a', 'b')).toMatch(
      /^ws:\/\/localhost:3000\//,
    );
  });

  it('reads the server’s access notice and nothing else', () => {
    expect(parseAccessNotice('{"type":"access","read_only":true}')).toEqual({ read_only: true });
    expect(parseAccessNotice('{"type":"access","read_only":false}')).toEqual({ read_only: false });
    expect(parseAccessNotice('{"type":"other","read_only":true}')).toBeNull();
    expect(parseAccessNotice('{"type":"access"}')).toBeNull();
    expect(parseAccessNotice('not json')).toBeNull();
  });

  it('lists the other editors that name a user, and gives each user one caret colour', () => {
    const states = [
      { clientId: 1, user: { name: 'Me', color: '#000000' } },
      { clientId: 2, user: { name: 'Ada', color: '#e5484d' } },
      { clientId: 3 },
    ];
    expect(peersOf(states, 1)).toEqual([{ clientId: 2, name: 'Ada', color: '#e5484d' }]);
    expect(caretColor('user-1')).toBe(caretColor('user-1'));
  });
});
