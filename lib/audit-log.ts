import { Aspects, CustomResourceProviderBase, type IAspect, Stack } from 'aws-cdk-lib';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { CfnSchedule } from 'aws-cdk-lib/aws-scheduler';
import { Construct, type IConstruct } from 'constructs';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { keys } from '../functions/data/keys';
import type { JobScheduler } from './scheduler';

/** The actions that could rewrite or remove an item that exists: every audit entry is only ever put, once. */
export const AUDIT_REWRITE_ACTIONS = ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

/** Every audit entry's partition key (`AUDIT#<YYYY-MM>`, data/keys.ts) matches this. */
export const AUDIT_LEADING_KEYS = `${keys.auditMonthPartition('')}*`;

/**
 * The explicit deny every function's role carries, whatever it is granted: no UpdateItem, DeleteItem
 * or BatchWriteItem (which can overwrite or delete) on an item whose partition key is an audit month.
 * Any table: the deny has nothing to grant, and a function outside this stack's table is denied too.
 * ForAllValues is also true when the request names no leading key, so the deny fails closed.
 */
export const auditRewriteDeny = () =>
  new PolicyStatement({
    sid: 'AuditLogIsAppendOnly',
    effect: Effect.DENY,
    actions: AUDIT_REWRITE_ACTIONS,
    resources: ['*'],
    conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': AUDIT_LEADING_KEYS } },
  });

/**
 * Gives every function of `scope` the deny, including those aws-cdk-lib makes itself (the bucket
 * deployment, the SDK-call and auto-delete providers) and any added later, so no grant, present or
 * future, can rewrite the audit log.
 */
class AuditLogIsAppendOnly implements IAspect {
  visit(node: IConstruct): void {
    if (node instanceof LambdaFunction) node.addToRolePolicy(auditRewriteDeny());
    if (node instanceof CustomResourceProviderBase) node.addToRolePolicy(auditRewriteDeny().toStatementJson());
  }
}

export const denyAuditRewrites = (scope: IConstruct): void => Aspects.of(scope).add(new AuditLogIsAppendOnly());

export interface AuditExportProps {
  scheduler: JobScheduler;
  /** Copies a UTC day of the audit log to the finance archive (functions/jobs/export-audit-day.ts). */
  exportFunction: IFunction;
}

/** The daily copy of the audit log into the finance archive (audit/YYYY/MM/DD.jsonl, functions/adapters/audit-archive.ts). */
export class AuditExport extends Construct {
  constructor(scope: Construct, id: string, props: AuditExportProps) {
    super(scope, id);
    // 00:30 UTC: the day before is over, and an entry stamped in its last instant has been written.
    new CfnSchedule(this, 'DailyAuditExport', {
      name: `${Stack.of(this).stackName}-export-audit-day`,
      groupName: props.scheduler.group.scheduleGroupName,
      description: "Copies yesterday's audit log entries to the finance archive as one JSON-lines object.",
      scheduleExpression: 'cron(30 0 * * ? *)',
      scheduleExpressionTimezone: 'UTC',
      state: 'ENABLED',
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: props.exportFunction.functionArn,
        roleArn: props.scheduler.role.roleArn,
        input: '{}',
        ...props.scheduler.targetDelivery,
      },
    });
  }
}
