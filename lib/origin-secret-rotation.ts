import { Duration, Validations } from 'aws-cdk-lib';
import type { experimental, IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { CfnRotationSchedule, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { RELOAD_AFTER_MS } from '../functions/adapters/origin-secret';
import { type LogSettings, OperationFunction } from './api';
import { originSecretRotationEntry } from './bundling';

/** How often Secrets Manager rotates the origin secret on its own. */
export const ORIGIN_SECRET_ROTATION_DAYS = 30;

export interface OriginSecretRotationProps {
  /** The origin secret (lib/api.ts). */
  secret: ISecret;
  /** The distribution that sends it to the API (lib/web.ts). */
  distribution: IDistribution;
  /**
   * What else that distribution's configuration names, which UpdateDistribution checks the caller may
   * use even when a call leaves it as it was (CloudFront's API permissions reference): the access-log
   * bucket (its ACL), the Lambda@Edge version (replication) and the web ACL.
   */
  distributionParts: { logBucket: IBucket; edgeFunction: experimental.EdgeFunction; webAclArn: string };
  logs: LogSettings;
}

/**
 * Rotates the origin secret every ORIGIN_SECRET_ROTATION_DAYS days through Secrets Manager's four
 * steps (functions/workflows/operations/rotate-origin-secret.ts): a new value as AWSPENDING, CloudFront's origin header
 * set to it, checked, then made AWSCURRENT; the API accepts all three labels meanwhile. The function
 * may read and change that one distribution and that one secret, and show UpdateDistribution that
 * it may use what the distribution's configuration names (distributionParts), nothing else.
 *
 * Written with CfnRotationSchedule rather than Secret.addRotationSchedule, whose grants include
 * secretsmanager:GetRandomPassword on every resource (the value comes from node:crypto here) and
 * whose resource policy on the secret is one more resource.
 */
export class OriginSecretRotation extends Construct {
  readonly rotation: OperationFunction;

  constructor(scope: Construct, id: string, props: OriginSecretRotationProps) {
    super(scope, id);
    this.rotation = new OperationFunction(this, originSecretRotationEntry.operation, {
      module: originSecretRotationEntry.module,
      environment: { DISTRIBUTION_ID: props.distribution.distributionId },
      logs: props.logs,
      // setSecret waits until the API's functions may have read the pending value (RELOAD_AFTER_MS).
      timeout: Duration.millis(RELOAD_AFTER_MS).plus(Duration.seconds(30)),
    });
    this.rotation.addToRolePolicy(
      new PolicyStatement({
        actions: ['cloudfront:GetDistributionConfig', 'cloudfront:UpdateDistribution'],
        resources: [props.distribution.distributionArn],
      }),
    );
    const { logBucket, edgeFunction, webAclArn } = props.distributionParts;
    this.rotation.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:GetBucketAcl', 's3:PutBucketAcl'], resources: [logBucket.bucketArn] }),
    );
    this.rotation.addToRolePolicy(
      new PolicyStatement({
        actions: ['lambda:GetFunction', 'lambda:EnableReplication*'],
        resources: [edgeFunction.edgeArn],
      }),
    );
    Validations.of(this.rotation).acknowledge({
      id: 'AwsSolutions-IAM5[Action::lambda:EnableReplication*]',
      reason:
        "CloudFront's Lambda@Edge permissions reference names the action with its asterisk (EnableReplication and its permission-only twins); it is granted on that one function version.",
    });
    this.rotation.addToRolePolicy(new PolicyStatement({ actions: ['wafv2:GetWebACL'], resources: [webAclArn] }));
    this.rotation.addToRolePolicy(
      new PolicyStatement({
        actions: [
          'secretsmanager:DescribeSecret',
          'secretsmanager:GetSecretValue',
          'secretsmanager:PutSecretValue',
          'secretsmanager:UpdateSecretVersionStage',
        ],
        resources: [props.secret.secretArn],
      }),
    );
    this.rotation.addPermission('SecretsManagerInvokes', {
      principal: new ServicePrincipal('secretsmanager.amazonaws.com'),
      sourceArn: props.secret.secretArn,
    });
    const schedule = new CfnRotationSchedule(this, 'Schedule', {
      secretId: props.secret.secretArn,
      rotationLambdaArn: this.rotation.functionArn,
      rotationRules: { scheduleExpression: `rate(${ORIGIN_SECRET_ROTATION_DAYS} days)` },
      // Not while the deploy that adds it may still be changing the distribution itself; at once by hand
      // (README: aws secretsmanager rotate-secret).
      rotateImmediatelyOnUpdate: false,
    });
    schedule.node.addDependency(this.rotation.node.findChild('SecretsManagerInvokes'));
  }
}
