import { Stack, Validations } from 'aws-cdk-lib';
import type { CfnPolicy, CfnRole, IRole } from 'aws-cdk-lib/aws-iam';
import type { AwsCustomResource } from 'aws-cdk-lib/custom-resources';
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
  // The role's own inline policy where the grants are kept there (lib/api.ts keepGrantsInline).
  const policy = (role.node.tryFindChild('DefaultPolicy')?.node.defaultChild ?? role.node.defaultChild) as
    | CfnPolicy
    | CfnRole
    | undefined;
  const findings = policy ? rules.iam.IAMNoWildcardPermissions(policy) : [];
  if (!Array.isArray(findings)) return;
  Validations.of(role).acknowledge(...findings.map((finding) => ({ id: `AwsSolutions-IAM5[${finding}]`, reason })));
}

/**
 * aws-cdk-lib's AwsCustomResource runs its SDK call in one stack-wide Lambda whose runtime and
 * basic execution policy are aws-cdk-lib's to choose; only the call's own policy is ours.
 */
export function acknowledgeSdkCallProvider(call: AwsCustomResource): void {
  const reason =
    "aws-cdk-lib's AwsCustomResource provider: at deploy time only, it makes the one SDK call its policy allows.";
  const provider = Stack.of(call).node.tryFindChild(AWS_CUSTOM_RESOURCE_PROVIDER_ID);
  if (!provider) return;
  Validations.of(provider).acknowledge(
    { id: LAMBDA_BASIC_EXECUTION_FINDING, reason },
    { id: 'AwsSolutions-L1', reason },
  );
}

/** The construct id aws-cdk-lib gives the singleton function behind every AwsCustomResource. */
const AWS_CUSTOM_RESOURCE_PROVIDER_ID = 'AWS679f53fac002430cb0da5b7982bd2287';
