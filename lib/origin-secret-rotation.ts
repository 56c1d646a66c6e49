import { Duration } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
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
  logs: LogSettings;
}

/**
 * Rotates the origin secret every ORIGIN_SECRET_ROTATION_DAYS days through Secrets Manager's four
 * steps (functions/rotation/origin-secret.ts): a new value as AWSPENDING, CloudFront's origin header
 * set to it, checked, then made AWSCURRENT; the API accepts all three labels meanwhile. The function
 * may read and change that one distribution and that one secret, nothing else.
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
