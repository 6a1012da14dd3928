/**
 * The API reference is generated from the contract's schemas: served as OpenAPI at
 * /v1/openapi.json and browsable at /v1/docs, and docs/api.md's route table is its rendering.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { API_DOC, openApiDocument, renderRouteTable, withRouteTable, type OpenApiDocument } from '../../scripts/api-docs';
import { openFreshDatabase, removeTempDirs, startApp } from './harness';

afterAll(removeTempDirs);

describe('OpenAPI', () => {
  it('serves the document and the browsable reference, every API route with its guard and schemas', async () => {
    const database = await openFreshDatabase('pglite');
    const app = await startApp(database);
    try {
      const response = await app.inject({ method: 'GET', url: '/v1/openapi.json' });
      expect(response.statusCode).toBe(200);
      const document = response.json<OpenApiDocument & { openapi: string }>();
      expect(document.openapi).toBe('3.1.0');
      const paths = Object.keys(document.paths ?? {});
      expect(paths).toEqual(expect.arrayContaining(['/healthz', '/v1/plans', '/v1/auth/login', '/v1/user/{userId}', '/v1/user/{userId}/profile-picture']));
      expect(paths.some((path) => path.startsWith('/uploads') || path.startsWith('/v1/docs'))).toBe(false);
      const login = document.paths?.['/v1/auth/login']?.post;
      expect(login?.security).toEqual([{ basic: [] }, { bearer: [] }]);
      expect(document.paths?.['/v1/user/me']?.get?.security).toEqual([{ bearer: [] }]);
      const user = document.paths?.['/v1/user/me']?.get?.responses?.['200']?.content?.['application/json']?.schema?.properties?.data;
      expect(Object.keys(user?.properties ?? {})).not.toContain('passwordHash');
      const ui = await app.inject({ method: 'GET', url: '/v1/docs/' });
      expect(ui.statusCode).toBe(200);
      expect(ui.body).toContain('swagger-ui');
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('docs/api.md carries the current route table (run npm run docs:api after changing a route)', async () => {
    const markdown = readFileSync(API_DOC, 'utf8');
    expect(withRouteTable(markdown, renderRouteTable(await openApiDocument()))).toBe(markdown);
  });
});
