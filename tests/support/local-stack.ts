import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { stackPorts } from '../../bin/local/ports';
import { type LocalStack, startLocalStack } from '../../bin/local/stack';

export interface TestStack extends LocalStack {
  dispose(): Promise<void>;
}

/** The real local stack on free ports with a throwaway data folder, for one test file. */
export async function startTestStack(
  options: { seed?: boolean; web?: boolean; webFromBuild?: boolean; jobRetryDelaysMs?: readonly number[] } = {},
): Promise<TestStack> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pm-stack-'));
  const { closed, ...ports } = await stackPorts(['closed', 'web', 'api', 'dynamodb', 'cognito', 's3']);
  // Tests reach no host but this one: the policy documents point at a local port nothing answers on.
  process.env.PRIVACY_POLICY_URL = `http://127.0.0.1:${closed}/privacy`;
  process.env.TERMS_OF_SERVICE_URL = `http://127.0.0.1:${closed}/terms`;
  const stack = await startLocalStack({
    ports,
    dataDir,
    seed: options.seed ?? false,
    web: options.web ?? false,
    webFromBuild: options.webFromBuild,
    jobRetryDelaysMs: options.jobRetryDelaysMs,
  });
  return {
    ...stack,
    async dispose() {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
