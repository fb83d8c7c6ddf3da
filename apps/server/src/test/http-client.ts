export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

interface RequestOptions {
  json?: unknown;
  form?: Record<string, string>;
  /** A multipart body (the boundary header is set by fetch). */
  multipart?: FormData;
  headers?: Record<string, string>;
  /** Send the X-CSRFToken header (default true for writes). */
  csrf?: boolean;
  /** Gives up (the promise rejects) when this aborts: a bound on how long a caller waits. */
  signal?: AbortSignal;
}

/** A browser-like HTTP client over real sockets: a cookie jar, CSRF header, no redirect following. */
export class Client {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** The jar as a `Cookie` header (for sockets and raw fetches made beside this client). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** The same session (its cookies) sent to another address: another app node of one deployment. */
  sessionOn(baseUrl: string): Client {
    const client = new Client(baseUrl);
    for (const [k, v] of this.cookies) client.cookies.set(k, v);
    return client;
  }

  get csrfToken(): string | undefined {
    return this.cookies.get('csrftoken');
  }

  async ensureCsrf(): Promise<string> {
    if (!this.csrfToken) await this.get('/auth/get-csrf-token/');
    return this.csrfToken!;
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const isWrite = method !== 'GET' && method !== 'HEAD';
    if (isWrite && options.csrf !== false) headers['X-CSRFToken'] = await this.ensureCsrf();
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.multipart) {
      body = options.multipart;
    } else if (options.form) {
      headers['Content-Type'] ??= 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    if (this.cookies.size > 0) headers.Cookie = this.cookieHeader();
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: options.signal,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair!.split('=');
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value.join('=') === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json') && text)
      parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = any>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>('POST', path, { json, ...options });
  }
  patch<T = any>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>('PATCH', path, { json, ...options });
  }
  put<T = any>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>('PUT', path, { json, ...options });
  }
  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }
}
