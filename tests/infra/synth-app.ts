import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, type CfnElement, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { definePhysicianMentorsApp } from '../../lib/stack';

const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
  context: Record<string, unknown>;
};

export const PROD_CONTEXT = {
  stage: 'prod',
  domainName: 'mentors.example.org',
  certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/test-certificate',
  alarmEmail: 'operators@mentors.example.org',
};

/** An App with the feature flags `cdk synth` uses (cdk.json), minus what makes tests slow or throw. */
export function testApp(context: Record<string, unknown> = {}): App {
  return new App({
    context: {
      ...cdkJson.context,
      region: 'us-east-1',
      ...context,
      // These tests read templates, not bundles: no esbuild run per function.
      'aws:cdk:bundling-stacks': [],
      // Keep the validation report instead of throwing, so each check fails with its own findings.
      '@aws-cdk/core:failSynthOnValidationErrors': false,
    },
  });
}

interface ValidationReport {
  pluginReports: {
    pluginName: string;
    violations: {
      ruleName: string;
      description: string;
      severity?: string;
      violatingConstructs: { constructPath?: string }[];
    }[];
  }[];
}

/** A resource of the synthesized template; its JSON is untyped by nature. */
export interface TemplateResource {
  Type: string;
  // biome-ignore lint/suspicious/noExplicitAny: CloudFormation JSON has no static shape.
  Properties: Record<string, any>;
  DeletionPolicy?: string;
}

interface PolicyStatementJson {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource: unknown;
}

interface PolicyProperties {
  PolicyDocument: { Statement: PolicyStatementJson[] };
}

export interface Synthesized {
  template: Template;
  assemblyDir: string;
  logicalId(construct: IConstruct): string;
  /** Unacknowledged error findings of one validation plugin, one readable line each. */
  validationErrors(pluginName: 'AwsSolutions' | 'CloudFormation Validate'): string[];
  /** The template resource a construct (or its default child) became. */
  resourceOf(construct: IConstruct): TemplateResource;
  /**
   * What a function's role is granted: the Allow statements of its policies. Every role also carries
   * the audit log's deny (lib/audit-log.ts), which audit-log.test.ts reads.
   */
  policyStatementsOf(fn: IFunction): PolicyStatementJson[];
}

/** Synthesises the whole app once; every assertion of a test file reads this one result. */
export function synthesize(app: App, stack: Stack): Synthesized {
  const assembly = app.synth();
  const template = Template.fromStack(stack);
  const resources = template.toJSON().Resources as Record<string, TemplateResource>;
  const logicalId = (construct: IConstruct) =>
    stack.getLogicalId((construct.node.defaultChild ?? construct) as CfnElement);
  const resourceOf = (construct: IConstruct) => {
    const resource = resources[logicalId(construct)];
    if (!resource) throw new Error(`No template resource for ${construct.node.path}`);
    return resource;
  };
  const reportFile = join(assembly.directory, 'validation-report.json');

  return {
    template,
    assemblyDir: assembly.directory,
    logicalId,
    resourceOf,
    validationErrors(pluginName) {
      if (!existsSync(reportFile)) return [];
      const report = JSON.parse(readFileSync(reportFile, 'utf8')) as ValidationReport;
      return report.pluginReports
        .filter((plugin) => plugin.pluginName === pluginName)
        .flatMap((plugin) => plugin.violations)
        .filter((violation) => violation.severity === 'error')
        .map((violation) => {
          const paths = violation.violatingConstructs.map((construct) => construct.constructPath).join(', ');
          return `${violation.ruleName} at ${paths}: ${violation.description}`;
        });
    },
    policyStatementsOf(fn) {
      if (!fn.role) throw new Error(`${fn.node.path} has no role`);
      const roleId = logicalId(fn.role);
      // A function's grants sit inline in its role (lib/api.ts keepGrantsInline), others' in policies of their own.
      const inline = (resources[roleId]?.Properties.Policies ?? []) as PolicyProperties[];
      return Object.values(resources)
        .filter((resource) => resource.Type === 'AWS::IAM::Policy')
        .filter((policy) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
        .map((policy) => policy.Properties as PolicyProperties)
        .concat(inline)
        .flatMap((policy) => policy.PolicyDocument.Statement)
        .filter((statement) => statement.Effect === 'Allow');
    },
  };
}

const synthesizedApps = new Map<string, { stack: Stack; synth: Synthesized }>();

/**
 * The whole app synthesized with `context`, once per test worker: the infra files that read the
 * same app share it (vitest.config.ts runs them without isolation), since each synth takes seconds.
 * Only for reading: a test that adds constructs synthesizes an app of its own.
 */
export function synthesizedApp(context: Record<string, unknown> = {}): { stack: Stack; synth: Synthesized } {
  const key = JSON.stringify(context);
  const known = synthesizedApps.get(key);
  if (known) return known;
  const app = testApp(context);
  const stack = definePhysicianMentorsApp(app);
  const synthesized = { stack, synth: synthesize(app, stack) };
  synthesizedApps.set(key, synthesized);
  return synthesized;
}
