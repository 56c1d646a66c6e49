import type { TestProject } from 'vitest/node';
import { startLocalDynamoDb } from '../../bin/local/dynamodb';
import { stackPorts } from '../../bin/local/ports';

/**
 * Global setup of the projects whose files start stacks: one DynamoDB Local for the whole run, in
 * which each file's stack makes a table of its own (tests/support/handler-kit/test-stack.ts). A Java process
 * per file cost about 3 s of CPU to start and never got warm.
 */
export default async function startSharedDynamoDb(project: TestProject): Promise<() => Promise<void>> {
  const { dynamodb } = await stackPorts(['dynamodb']);
  const database = await startLocalDynamoDb({ port: dynamodb });
  project.provide('sharedDynamoDb', { endpoint: database.endpoint, pid: database.pid });
  return database.stop;
}
