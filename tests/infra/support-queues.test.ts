import type { Stack } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableSchema } from '../../functions/data/table-schema';
import { jobs } from '../../functions/routes';
import { deadLetterKeeperEntry } from '../../lib/bundling';
import { PROD_CONTEXT, type Synthesized, synthesizedApp } from './synth-app';

let stack: Stack;
let synth: Synthesized;

beforeAll(() => {
  ({ stack, synth } = synthesizedApp(PROD_CONTEXT));
});

const construct = (...path: string[]): IConstruct =>
  path.reduce<IConstruct>((scope, id) => scope.node.findChild(id), stack);
const ref = (...path: string[]) => ({ Ref: synth.logicalId(construct(...path)) });
const arnOf = (...path: string[]) => ({ 'Fn::GetAtt': [synth.logicalId(construct(...path)), 'Arn'] });
const keeper = () => construct('DeadLetters', deadLetterKeeperEntry.operation) as IFunction;
const actionsOf = (statement: { Action: string | string[] }) => [statement.Action].flat();
const statementsWith = (fn: IFunction, prefix: string) =>
  synth.policyStatementsOf(fn).filter((each) => actionsOf(each).some((action) => action.startsWith(prefix)));

describe('dead letters', () => {
  it('are kept by a consumer of the jobs’ dead-letter queue that answers the messages it could not keep', () => {
    synth.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: ref('DeadLetters', deadLetterKeeperEntry.operation),
      EventSourceArn: arnOf('Scheduler', 'DeadLetters'),
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('let the consumer take messages off that queue and write the table, nothing else', () => {
    const sqs = statementsWith(keeper(), 'sqs:');
    expect(sqs.map((each) => each.Resource)).toEqual([arnOf('Scheduler', 'DeadLetters')]);
    expect(sqs.flatMap(actionsOf)).toEqual(expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage']));
    expect(sqs.flatMap(actionsOf).filter((action) => action === 'sqs:SendMessage')).toEqual([]);
    const table = statementsWith(keeper(), 'dynamodb:');
    expect(table.map((each) => each.Resource)).toEqual([arnOf('Data', 'Table')]);
    expect(table.flatMap(actionsOf).sort()).toEqual(['dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
    expect(statementsWith(keeper(), 'lambda:')).toEqual([]);
  });

  it('are re-driven by a route that may invoke the job functions only, not the stream consumers', () => {
    const invoked = statementsWith(construct('Api', 'redriveDeadLetter') as IFunction, 'lambda:').flatMap((each) =>
      [each.Resource].flat().map((resource) => JSON.stringify(resource)),
    );
    const redrivable = jobs.filter((job) => job.folder !== 'streams').map((job) => job.operation);
    expect(invoked).toHaveLength(redrivable.length);
    for (const operation of redrivable)
      expect(invoked.filter((arn) => arn.includes(`:function:`) && arn.includes(`-${operation}"`))).toHaveLength(1);
    for (const consumer of ['startSessionWork', deadLetterKeeperEntry.operation])
      expect(invoked.filter((arn) => arn.includes(consumer))).toEqual([]);
  });
});

describe('the dispute queue', () => {
  it('reads the sparse support index (shared with the name search, one index added per deploy), as the dispute list alone of its routes does', () => {
    const { support } = tableSchema.indexes;
    const table = synth.resourceOf(construct('Data', 'Table'));
    expect(table.Properties.GlobalSecondaryIndexes).toContainEqual(
      expect.objectContaining({
        IndexName: support.name,
        KeySchema: [
          { AttributeName: support.partitionKey, KeyType: 'HASH' },
          { AttributeName: support.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: [...tableSchema.nameProjection] },
      }),
    );
    const indexQuery = statementsWith(construct('Api', 'listDisputes') as IFunction, 'dynamodb:').filter((each) =>
      JSON.stringify(each.Resource).includes(`/index/${support.name}`),
    );
    expect(indexQuery).toHaveLength(1);
  });
});
