import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A hash of every file under `paths` (files or folders), names included, in a stable order. */
async function hashOfFiles(paths: readonly string[]): Promise<string> {
  const files: string[] = [];
  for (const root of paths) {
    if ((await stat(root)).isFile()) files.push(root);
    else
      for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
        if (entry.isFile()) files.push(path.join(entry.parentPath, entry.name));
      }
  }
  const hash = createHash('sha256');
  for (const file of files.sort())
    hash
      .update(file)
      .update('\0')
      .update(await readFile(file))
      .update('\0');
  return hash.digest('hex');
}

interface BuildRecord<T> {
  inputs: string;
  result: T;
}

/**
 * What a build made from `inputs`, reusing the last one while its inputs are unchanged and its
 * output folder is there: `npm test` builds the SPA and the Lambda bundles once for the infra
 * tests, the browser tests and the smoke test. The record sits beside the output, `<outdir>.json`.
 */
export async function builtOnce<T>(outdir: string, inputs: readonly string[], build: () => Promise<T>): Promise<T> {
  const recordFile = `${outdir}.json`;
  const hash = await hashOfFiles(inputs);
  const record = await readRecord<T>(recordFile);
  if (record?.inputs === hash && (await isFolder(outdir))) return record.result;
  await mkdir(path.dirname(recordFile), { recursive: true });
  await writeFile(recordFile, '{}', 'utf8');
  const result = await build();
  await writeFile(recordFile, JSON.stringify({ inputs: hash, result } satisfies BuildRecord<T>), 'utf8');
  return result;
}

async function readRecord<T>(file: string): Promise<BuildRecord<T> | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as BuildRecord<T>;
  } catch {
    return null;
  }
}

async function isFolder(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}
