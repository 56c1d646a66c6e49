import { Logger } from '@aws-lambda-powertools/logger';

/**
 * The one Powertools logger: a JSON line per call, with the service name (POWERTOOLS_SERVICE_NAME),
 * and, once `observedHandler` has injected the Lambda context, the request id and the cold-start
 * flag on every line of that invocation. Its level comes from POWERTOOLS_LOG_LEVEL (SILENT in tests).
 */
export const logger = new Logger();

type Level = 'info' | 'warn' | 'error';

/** One structured line; `fields` become top-level keys, so CloudWatch Logs Insights can query each. */
export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  logger[level](message, fields);
}
