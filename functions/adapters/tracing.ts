import { Tracer } from '@aws-lambda-powertools/tracer';

/**
 * X-Ray through Powertools: in Lambda (active tracing, lib/api.ts) each invocation, AWS SDK call
 * and outbound HTTPS request (Stripe, Zoom, Calendly) becomes a segment. Outside Lambda (the local
 * stack, tests) Tracer turns itself off, and so does POWERTOOLS_TRACE_ENABLED=false.
 */
export const tracer = new Tracer();

/** An AWS SDK v3 client whose every call is traced as a subsegment (unchanged when tracing is off). */
export const traced = <Client>(client: Client): Client => tracer.captureAWSv3Client(client);
