import type { Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_SNAPSHOT_KEY } from '../../functions/adapters/directory-snapshot';
import { DIRECTORY_STREAM_BATCH_SIZE, PROFILE_RECORDS_PATTERN } from '../../functions/data/directory-stream';
import { DATA_PAGES, prerenderedFileOf } from '../../functions/domain/data-pages';
import { directoryRebuildEntry } from '../../lib/bundling';
import { PROD_CONTEXT, type Synthesized, synthesizedApp } from './synth-app';

let stack: Stack;
let synth: Synthesized;

beforeAll(() => {
  ({ stack, synth } = synthesizedApp(PROD_CONTEXT));
});

const construct = (...path: string[]): IConstruct =>
  path.reduce<IConstruct>((scope, id) => scope.node.findChild(id), stack);
const rebuild = () => construct('DirectorySnapshot', directoryRebuildEntry.operation) as IFunction;
const ref = (...path: string[]) => ({ Ref: synth.logicalId(construct(...path)) });
const arnOf = (...path: string[]) => ({ 'Fn::GetAtt': [synth.logicalId(construct(...path)), 'Arn'] });
const snapshotObjectArn = () => ({
  'Fn::Join': ['', [arnOf('Storage', 'MediaBucket'), `/${DIRECTORY_SNAPSHOT_KEY}`]],
});
const actionsOf = (statements: { Action: string | string[] }[]) => statements.flatMap((each) => [each.Action].flat());

describe('directory snapshot', () => {
  it('passes cdk-nag AwsSolutions with no unacknowledged error', () => {
    expect(synth.validationErrors('AwsSolutions')).toEqual([]);
  });

  it('streams each write of the table with its old and new item', () => {
    synth.template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
  });

  it('runs one rebuild at a time, fed by profile items only, giving up into the dead-letter queue', () => {
    expect(synth.resourceOf(rebuild()).Properties.ReservedConcurrentExecutions).toBe(1);
    synth.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: ref('DirectorySnapshot', directoryRebuildEntry.operation),
      EventSourceArn: { 'Fn::GetAtt': [synth.logicalId(construct('Data', 'Table')), 'StreamArn'] },
      StartingPosition: 'LATEST',
      ParallelizationFactor: 1,
      BatchSize: DIRECTORY_STREAM_BATCH_SIZE,
      MaximumBatchingWindowInSeconds: 1,
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify(PROFILE_RECORDS_PATTERN) }] },
      DestinationConfig: { OnFailure: { Destination: arnOf('Scheduler', 'DeadLetters') } },
    });
  });

  it('alarms on the rebuild failing', () => {
    const alarms = synth.template.findResources('AWS::CloudWatch::Alarm', {
      Properties: {
        Metrics: Match.arrayWith([
          Match.objectLike({
            MetricStat: Match.objectLike({
              Metric: Match.objectLike({
                MetricName: 'Errors',
                Dimensions: [
                  { Name: 'FunctionName', Value: ref('DirectorySnapshot', directoryRebuildEntry.operation) },
                ],
              }),
            }),
          }),
        ]),
      },
    });
    expect(Object.keys(alarms)).toHaveLength(1);
  });

  it('lets the rebuild query the directory index and write only the snapshot object', () => {
    const statements = synth.policyStatementsOf(rebuild());
    const s3 = statements.filter((each) => actionsOf([each]).some((action) => action.startsWith('s3:')));
    expect(s3).toEqual([expect.objectContaining({ Action: 's3:PutObject', Resource: snapshotObjectArn() })]);
    const table = statements.filter((each) => actionsOf([each]).some((action) => action.startsWith('dynamodb:')));
    expect(actionsOf(table).sort()).toEqual([
      'dynamodb:DescribeStream',
      'dynamodb:GetRecords',
      'dynamodb:GetShardIterator',
      'dynamodb:ListStreams',
      'dynamodb:Query',
    ]);
  });

  it('lets the directory read the snapshot object and nothing else of the bucket', () => {
    const listCoaches = construct('Api', 'listCoaches') as IFunction;
    const s3 = synth
      .policyStatementsOf(listCoaches)
      .filter((each) => actionsOf([each]).some((action) => action.startsWith('s3:')));
    expect(s3).toEqual([expect.objectContaining({ Action: 's3:GetObject', Resource: snapshotObjectArn() })]);
  });
});

describe('page functions', () => {
  const templateArns = () =>
    DATA_PAGES.map((page) => ({ 'Fn::Join': ['', [arnOf('Storage', 'SiteBucket'), prerenderedFileOf(page)]] }));
  /** What a function may do in S3, as sorted JSON of each action and resource (the CDK merges and orders statements). */
  const s3GrantsOf = (operation: string) =>
    synth
      .policyStatementsOf(construct('Api', operation) as IFunction)
      .filter((each) => actionsOf([each]).some((action) => action.startsWith('s3:')))
      .flatMap((each) =>
        actionsOf([each]).flatMap((action) =>
          [each.Resource].flat().map((resource) => JSON.stringify({ action, resource })),
        ),
      )
      .sort();
  const grants = (resources: unknown[]) =>
    resources.map((resource) => JSON.stringify({ action: 's3:GetObject', resource })).sort();
  const environmentOf = (operation: string) =>
    synth.template.toJSON().Resources[synth.logicalId(construct('Api', operation))].Properties.Environment.Variables;

  it('read the deployed page templates and nothing else of the site bucket, which they are told', () => {
    expect(s3GrantsOf('renderCoachPage')).toEqual(grants(templateArns()));
    expect(s3GrantsOf('renderDirectoryPage')).toEqual(grants([...templateArns(), snapshotObjectArn()]));
    for (const operation of ['renderCoachPage', 'renderDirectoryPage'])
      expect(environmentOf(operation).SITE_BUCKET).toEqual(ref('Storage', 'SiteBucket'));
  });
});
