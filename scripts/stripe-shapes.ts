/**
 * Writes bin/local/stripe-api/stripe-shapes.json: for each kind of Stripe object the product touches,
 * the fields Stripe's published fixture of it has (stripe/openapi, openapi/fixtures3.json) and the
 * blank object the stand-in builds that kind on: every field the installed SDK's type declares
 * required (the SDK's types are generated from the OpenAPI description of the API version it pins),
 * `null` where the type allows it, else empty lists and objects, else the fixture's value.
 *
 * To regenerate (after an SDK upgrade), with a clone of https://github.com/stripe/openapi:
 *
 *   npx tsx scripts/stripe-shapes.ts /path/to/stripe-openapi [commit]
 *
 * then run tests/integration/stripe-shapes.test.ts, which type-checks what the stand-in answers
 * against the SDK's types and fails on every field that moved.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import ts from 'typescript';
import { STRIPE_KINDS, type StripeKind, stripeTypeProgram } from './stripe-types';

type Json = null | boolean | number | string | Json[] | { [field: string]: Json };

/** Every field path of a fixture (`a.b`, list items as `a[]`), sorted. */
function fieldPaths(value: Json, above = ''): string[] {
  if (Array.isArray(value)) return value.length > 0 ? fieldPaths(value[0] as Json, `${above}[]`) : [];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([field, inner]) => {
    const here = above ? `${above}.${field}` : field;
    return [here, ...fieldPaths(inner, here)];
  });
}

function blankOf(checker: ts.TypeChecker, type: ts.Type, fixture: Json | undefined, depth = 0): Json {
  const members = type.isUnion() ? type.types : [type];
  if (members.some((member) => member.flags & ts.TypeFlags.Null)) return null;
  const given = (kind: 'string' | 'number' | 'boolean') => (typeof fixture === kind ? fixture : undefined);
  const literals = members.filter((member) => member.isLiteral() || member.flags & ts.TypeFlags.BooleanLiteral);
  if (members.some((member) => member.flags & ts.TypeFlags.StringLike)) {
    const values = members.filter((member) => member.isStringLiteral()).map((member) => member.value);
    const open = members.some((member) => member.flags & (ts.TypeFlags.String | ts.TypeFlags.Intersection));
    const fixed = given('string');
    if (fixed !== undefined && (open || values.includes(fixed as string))) return fixed;
    return values[0] ?? '';
  }
  if (members.every((member) => member.flags & ts.TypeFlags.NumberLike)) return given('number') ?? 0;
  if (members.every((member) => member.flags & ts.TypeFlags.BooleanLike)) return given('boolean') ?? false;
  if (literals.length > 0) return null;
  if (members.some((member) => checker.isArrayType(member))) return [];
  if (depth > 8) throw new Error(`A type nested too deep: ${checker.typeToString(type)}`);
  const object = members[0] as ts.Type;
  const fields = fixture && typeof fixture === 'object' && !Array.isArray(fixture) ? fixture : {};
  const blank: { [field: string]: Json } = {};
  for (const property of checker.getPropertiesOfType(object)) {
    if (property.flags & ts.SymbolFlags.Optional) continue;
    const propertyType = checker.getTypeOfSymbol(property);
    blank[property.name] = blankOf(checker, propertyType, fields[property.name], depth + 1);
  }
  return blank;
}

function main(clone: string, commit = 'HEAD') {
  const git = (...args: string[]) => execFileSync('git', ['-C', clone, ...args], { encoding: 'utf8' }).trim();
  const sha = git('rev-parse', commit);
  const fixtures = JSON.parse(git('show', `${sha}:openapi/fixtures3.json`)) as { resources: Record<string, Json> };
  const kinds = Object.keys(STRIPE_KINDS) as StripeKind[];
  const { checker, sourceFile } = stripeTypeProgram(
    `import type Stripe from 'stripe';\n${kinds.map((kind, index) => `export type Kind${index} = ${STRIPE_KINDS[kind]};`).join('\n')}\n`,
  );
  const aliases = sourceFile.statements.filter(ts.isTypeAliasDeclaration);
  const shapes = Object.fromEntries(
    kinds.map((kind, index) => {
      const fixture = fixtures.resources[kind];
      if (!fixture) throw new Error(`stripe/openapi has no fixture of ${kind}`);
      const type = checker.getTypeAtLocation((aliases[index] as ts.TypeAliasDeclaration).name);
      // An event's object is one of many kinds: the stand-in writes each event whole.
      const blank = kind === 'event' ? null : blankOf(checker, type, fixture);
      return [kind, { fixtureFields: fieldPaths(fixture), blank }];
    }),
  );
  const out = path.resolve(import.meta.dirname, '..', 'bin/local/stripe-api/stripe-shapes.json');
  const source = {
    repository: 'https://github.com/stripe/openapi',
    commit: sha,
    committed: git('show', '-s', '--format=%cI', sha),
    fixtures: 'openapi/fixtures3.json',
    types: `stripe (npm), API version ${Stripe.API_VERSION}`,
  };
  writeFileSync(out, JSON.stringify({ source, kinds: shapes }));
  execFileSync('npx', ['biome', 'format', '--write', out], { stdio: 'inherit' });
  console.log(`wrote ${path.relative(process.cwd(), out)} from stripe/openapi ${sha}`);
}

const [clone, commit] = process.argv.slice(2);
if (!clone) {
  console.error('usage: npx tsx scripts/stripe-shapes.ts <clone of stripe/openapi> [commit]');
  process.exit(1);
}
main(clone, commit);
