import { pagePathPatterns, type Route } from '../../functions/routes';

export interface RouteMatch {
  route: Route;
  pathParameters: Record<string, string>;
}

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  names: string[];
  /** API Gateway prefers literal segments over parameters, and greedy `{x+}` paths last. */
  rank: number;
}

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  let rank = 0;
  const source = route.path
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)(\+?)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(param[1] as string);
      rank += param[2] ? 1000 : 1;
      return param[2] ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), names, rank };
}

/** Matches a request to the route table the way API Gateway's HTTP API does. */
export function routeMatcher(routes: readonly Route[]) {
  const compiled = routes.map(compile).sort((a, b) => a.rank - b.rank);
  return (method: string, path: string): RouteMatch | undefined => {
    for (const candidate of compiled) {
      if (candidate.route.method !== 'ANY' && candidate.route.method !== method) continue;
      const match = candidate.pattern.exec(path);
      if (!match) continue;
      const pathParameters = Object.fromEntries(
        candidate.names.map((name, i) => [name, decodeURIComponent(match[i + 1] as string)]),
      );
      return { route: candidate.route, pathParameters };
    }
    return undefined;
  };
}

/** A CloudFront path pattern as a regular expression: `*` is any characters, `?` exactly one. */
const pathPatternRegExp = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replaceAll('*', '.*')
      .replaceAll('?', '.')}$`,
  );

const pageBehaviours = pagePathPatterns().map(pathPatternRegExp);

/** Whether CloudFront sends `path` to the API's page routes: the behaviours lib/web.ts makes of their path patterns. */
export const isPagePath = (path: string) => pageBehaviours.some((behaviour) => behaviour.test(path));
