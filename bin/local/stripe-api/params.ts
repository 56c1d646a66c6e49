import { invalidParameter } from './errors';

/** A parameter as Stripe's form encoding carries it: a string, a list or a hash of more. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
type FormHash = { [key: string]: FormValue };

const isHash = (value: FormValue | undefined): value is FormHash =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `a[b][0][c]` → `['a', 'b', '0', 'c']`; `a[]` ends in `''` (the next item of a list). */
function keyPath(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) throw invalidParameter(`Invalid parameter name: ${key}`);
  const nested = [...(match[2] as string).matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] as string);
  return [match[1] as string, ...nested];
}

/** A hash whose keys are 0, 1, … n-1 is the list Stripe's indexed syntax (`a[0]=x&a[1]=y`) sends. */
function listsOf(value: FormValue): FormValue {
  if (Array.isArray(value)) return value.map(listsOf);
  if (!isHash(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, listsOf(value[key] as FormValue)] as const);
  if (keys.length > 0 && keys.every((key, index) => key === String(index))) return entries.map(([, item]) => item);
  return Object.fromEntries(entries);
}

/**
 * Stripe's form encoding (`application/x-www-form-urlencoded`, in a body or a query string) with
 * its nested syntax: `metadata[userId]=u1`, `line_items[0][price_data][unit_amount]=500`,
 * `expand[]=latest_charge`. A name given twice for one place is refused, as Stripe refuses it.
 */
export function parseStripeForm(encoded: string): FormHash {
  const root: FormHash = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = keyPath(key);
    let node: FormHash = root;
    for (const [index, part] of path.entries()) {
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (index === path.length - 1) {
        if (name in node) throw invalidParameter(`Invalid parameter: ${key} is given more than once`, { param: key });
        node[name] = value;
        break;
      }
      const next = node[name] ?? {};
      if (!isHash(next)) throw invalidParameter(`Invalid hash: ${path.slice(0, index + 1).join('.')}`, { param: key });
      node[name] = next;
      node = next;
    }
  }
  return listsOf(root) as FormHash;
}

/**
 * A request's parameters read as Stripe reads them: each reader names the parameter in Stripe's
 * bracket syntax (`line_items[0][quantity]`) when it refuses it, with Stripe's codes.
 */
export class Params {
  constructor(
    private readonly values: FormHash,
    private readonly prefix = '',
  ) {}

  /** The name Stripe's errors give the parameter (`line_items[0][quantity]`). */
  nameOf(name: string) {
    return this.prefix ? `${this.prefix}[${name}]` : name;
  }

  has(name: string): boolean {
    return this.values[name] !== undefined && this.values[name] !== '';
  }

  isHash(name: string): boolean {
    return isHash(this.values[name]);
  }

  /** Refuses every parameter not named, as Stripe does (`parameter_unknown`). */
  only(...names: string[]): this {
    for (const name of Object.keys(this.values)) {
      if (!names.includes(name)) {
        throw invalidParameter(`Received unknown parameter: ${this.nameOf(name)}`, {
          code: 'parameter_unknown',
          param: this.nameOf(name),
        });
      }
    }
    return this;
  }

  private missing(name: string) {
    return invalidParameter(`Missing required param: ${this.nameOf(name)}.`, {
      code: 'parameter_missing',
      param: this.nameOf(name),
    });
  }

  text(name: string): string | undefined;
  text(name: string, required: 'required'): string;
  text(name: string, required?: 'required'): string | undefined {
    const value = this.values[name];
    if (value === undefined || value === '') {
      if (required) throw this.missing(name);
      return undefined;
    }
    if (typeof value !== 'string')
      throw invalidParameter(`Invalid string: ${this.nameOf(name)}`, { param: this.nameOf(name) });
    return value;
  }

  integer(name: string): number | undefined;
  integer(name: string, required: 'required'): number;
  integer(name: string, required?: 'required'): number | undefined {
    const value = required ? this.text(name, required) : this.text(name);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value)) {
      throw invalidParameter(`Invalid integer: ${value}`, {
        code: 'parameter_invalid_integer',
        param: this.nameOf(name),
      });
    }
    return Number(value);
  }

  boolean(name: string): boolean | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') {
      throw invalidParameter(`Invalid boolean: ${value}`, { param: this.nameOf(name) });
    }
    return value === 'true';
  }

  /** One of `allowed`, as Stripe's enums are checked. */
  choice<T extends string>(name: string, allowed: readonly T[]): T | undefined;
  choice<T extends string>(name: string, allowed: readonly T[], required: 'required'): T;
  choice<T extends string>(name: string, allowed: readonly T[], required?: 'required'): T | undefined {
    const value = required ? this.text(name, required) : this.text(name);
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value)) {
      throw invalidParameter(`Invalid ${this.nameOf(name)}: must be one of ${allowed.join(', ')}`, {
        param: this.nameOf(name),
      });
    }
    return value as T;
  }

  hash(name: string): Params;
  hash(name: string, required: 'required'): Params;
  hash(name: string, required?: 'required'): Params {
    const value = this.values[name];
    if (value === undefined || value === '') {
      if (required) throw this.missing(name);
      return new Params({}, this.nameOf(name));
    }
    if (!isHash(value)) throw invalidParameter(`Invalid hash: ${this.nameOf(name)}`, { param: this.nameOf(name) });
    return new Params(value, this.nameOf(name));
  }

  /** A list of hashes (`line_items[0][…]`). */
  hashes(name: string, required?: 'required'): Params[] {
    const value = this.values[name];
    if (value === undefined || value === '') {
      if (required) throw this.missing(name);
      return [];
    }
    if (!Array.isArray(value) || !value.every(isHash)) {
      throw invalidParameter(`Invalid array: ${this.nameOf(name)}`, { param: this.nameOf(name) });
    }
    return value.map((item, index) => new Params(item as FormHash, `${this.nameOf(name)}[${index}]`));
  }

  /** A list of strings (`expand[]`, `payment_method_types[0]`). */
  strings(name: string): string[] {
    const value = this.values[name];
    if (value === undefined || value === '') return [];
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
      throw invalidParameter(`Invalid array: ${this.nameOf(name)}`, { param: this.nameOf(name) });
    }
    return value as string[];
  }

  /** `metadata[key]=value`: Stripe's limits of 50 keys, keys of 40 characters and values of 500. */
  metadata(name = 'metadata'): Record<string, string> {
    const hash = this.hash(name);
    const entries = Object.keys(hash.values).map((key) => [key, hash.text(key) ?? ''] as const);
    const param = this.nameOf(name);
    if (entries.length > 50) throw invalidParameter('Metadata can have at most 50 keys.', { param });
    for (const [key, value] of entries) {
      if (key.length > 40) throw invalidParameter(`Metadata keys can be at most 40 characters: ${key}`, { param });
      if (value.length > 500)
        throw invalidParameter(`Metadata values can be at most 500 characters: ${key}`, { param });
    }
    return Object.fromEntries(entries.filter(([, value]) => value !== ''));
  }
}
