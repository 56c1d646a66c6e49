import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const biome = path.join(root, 'node_modules/.bin/biome');

/** The lint run (`npm run lint`, inside `npm test`) over these files, laid out under a copy of biome.json. */
let dir: string;
const fixtures: Record<string, string> = {
  'functions/domain/imports-data.ts': "import { keys } from '../data/keys';\n\nexport const k = keys;\n",
  'functions/domain/imports-http.ts':
    "import { jsonResponse } from '../http/responses';\n\nexport const j = jsonResponse;\n",
  'functions/domain/imports-runtime.ts': "import { log } from '../runtime/log';\n\nexport const l = log;\n",
  'functions/domain/imports-domain.ts': "import { DomainError } from './errors';\n\nexport const e = DomainError;\n",
  'functions/http/views/imports-data.ts': "import { keys } from '../../data/keys';\n\nexport const k = keys;\n",
  'functions/http/views/imports-domain.ts':
    "import { DomainError } from '../../domain/errors';\n\nexport const e = DomainError;\n",
  'functions/workflows/booking/imports-data.ts': "import { keys } from '../../data/keys';\n\nexport const k = keys;\n",
  'web/src/features/settings/imports-directory.ts':
    "import { coachesQuery } from '@/features/directory/api/get-coaches';\n\nexport const q = coachesQuery;\n",
  'web/src/features/settings/imports-itself.ts':
    "import { useUpdateRates } from '@/features/settings/api/update-rates';\n\nexport const u = useUpdateRates;\n",
};
let report = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'pm-lint-'));
  const { $schema: _, ...config } = JSON.parse(await readFile(path.join(root, 'biome.json'), 'utf8'));
  await writeFile(path.join(dir, 'biome.json'), JSON.stringify(config));
  for (const [file, text] of Object.entries(fixtures)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  const run = spawnSync(biome, ['lint', '--max-diagnostics=50', '.'], { cwd: dir, encoding: 'utf8' });
  report = `${run.stdout}${run.stderr}`;
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const flagged = () =>
  [...report.matchAll(/^(\S+\.ts):\d+:\d+ lint\/style\/noRestrictedImports/gm)].map((match) => match[1]).sort();

it('fails a domain file that imports from data/, http/ or runtime/, a view that imports from data/, and a feature that imports another feature', () => {
  expect(flagged()).toEqual([
    'functions/domain/imports-data.ts',
    'functions/domain/imports-http.ts',
    'functions/domain/imports-runtime.ts',
    'functions/http/views/imports-data.ts',
    'web/src/features/settings/imports-directory.ts',
  ]);
  expect(report).toContain('Domain code is pure and at the bottom');
  expect(report).toContain('A view only shapes domain items');
  expect(report).toContain('A feature never imports another feature');
});

it('has the rule for every web feature, so a new feature cannot import others unnoticed', async () => {
  const config = JSON.parse(await readFile(path.join(root, 'biome.json'), 'utf8')) as {
    overrides: { includes: string[]; linter?: { rules?: { style?: { noRestrictedImports?: unknown } } } }[];
  };
  const guarded = config.overrides
    .filter((override) => JSON.stringify(override.linter?.rules?.style?.noRestrictedImports).includes('@/features/**'))
    .flatMap((override) => override.includes);
  const features = (await readdir(path.join(root, 'web/src/features'), { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => `web/src/features/${entry.name}/**`);
  expect(guarded.sort()).toEqual(features.sort());
});
