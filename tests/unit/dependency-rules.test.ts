import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const config = path.join(root, '.dependency-cruiser.cjs');
const depcruise = path.join(root, 'node_modules/.bin/depcruise');

/** Modules the fixtures import, each exporting one name; they import nothing themselves. */
const targets: Record<string, string> = {
  'functions/data/keys.ts': 'keys',
  'functions/domain/errors.ts': 'DomainError',
  'functions/schemas/coach.ts': 'coach',
  'functions/workflows/booking/booking.ts': 'booking',
  'functions/handlers/get-me.ts': 'handler',
  'functions/http/views/session.ts': 'toSessionView',
  'functions/jobs/remind-session.ts': 'remind',
  'functions/adapters/secrets.ts': 'secret',
  'bin/local/stack.ts': 'startLocalStack',
  'scripts/bundle-functions.ts': 'currentBundles',
  'tests/support/handler-kit/http-event.ts': 'httpEvent',
  'web/src/prerender.ts': 'renderCoachPage',
  'web/src/features/directory/api/get-coaches.ts': 'coachesQuery',
  'web/src/features/settings/api/update-rates.ts': 'updateRates',
};

/** Each file breaks the one rule named, and only it. */
const forbidden: Record<string, { rule: string; text: string }> = {
  'functions/domain/imports-workflow.ts': {
    rule: 'domain-is-pure',
    text: "import { booking } from '../workflows/booking/booking';\nexport const b = booking;\n",
  },
  'functions/domain/imports-data.ts': {
    rule: 'domain-is-pure',
    text: "import { keys } from '../data/keys';\nexport const k = keys;\n",
  },
  'functions/http/views/imports-data.ts': {
    rule: 'views-only-shape',
    text: "import { keys } from '../../data/keys';\nexport const k = keys;\n",
  },
  'functions/data/imports-workflow.ts': {
    rule: 'data-and-adapters-below-workflows',
    text: "import { booking } from '../workflows/booking/booking';\nexport const b = booking;\n",
  },
  'functions/adapters/imports-view.ts': {
    rule: 'data-and-adapters-below-workflows',
    text: "import { toSessionView } from '../http/views/session';\nexport const v = toSessionView;\n",
  },
  'functions/workflows/booking/imports-view.ts': {
    rule: 'workflows-below-entry-points',
    text: "import { toSessionView } from '../../http/views/session';\nexport const v = toSessionView;\n",
  },
  'functions/workflows/booking/imports-handler.ts': {
    rule: 'workflows-below-entry-points',
    text: "import { handler } from '../../handlers/get-me';\nexport const h = handler;\n",
  },
  'functions/schemas/imports-data.ts': {
    rule: 'schemas-only-domain',
    text: "import { keys } from '../data/keys';\nexport const k = keys;\n",
  },
  'functions/runtime/imports-data.ts': {
    rule: 'runtime-below-workflows',
    text: "import { keys } from '../data/keys';\nexport const k = keys;\n",
  },
  'functions/http/imports-handler.ts': {
    rule: 'http-below-entry-points',
    text: "import { handler } from '../handlers/get-me';\nexport const h = handler;\n",
  },
  'functions/jobs/imports-handler.ts': {
    rule: 'entry-points-apart',
    text: "import { handler } from '../handlers/get-me';\nexport const h = handler;\n",
  },
  'functions/handlers/imports-web.ts': {
    rule: 'functions-stay-in-lambda',
    text: "import { renderCoachPage } from '../../web/src/prerender';\nexport const r = renderCoachPage;\n",
  },
  'functions/handlers/imports-web-alias.ts': {
    rule: 'functions-stay-in-lambda',
    text: "import { renderCoachPage } from '@/prerender';\nexport const r = renderCoachPage;\n",
  },
  'functions/jobs/imports-bin.ts': {
    rule: 'functions-stay-in-lambda',
    text: "import { startLocalStack } from '../../bin/local/stack';\nexport const s = startLocalStack;\n",
  },
  'functions/handlers/imports-tests.ts': {
    rule: 'functions-stay-in-lambda',
    text: "import { httpEvent } from '../../tests/support/handler-kit/http-event';\nexport const e = httpEvent;\n",
  },
  'bin/imports-scripts.ts': {
    rule: 'bin-not-scripts',
    text: "import { currentBundles } from '../scripts/bundle-functions';\nexport const c = currentBundles;\n",
  },
  'lib/imports-bin.ts': {
    rule: 'lib-not-bin-scripts-web',
    text: "import { startLocalStack } from '../bin/local/stack';\nexport const s = startLocalStack;\n",
  },
  'web/src/features/settings/imports-directory.ts': {
    rule: 'feature-not-another-feature',
    text: "import { coachesQuery } from '../directory/api/get-coaches';\nexport const q = coachesQuery;\n",
  },
  'web/src/features/settings/imports-directory-alias.ts': {
    rule: 'feature-not-another-feature',
    text: "import { coachesQuery } from '@/features/directory/api/get-coaches';\nexport const q = coachesQuery;\n",
  },
  'web/src/lib/imports-feature.ts': {
    rule: 'only-app-composes-features',
    text: "import { coachesQuery } from '@/features/directory/api/get-coaches';\nexport const q = coachesQuery;\n",
  },
  'web/src/components/ui/imports-feature.ts': {
    rule: 'only-app-composes-features',
    text: "import type { coachesQuery } from '../../features/directory/api/get-coaches';\nexport type Q = typeof coachesQuery;\n",
  },
  'functions/domain/imports-zod.ts': {
    rule: 'zod-through-schemas-zod',
    text: "import * as z from 'zod';\nexport const s = z.string();\n",
  },
  'web/src/features/settings/imports-zod-mini.ts': {
    rule: 'zod-through-schemas-zod',
    text: "import * as z from 'zod/mini';\nexport const s = z.string();\n",
  },
  'web/src/features/auth/imports-amplify.ts': {
    rule: 'amplify-on-first-use',
    text: "import { Amplify } from 'aws-amplify';\nexport const a = Amplify;\n",
  },
  'web/src/features/auth/imports-amplify-auth.ts': {
    rule: 'amplify-on-first-use',
    text: "import { signIn } from 'aws-amplify/auth';\nexport const s = signIn;\n",
  },
};

/** Import circles (no-circular): of plain imports, of type-only imports, and through a lazy route's import(). */
const circles: Record<string, string>[] = [
  {
    'functions/domain/circle-a.ts': "import { b } from './circle-b';\nexport const a = () => b;\n",
    'functions/domain/circle-b.ts': "import { a } from './circle-a';\nexport const b = () => a;\n",
  },
  {
    'functions/schemas/type-circle.ts':
      "import type { Rule } from '../domain/type-circle';\nexport interface Form {\n  rule: Rule;\n}\n",
    'functions/domain/type-circle.ts':
      "import type { Form } from '../schemas/type-circle';\nexport interface Rule {\n  form: Form;\n}\n",
  },
  {
    'web/src/features/marketing/routes/index.ts':
      "export const ABOUT_PATH = '/about';\nexport const about = () => import('./about');\n",
    'web/src/features/marketing/routes/about.ts':
      "import { ABOUT_PATH } from './index';\nexport const path = ABOUT_PATH;\n",
  },
];

/** Arrows the rules allow, so the run above cannot pass by flagging everything. */
const allowed: Record<string, string> = {
  'functions/domain/imports-domain-and-schemas.ts':
    "import { DomainError } from './errors';\nimport type { Coach } from '../schemas/coach';\nexport type C = Coach;\nexport const e = DomainError;\n",
  'functions/http/views/imports-domain.ts':
    "import { DomainError } from '../../domain/errors';\nexport const e = DomainError;\n",
  'functions/workflows/booking/imports-data.ts': "import { keys } from '../../data/keys';\nexport const k = keys;\n",
  'functions/handlers/imports-workflow-and-view.ts':
    "import { booking } from '../workflows/booking/booking';\nimport { toSessionView } from '../http/views/session';\nexport const b = [booking, toSessionView];\n",
  'functions/jobs/imports-jobs-helper.ts': "import { remind } from './remind-session';\nexport const r = remind;\n",
  'functions/runtime/imports-adapter.ts': "import { secret } from '../adapters/secrets';\nexport const s = secret;\n",
  'functions/schemas/imports-domain.ts':
    "import { DomainError } from '../domain/errors';\nexport const e = DomainError;\n",
  'functions/schemas/zod.ts':
    "import * as z from 'zod/mini';\nexport * from 'zod/mini';\nexport const s = z.string();\n",
  'web/src/lib/zod-config.ts': "import type { $ZodConfig } from 'zod/v4/core';\nexport type C = $ZodConfig;\n",
  'web/src/lib/amplify.ts': "import { Amplify } from 'aws-amplify';\nexport const a = Amplify;\n",
  'web/src/features/auth/imports-amplify-utils.ts': "import { Hub } from 'aws-amplify/utils';\nexport const h = Hub;\n",
  'web/src/features/settings/imports-itself.ts':
    "import { updateRates } from '@/features/settings/api/update-rates';\nimport { coach } from '@functions/schemas/coach';\nexport const u = [updateRates, coach];\n",
  'web/src/app/composes-features.ts':
    "import { coachesQuery } from '@/features/directory/api/get-coaches';\nimport { updateRates } from '../features/settings/api/update-rates';\nexport const f = [coachesQuery, updateRates];\n",
  'web/src/page-functions/render-coach-page.ts':
    "import { handler as inner } from '@functions/handlers/get-me';\nimport { renderCoachPage } from '../prerender';\nexport const handler = [inner, renderCoachPage];\n",
  'lib/imports-functions.ts': "import { keys } from '../functions/data/keys';\nexport const k = keys;\n",
  'scripts/imports-bin.ts':
    "import { startLocalStack } from '../bin/local/stack';\nexport const s = startLocalStack;\n",
};

let dir: string;
let violations: { from: string; to: string; rule: string }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'pm-depcruise-'));
  const files: Record<string, string> = {
    ...Object.fromEntries(Object.entries(targets).map(([file, name]) => [file, `export const ${name} = 1;\n`])),
    ...Object.fromEntries(Object.entries(forbidden).map(([file, { text }]) => [file, text])),
    ...Object.assign({}, ...circles),
    ...allowed,
  };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  // The project's path aliases, and its packages for the zod and Amplify rules.
  await copyFile(path.join(root, 'tsconfig.json'), path.join(dir, 'tsconfig.json'));
  await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  const run = spawnSync(
    depcruise,
    ['--config', config, '--no-cache', '--output-type', 'json', 'bin', 'lib', 'functions', 'web/src', 'scripts'],
    { cwd: dir, encoding: 'utf8' },
  );
  if (!run.stdout) throw new Error(`depcruise wrote nothing: ${run.stderr}`);
  const result = JSON.parse(run.stdout) as {
    summary: { violations: { from: string; to: string; rule: { name: string } }[] };
  };
  violations = result.summary.violations.map(({ from, to, rule }) => ({ from, to, rule: rule.name }));
}, 60_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('fails each forbidden import on its own rule, relative, through an alias or type-only', () => {
  const flagged = Object.fromEntries(
    Object.keys(forbidden).map((file) => [
      file,
      [...new Set(violations.filter((violation) => violation.from === file).map((violation) => violation.rule))],
    ]),
  );
  expect(flagged).toEqual(Object.fromEntries(Object.entries(forbidden).map(([file, { rule }]) => [file, [rule]])));
});

it('fails each import circle, type-only and through import() too', () => {
  const inCircles = circles.map((circle) => [
    ...new Set(
      violations
        .filter((violation) => violation.rule === 'no-circular' && violation.from in circle)
        .flatMap((violation) => [violation.from, violation.to]),
    ),
  ]);
  expect(inCircles.map((files) => files.sort())).toEqual(circles.map((circle) => Object.keys(circle).sort()));
});

it('passes the arrows the layout allows', () => {
  const failing = (file: string) => file in forbidden || circles.some((circle) => file in circle);
  expect(violations.filter((violation) => !failing(violation.from))).toEqual([]);
});

it('has a failing fixture for every rule in the config', () => {
  const rules = (createRequire(import.meta.url)(config) as { forbidden: { name: string }[] }).forbidden.map(
    (rule) => rule.name,
  );
  const shown = new Set([...Object.values(forbidden).map(({ rule }) => rule), 'no-circular']);
  expect([...shown].sort()).toEqual([...rules].sort());
});
