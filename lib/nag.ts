import { Stack, Validations } from 'aws-cdk-lib';
import type { CfnPolicy, IRole } from 'aws-cdk-lib/aws-iam';
import { rules } from 'cdk-nag';
// cdk-nag's own flattening, so an acknowledgement matches the finding id it reports character for character.
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';
import type { IConstruct } from 'constructs';

/** Lambda's AWS managed basic execution policy, as cdk-nag names it: lets a function write its own logs. */
export const LAMBDA_BASIC_EXECUTION_FINDING =
  'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]';

/**
 * cdk-nag 3 reports every wildcard of an IAM policy as its own AwsSolutions-IAM5 finding, and
 * only an acknowledgement of that exact finding silences it. This acknowledges one resource.
 */
export function acknowledgeWildcardResource(scope: IConstruct, resourceArn: string, reason: string): void {
  const flat = flattenCfnReference(Stack.of(scope).resolve(resourceArn));
  Validations.of(scope).acknowledge({ id: `AwsSolutions-IAM5[Resource::${flat}]`, reason });
}

/**
 * For a role whose policy aws-cdk-lib writes rather than we do (a framework-provided handler):
 * acknowledges each wildcard finding that policy has at this point.
 */
export function acknowledgeFrameworkWildcards(role: IRole, reason: string): void {
  const policy = role.node.tryFindChild('DefaultPolicy')?.node.defaultChild as CfnPolicy | undefined;
  const findings = policy ? rules.iam.IAMNoWildcardPermissions(policy) : [];
  if (!Array.isArray(findings)) return;
  Validations.of(role).acknowledge(...findings.map((finding) => ({ id: `AwsSolutions-IAM5[${finding}]`, reason })));
}
