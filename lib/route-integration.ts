import {
  HttpIntegrationType,
  HttpRouteIntegration,
  type HttpRouteIntegrationConfig,
  IntegrationCredentials,
  PayloadFormatVersion,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

/**
 * Route functions per invoke role. Each role lists its functions' ARNs in its inline policy, and
 * IAM allows a role 10,240 characters of those: an ARN is at most about 120 (a 64-character
 * function name), so 40 keep well clear.
 */
export const FUNCTIONS_PER_INVOKE_ROLE = 40;

/**
 * The roles API Gateway invokes the route functions with, each allowed to invoke only the
 * functions it was given. HttpLambdaIntegration instead writes a resource-based permission per
 * function, one CloudFormation resource each: with a function per route, those took the stack
 * towards its 500-resource limit.
 */
export class RouteInvokers extends Construct {
  private current?: { role: Role; policy: PolicyDocument };
  private given = 0;
  private count = 0;

  /** The integration of one route with its function, through an invoke role that may call it. */
  integrate(id: string, fn: IFunction): HttpRouteIntegration {
    return new InvokeRoleIntegration(id, fn, this.roleFor(fn));
  }

  private roleFor(fn: IFunction): Role {
    if (!this.current || this.given === FUNCTIONS_PER_INVOKE_ROLE) {
      this.count += 1;
      this.given = 0;
      // Inline, and filled as routes come: no AWS::IAM::Policy resource of its own.
      const policy = new PolicyDocument();
      const role = new Role(this, `Role${this.count}`, {
        assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
        description: 'API Gateway invokes the route functions with this role, and only them',
        inlinePolicies: { invoke: policy },
      });
      this.current = { role, policy };
    }
    this.given += 1;
    this.current.policy.addStatements(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }),
    );
    return this.current.role;
  }
}

class InvokeRoleIntegration extends HttpRouteIntegration {
  constructor(
    id: string,
    private readonly fn: IFunction,
    private readonly role: Role,
  ) {
    super(id);
  }

  bind(): HttpRouteIntegrationConfig {
    return {
      type: HttpIntegrationType.AWS_PROXY,
      uri: this.fn.functionArn,
      payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
      credentials: IntegrationCredentials.fromRole(this.role),
    };
  }
}
