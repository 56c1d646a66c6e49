import { CfnUserPoolGroup, type UserPool, UserPoolOperation } from 'aws-cdk-lib/aws-cognito';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { NO_PASSWORD_GROUP } from '../functions/domain/sign-in-methods';
import { type LogSettings, OperationFunction } from './api';

export interface AccountLinkingProps {
  userPool: UserPool;
  logs: LogSettings;
}

/**
 * The PreSignUp trigger that links a first Google sign-in to a native account
 * (functions/handlers/cognito/pre-sign-up.ts), so a Google account can later set a password and keeps
 * one `sub`.
 */
export class AccountLinking extends Construct {
  readonly trigger: OperationFunction;

  constructor(scope: Construct, id: string, props: AccountLinkingProps) {
    super(scope, id);
    this.trigger = new OperationFunction(this, 'PreSignUp', {
      module: 'handlers/cognito/pre-sign-up',
      environment: {},
      logs: props.logs,
    });
    props.userPool.addTrigger(UserPoolOperation.PRE_SIGN_UP, this.trigger);
    new CfnUserPoolGroup(this, 'NoPasswordGroup', {
      userPoolId: props.userPool.userPoolId,
      groupName: NO_PASSWORD_GROUP,
      description: 'Accounts made by a Google sign-in that have not set a password of their own yet',
    });
    // A policy of its own, attached to the role: in the role's default policy, which the function
    // depends on, the pool's ARN would close a cycle (pool → trigger → role policy → pool).
    this.trigger.role?.attachInlinePolicy(
      new Policy(this, 'PoolAccess', {
        statements: [
          new PolicyStatement({
            actions: [
              'cognito-idp:ListUsers',
              'cognito-idp:AdminCreateUser',
              'cognito-idp:AdminAddUserToGroup',
              'cognito-idp:AdminSetUserPassword',
              'cognito-idp:AdminLinkProviderForUser',
            ],
            resources: [props.userPool.userPoolArn],
          }),
        ],
      }),
    );
  }
}
