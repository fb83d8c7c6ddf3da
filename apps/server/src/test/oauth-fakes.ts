import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider from 'oidc-provider';

/** A person as a provider knows them. */
export interface FakePerson {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on loopback, with its development
 * login and consent forms: any login name signs in as the account of that name.
 */
export async function startOidcProvider(options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  people: Record<string, Omit<FakePerson, 'sub'>>;
  /** Seconds an authorization code lives (default 60). */
  codeTtl?: number;
}) {
  const server = http.createServer();
  const issuer = await listen(server);
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx: unknown, id: string) {
      const person = options.people[id];
      return person && { accountId: id, claims: async () => ({ sub: id, ...person }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    ttl: { AuthorizationCode: options.codeTtl ?? 60 },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    features: { devInteractions: { enabled: true } },
  });
  server.on('request', provider.callback());
  return { issuer, close: () => close(server) };
}

type Kind = 'google' | 'github' | 'gitlab' | 'gitea';

/**
 * Stand-ins for Google's, GitHub's, GitLab's and Gitea's authorization, token and user endpoints, as
 * their documentation describes them. The authorize endpoint signs `person` in at once (no login
 * page) and redirects back; what the app sent is kept in `requests` for the test to inspect.
 */
export async function startFakeProvider(kind: Kind, client: { id: string; secret: string }) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const rogue = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const codes = new Map<
    string,
    { challenge: string; nonce?: string; redirectUri: string; person: FakePerson }
  >();
  const tokens = new Map<string, FakePerson>();
  const fake = {
    issuer: '',
    person: {
      sub: '1001',
      email: 'someone@example.com',
      email_verified: true,
      name: 'Ada Lovelace',
    } as FakePerson,
    /** GitHub's and Gitea's email listings; defaults to the person's one address. */
    emails: undefined as undefined | { email: string; primary: boolean; verified: boolean }[],
    /** Sign ID tokens with a key the provider does not publish. */
    signWithRogueKey: false,
    requests: [] as { path: string; params: Record<string, string> }[],
    close: () => close(server),
  };

  const paths = {
    google: { authorize: '/o/oauth2/v2/auth', token: '/token' },
    github: { authorize: '/login/oauth/authorize', token: '/login/oauth/access_token' },
    gitlab: { authorize: '/oauth/authorize', token: '/oauth/token' },
    gitea: { authorize: '/login/oauth/authorize', token: '/login/oauth/access_token' },
  }[kind];

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  async function idToken(person: FakePerson, nonce: string | undefined) {
    return new SignJWT({
      email: person.email,
      email_verified: person.email_verified,
      name: person.name,
      nonce,
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(fake.issuer)
      .setAudience(client.id)
      .setSubject(person.sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(fake.signWithRogueKey ? rogue.privateKey : privateKey);
  }

  function personOf(req: http.IncomingMessage): FakePerson | undefined {
    const header = req.headers.authorization ?? '';
    const token = header.replace(/^(Bearer|token) /i, '');
    return tokens.get(token);
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', fake.issuer);
    let body = '';
    for await (const chunk of req) body += chunk;
    const params = Object.fromEntries([...url.searchParams, ...new URLSearchParams(body)]);
    fake.requests.push({ path: url.pathname, params });

    if (url.pathname === '/.well-known/openid-configuration' && kind === 'google') {
      return json(res, 200, {
        issuer: fake.issuer,
        authorization_endpoint: `${fake.issuer}${paths.authorize}`,
        token_endpoint: `${fake.issuer}${paths.token}`,
        userinfo_endpoint: `${fake.issuer}/userinfo`,
        jwks_uri: `${fake.issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url.pathname === '/jwks') return json(res, 200, { keys: [jwk] });

    if (url.pathname === paths.authorize) {
      if (params.client_id !== client.id || !params.redirect_uri || params.code_challenge_method !== 'S256') {
        return json(res, 400, { error: 'invalid_request' });
      }
      const code = randomBytes(12).toString('hex');
      codes.set(code, {
        challenge: params.code_challenge ?? '',
        nonce: params.nonce,
        redirectUri: params.redirect_uri,
        person: fake.person,
      });
      const back = new URL(params.redirect_uri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', params.state ?? '');
      res.writeHead(302, { location: back.href });
      return res.end();
    }

    if (url.pathname === paths.token && req.method === 'POST') {
      const grant = codes.get(params.code ?? '');
      codes.delete(params.code ?? '');
      const verifierOk =
        !!grant &&
        createHash('sha256')
          .update(params.code_verifier ?? '')
          .digest('base64url') === grant.challenge;
      const clientOk = params.client_id === client.id && params.client_secret === client.secret;
      if (!grant || !verifierOk || !clientOk || params.redirect_uri !== grant.redirectUri) {
        return json(res, 400, { error: 'invalid_grant' });
      }
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, grant.person);
      return json(res, 200, {
        access_token: accessToken,
        token_type: kind === 'github' ? 'bearer' : 'Bearer',
        expires_in: 3600,
        ...(kind === 'google' ? { id_token: await idToken(grant.person, grant.nonce) } : {}),
      });
    }

    const person = personOf(req);
    if (!person) return json(res, 401, { message: 'Bad credentials' });
    const emails =
      fake.emails ??
      (person.email ? [{ email: person.email, primary: true, verified: !!person.email_verified }] : []);
    const numericId = Number(person.sub);
    switch (`${kind} ${url.pathname}`) {
      case 'google /userinfo':
        return json(res, 200, {
          sub: person.sub,
          email: person.email,
          email_verified: person.email_verified,
          name: person.name,
        });
      case 'github /user':
        // GitHub leaves `email` null when the address is private; the emails listing has it.
        return json(res, 200, { id: numericId, login: 'ada', name: person.name, email: null });
      case 'github /user/emails':
        return json(
          res,
          200,
          emails.map((e) => ({ ...e, visibility: null })),
        );
      case 'gitlab /api/v4/user':
        return json(res, 200, {
          id: numericId,
          username: 'ada',
          name: person.name,
          email: person.email,
          confirmed_at: person.email_verified ? '2024-01-01T00:00:00Z' : null,
        });
      case 'gitea /api/v1/user':
        return json(res, 200, { id: numericId, login: 'ada', full_name: person.name, email: person.email });
      case 'gitea /api/v1/user/emails':
        return json(res, 200, emails);
      default:
        return json(res, 404, { message: 'Not Found' });
    }
  });
  fake.issuer = await listen(server);
  return fake;
}

/** Follows redirects and submits the provider's login and consent forms until the app's callback. */
export async function throughProvider(
  start: string,
  appBase: string,
  login: string,
): Promise<{ callback: string; pages: string[] }> {
  const cookies = new Map<string, string>();
  const pages: string[] = [];
  let url = start;
  let init: RequestInit = {};
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(appBase)) return { callback: url, pages };
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!.trim(), value.join('='));
    }
    init = {};
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await response.text();
    pages.push(html);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt)
      throw new Error(`The provider answered ${response.status} without a form: ${html.slice(0, 300)}`);
    const form: Record<string, string> = prompt === 'login' ? { prompt, login, password: 'any' } : { prompt };
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    init = {
      method: 'POST',
      body: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  throw new Error('Too many redirects through the provider');
}
