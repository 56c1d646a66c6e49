import { access } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { bundleFile, entryFile, lambdaEntries } from '../../lib/bundling';

// biome-ignore lint/suspicious/noExplicitAny: API Gateway events and job inputs alike.
export type LambdaHandler = (event: any, context?: Context) => Promise<unknown>;

/**
 * Whether the local stack runs each Lambda from its built bundle (dist/functions, what deploys)
 * instead of its TypeScript source: API_FROM_BUNDLES=1. CI runs the browser tests this way, so a
 * bundling break, a missing native module or an ESM/CJS problem fails here and not in Lambda.
 */
export const runsFromBundles = () => process.env.API_FROM_BUNDLES === '1';

const modules = new Map<string, Promise<{ handler: LambdaHandler }>>();

async function importLambda(operation: string): Promise<{ handler: LambdaHandler }> {
  const entry = lambdaEntries.find((candidate) => candidate.operation === operation);
  if (!entry) throw new Error(`No Lambda named ${operation} in the route table`);
  if (!runsFromBundles()) return import(pathToFileURL(entryFile(entry.module)).href);
  const file = bundleFile(operation);
  await access(file).catch(() => {
    throw new Error(`API_FROM_BUNDLES=1 but ${file} is missing: run \`npm run build\` first`);
  });
  return import(pathToFileURL(file).href);
}

/** The `handler` of one route-table operation or job, loaded once per process, as a warm Lambda keeps it. */
export async function lambdaHandler(operation: string): Promise<LambdaHandler> {
  let loaded = modules.get(operation);
  if (!loaded) {
    loaded = importLambda(operation);
    modules.set(operation, loaded);
    loaded.catch(() => modules.delete(operation));
  }
  return (await loaded).handler;
}
