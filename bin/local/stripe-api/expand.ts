import { invalidParameter } from './errors';

/** A Stripe API object as the stand-in answers with it, before it becomes JSON. */
export type StripeObject = { [field: string]: unknown };

/**
 * An expandable field: the id Stripe answers with, and how to load the object it answers with
 * instead when the request `expand`s the field. JSON gives the id, as an unexpanded answer (and
 * every event, which cannot be expanded) carries it.
 */
export class Expandable {
  constructor(
    readonly id: string,
    readonly load: () => Promise<StripeObject | null>,
  ) {}

  toJSON(): string {
    return this.id;
  }
}

/** Stripe expands at most four levels (`a.b.c.d`). */
const MAX_DEPTH = 4;

/**
 * `object` with the fields `paths` name (Stripe's `expand[]`, dot-separated, `data.` into a list's
 * items) replaced by the objects they point at; a field that cannot be expanded is refused as Stripe refuses it.
 */
export async function expanded(object: StripeObject, paths: readonly string[]): Promise<StripeObject> {
  for (const path of paths) {
    if (path.split('.').length > MAX_DEPTH) {
      throw invalidParameter(`You cannot expand more than ${MAX_DEPTH} levels of a property. Property: ${path}`, {
        param: 'expand',
      });
    }
  }
  await expandInto(object, paths, '');
  return object;
}

async function expandInto(object: StripeObject, paths: readonly string[], above: string): Promise<void> {
  const byField = new Map<string, string[]>();
  for (const path of paths) {
    const [field, ...rest] = path.split('.');
    byField.set(field as string, [...(byField.get(field as string) ?? []), ...(rest.length ? [rest.join('.')] : [])]);
  }
  for (const [field, deeper] of byField) {
    const value = object[field];
    const here = above ? `${above}.${field}` : field;
    if (value instanceof Expandable) {
      const loaded = await value.load();
      if (loaded) await expandInto(loaded, deeper, here);
      object[field] = loaded;
    } else if (Array.isArray(value) && deeper.length > 0) {
      for (const item of value) await expandInto(item as StripeObject, deeper, here);
    } else if (value && typeof value === 'object' && deeper.length > 0) {
      await expandInto(value as StripeObject, deeper, here);
    } else if (value !== null) {
      throw invalidParameter(`This property cannot be expanded (${here}).`, { param: 'expand' });
    }
  }
}
