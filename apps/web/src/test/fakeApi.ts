// Not from lib/api.ts: tests replace that module with this fake, so importing it here would be circular.
import { ApiError } from '../lib/apiError.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Handler = (body: unknown, path: string) => unknown;

export interface FakeCall {
  method: Method;
  path: string;
  body: unknown;
}

/**
 * A stand-in for lib/api's `api` object: handlers per "METHOD path" (exact, or the path
 * without its query), every call recorded. An unhandled call rejects with a 404 ApiError.
 * A handler may throw an ApiError to play a server refusal.
 */
export class FakeApi {
  private handlers = new Map<string, Handler>();
  calls: FakeCall[] = [];

  on(method: Method, path: string, handler: Handler | object | null): this {
    this.handlers.set(
      `${method} ${path}`,
      typeof handler === 'function' ? (handler as Handler) : () => handler,
    );
    return this;
  }

  fail(method: Method, path: string, status: number, error: string, code: string): this {
    return this.on(method, path, () => {
      throw new ApiError(status, error, code);
    });
  }

  callsTo(method: Method, path: string): FakeCall[] {
    return this.calls.filter(
      (c) => c.method === method && (c.path === path || c.path.split('?')[0] === path),
    );
  }

  reset(): void {
    this.handlers.clear();
    this.calls = [];
  }

  private async handle(method: Method, path: string, body?: unknown): Promise<unknown> {
    this.calls.push({ method, path, body });
    const handler =
      this.handlers.get(`${method} ${path}`) ?? this.handlers.get(`${method} ${path.split('?')[0]}`);
    if (!handler) throw new ApiError(404, `No fake handler for ${method} ${path}`, 'NOT_FOUND');
    const answer = handler(body, path);
    // Answer asynchronously like the network does.
    await Promise.resolve();
    return structuredClone(await answer);
  }

  readonly client = {
    get: <T>(path: string) => this.handle('GET', path) as Promise<T>,
    post: <T>(path: string, body?: unknown) => this.handle('POST', path, body ?? {}) as Promise<T>,
    patch: <T>(path: string, body: unknown) => this.handle('PATCH', path, body) as Promise<T>,
    put: <T>(path: string, body: unknown) => this.handle('PUT', path, body) as Promise<T>,
    delete: <T = void>(path: string) => this.handle('DELETE', path) as Promise<T>,
    /** A handler for "POST path" answers the file as `{text, fileName}`. */
    postForFile: (path: string) =>
      this.handle('POST', path, undefined) as Promise<{ text: string; fileName: string | null }>,
  };
}

export const fakeApi = new FakeApi();
