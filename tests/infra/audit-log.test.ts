import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Stack } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_LEADING_KEYS, AUDIT_REWRITE_ACTIONS } from '../../lib/audit-log';
import { type Synthesized, synthesizedApp, type TemplateResource } from './synth-app';

let stack: Stack;
let synth: Synthesized;
let resources: Record<string, TemplateResource>;

beforeAll(() => {
  ({ stack, synth } = synthesizedApp());
  resources = synth.template.toJSON().Resources as Record<string, TemplateResource>;
});

interface Statement {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

/** Every statement of a role: its inline policies and the policies attached to it. */
function statementsOfRole(roleId: string): Statement[] {
  const inline = (resources[roleId]?.Properties.Policies ?? []) as { PolicyDocument: { Statement: Statement[] } }[];
  const attached = Object.values(resources)
    .filter((resource) => resource.Type === 'AWS::IAM::Policy')
    .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(JSON.stringify({ Ref: roleId })))
    .map((policy) => policy.Properties as { PolicyDocument: { Statement: Statement[] } });
  return [...inline, ...attached].flatMap((policy) => policy.PolicyDocument.Statement);
}

const actionsOf = (statement: Statement) => [statement.Action].flat();
/** Whether an IAM action pattern (`dynamodb:*`, `*`, `dynamodb:Update*`) covers `action`. */
const covers = (pattern: string, action: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`, 'i').test(action);
const allowsRewriting = (statement: Statement) =>
  statement.Effect === 'Allow' &&
  actionsOf(statement).some((pattern) => AUDIT_REWRITE_ACTIONS.some((action) => covers(pattern, action)));

const isAuditDeny = (statement: Statement) =>
  statement.Effect === 'Deny' &&
  AUDIT_REWRITE_ACTIONS.every((action) => actionsOf(statement).includes(action)) &&
  statement.Resource === '*' &&
  JSON.stringify(statement.Condition) ===
    JSON.stringify({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': AUDIT_LEADING_KEYS } });

const functionRoles = () =>
  Object.entries(resources)
    .filter(([, resource]) => resource.Type === 'AWS::Lambda::Function')
    .map(([id, resource]) => ({ functionId: id, roleId: resource.Properties.Role['Fn::GetAtt'][0] as string }));

describe('the audit log, which nobody can rewrite', () => {
  it('is kept under AUDIT# partition keys, which the deny names', () => {
    expect(AUDIT_LEADING_KEYS).toBe('AUDIT#*');
  });

  it("denies every function's role UpdateItem, DeleteItem and BatchWriteItem on an audit entry, explicitly", () => {
    const roles = functionRoles();
    // The API's functions, and those aws-cdk-lib makes itself (bucket deployment, custom resource providers).
    expect(roles.length).toBeGreaterThan(60);
    expect(roles.some(({ functionId }) => functionId.startsWith('CustomS3AutoDeleteObjects'))).toBe(true);
    const withoutDeny = roles.filter(({ roleId }) => !statementsOfRole(roleId).some(isAuditDeny));
    expect(withoutDeny).toEqual([]);
  });

  it('has no role that may update or delete items without the deny, and none that may BatchWriteItem at all', () => {
    const roles = Object.entries(resources).filter(([, resource]) => resource.Type === 'AWS::IAM::Role');
    const rewriters = roles.filter(([id]) => statementsOfRole(id).some(allowsRewriting));
    // The functions that write the table: a real grant of UpdateItem and DeleteItem, so the test bites.
    expect(rewriters.length).toBeGreaterThan(20);
    for (const [id] of rewriters) expect(statementsOfRole(id).some(isAuditDeny), id).toBe(true);
    const batchWriters = roles.filter(([id]) =>
      statementsOfRole(id).some(
        (statement) =>
          statement.Effect === 'Allow' &&
          actionsOf(statement).some((pattern) => covers(pattern, 'dynamodb:BatchWriteItem')),
      ),
    );
    expect(batchWriters.map(([id]) => id)).toEqual([]);
  });

  it('passes cdk-nag with the deny in place', () => {
    expect(synth.validationErrors('AwsSolutions')).toEqual([]);
  });
});

describe("the audit log's code", () => {
  const functionsDir = new URL('../../functions/', import.meta.url).pathname;
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
    );

  it('builds audit keys in data/audit.ts only, which only puts new entries and reads them', () => {
    const builders = sources(functionsDir).filter(
      (file) =>
        !file.endsWith('data/keys.ts') && /keys\.audit(MonthPartition)?\(|['"`]AUDIT#/.test(readFileSync(file, 'utf8')),
    );
    expect(builders.map((file) => relative(functionsDir, file))).toEqual(['data/audit.ts']);
    const writer = readFileSync(join(functionsDir, 'data/audit.ts'), 'utf8');
    expect(writer).not.toMatch(/Update|Delete|BatchWrite|updateItem|deleteItem|updateIf/);
    expect(writer.match(/attribute_not_exists\(pk\)/g)).toHaveLength(2);
  });
});

describe('the daily audit export', () => {
  const construct = (...path: string[]): IConstruct =>
    path.reduce<IConstruct>((scope, id) => scope.node.findChild(id), stack);
  const exportFunction = () => construct('Api', 'exportAuditDay') as IFunction;
  const archiveArn = () => ({ 'Fn::GetAtt': [synth.logicalId(construct('WebhookArchive', 'Bucket')), 'Arn'] });

  it("runs at 00:30 UTC every day, exporting the day before through the jobs' role and dead-letter queue", () => {
    expect(synth.resourceOf(construct('AuditExport', 'DailyAuditExport')).Properties).toMatchObject({
      ScheduleExpression: 'cron(30 0 * * ? *)',
      ScheduleExpressionTimezone: 'UTC',
      State: 'ENABLED',
      Target: {
        Arn: { 'Fn::GetAtt': [synth.logicalId(exportFunction()), 'Arn'] },
        RoleArn: { 'Fn::GetAtt': [synth.logicalId(construct('Scheduler', 'InvokeRole')), 'Arn'] },
        Input: '{}',
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [synth.logicalId(construct('Scheduler', 'DeadLetters')), 'Arn'] } },
      },
    });
  });

  it('may only put objects under audit/ of the finance archive, and learns the bucket', () => {
    const s3 = synth
      .policyStatementsOf(exportFunction())
      .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('s3:')));
    expect(s3).toEqual([
      expect.objectContaining({ Action: 's3:PutObject', Resource: { 'Fn::Join': ['', [archiveArn(), '/audit/*']] } }),
    ]);
    expect(synth.resourceOf(exportFunction()).Properties.Environment.Variables.AUDIT_ARCHIVE_BUCKET).toEqual({
      Ref: synth.logicalId(construct('WebhookArchive', 'Bucket')),
    });
  });
});
