import { describe, expect, it } from 'vitest';
import { routeMatcher } from '../../bin/local/route-matcher';
import { isPageRoute, type Route, routes } from '../../functions/routes';

const route = (method: Route['method'], path: string, operation = path): Route => ({
  operation,
  method,
  path,
  handler: operation,
  auth: 'public',
  table: [],
  grants: [],
});

describe('routeMatcher', () => {
  const match = routeMatcher([
    route('ANY', '/api/{proxy+}', 'fallback'),
    route('GET', '/api/coaches/{coachId}', 'coach'),
    route('GET', '/api/coaches/{coachId}/slots', 'slots'),
    route('GET', '/api/coaches', 'list'),
    route('POST', '/api/me/headshot', 'upload'),
  ]);

  it('prefers a literal path over a parameter and a greedy path last', () => {
    expect(match('GET', '/api/coaches')?.route.operation).toBe('list');
    expect(match('GET', '/api/coaches/abc')?.route.operation).toBe('coach');
    expect(match('GET', '/api/coaches/abc/slots')?.route.operation).toBe('slots');
    expect(match('GET', '/api/anything/else')?.route.operation).toBe('fallback');
  });

  it('decodes path parameters', () => {
    expect(match('GET', '/api/coaches/a%20b')?.pathParameters).toEqual({ coachId: 'a b' });
  });

  it('falls through to the greedy route when only the method differs', () => {
    expect(match('DELETE', '/api/coaches/abc')?.route.operation).toBe('fallback');
    expect(match('GET', '/api/me/headshot')?.route.operation).toBe('fallback');
  });

  it('matches nothing outside the table', () => {
    expect(match('GET', '/elsewhere')).toBeUndefined();
  });
});

describe('the route table', () => {
  it('names each operation and handler once', () => {
    const operations = routes.map((r) => r.operation);
    expect(new Set(operations).size).toBe(operations.length);
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps every API path under /api, beside the public GET pages the site sends to the API', () => {
    const pages = routes.filter(isPageRoute);
    expect(pages.map((r) => r.path)).toEqual(['/coaches', '/coaches/{coachId+}']);
    for (const page of pages) expect(page).toMatchObject({ method: 'GET', auth: 'public' });
  });
});
