import { invalidParameter, invalidRequest } from './errors';
import type { Params } from './params';

/** The parameters every Stripe list takes (besides `expand`); each list endpoint names its own filters besides. */
export const LIST_PARAMS = ['limit', 'starting_after', 'ending_before'] as const;

/**
 * One page of a Stripe list object: `items` newest first, cut by `limit` (1–100, 10 unless given)
 * after `starting_after` or before `ending_before` (ids of the list; an unknown one is refused).
 */
export function listPage<Item extends { id: string }>(
  items: readonly Item[],
  params: Params,
  url: string,
  kind: string,
): { object: 'list'; data: Item[]; has_more: boolean; url: string } {
  const limit = params.integer('limit') ?? 10;
  if (limit < 1 || limit > 100) {
    throw invalidParameter('This value must be greater than or equal to 1 and less than or equal to 100.', {
      param: 'limit',
    });
  }
  const positionOf = (param: 'starting_after' | 'ending_before') => {
    const id = params.text(param);
    if (id === undefined) return undefined;
    const index = items.findIndex((item) => item.id === id);
    if (index < 0) throw invalidRequest(`No such ${kind}: '${id}'`, { code: 'resource_missing', param });
    return index;
  };
  const after = positionOf('starting_after');
  const before = positionOf('ending_before');
  if (before !== undefined) {
    const start = Math.max(0, before - limit);
    return { object: 'list', data: items.slice(start, before), has_more: start > 0, url };
  }
  const start = after === undefined ? 0 : after + 1;
  return { object: 'list', data: items.slice(start, start + limit), has_more: start + limit < items.length, url };
}
