import type { CfnRoute, CfnStage, HttpRoute, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { RouteThrottle } from '../functions/routes';

/**
 * Gives one route its own throttle instead of the stage's default route settings. The stage names
 * the route by its key, which API Gateway refuses until the route exists: hence the dependency.
 */
export function throttleRoute(stage: HttpStage, route: HttpRoute, throttle: RouteThrottle): void {
  const cfnStage = stage.node.defaultChild as CfnStage;
  // A JSON property: CloudFormation's own names, passed through as written.
  const routeSettings = (cfnStage.routeSettings ?? {}) as Record<string, unknown>;
  const { routeKey } = route.node.defaultChild as CfnRoute;
  cfnStage.routeSettings = {
    ...routeSettings,
    [routeKey]: { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit },
  };
  cfnStage.node.addDependency(route);
}
