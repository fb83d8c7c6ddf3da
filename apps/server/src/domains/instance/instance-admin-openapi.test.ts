import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

it('documents every console route under the instance tag, with its answer schema', async () => {
  const { paths } = (await new Client(t.baseUrl).get('/api/openapi.json')).body;
  const routes: [string, string, string][] = [
    ['/api/instances/users/', 'get', '200'],
    ['/api/instances/users/{user_id}/', 'patch', '200'],
    ['/api/instances/workspaces/', 'get', '200'],
    ['/api/instances/workspaces/', 'post', '201'],
    ['/api/instances/email-credentials-check/', 'post', '200'],
    ['/api/instances/audit-log/', 'get', '200'],
  ];
  for (const [path, method, status] of routes) {
    const operation = paths[path]?.[method];
    expect(operation, `${method} ${path}`).toBeDefined();
    expect(operation.tags).toEqual(['instance']);
    expect(
      operation.responses[status]?.content?.['application/json']?.schema,
      `${method} ${path}`,
    ).toBeDefined();
  }
  const listed = paths['/api/instances/users/'].get.responses['200'].content['application/json'].schema;
  expect(JSON.stringify(listed)).toContain('providers');
});
