import { App, type Stack } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs, routes } from '../../functions/routes';
import { DEFAULT_NPI_REGISTRY_URL } from '../../lib/npi-recheck';
import { definePhysicianMentorsApp, settingsFromContext } from '../../lib/stack';
import { type Synthesized, synthesize, type TemplateResource, testApp } from './synth-app';

const REGISTRY = 'https://registry.example.org/npi';
let stack: Stack;
let synth: Synthesized;

beforeAll(() => {
  const app = testApp({ stage: 'dev', npiRegistryUrl: `${REGISTRY}/` });
  stack = definePhysicianMentorsApp(app);
  synth = synthesize(app, stack);
});

const construct = (...path: string[]): IConstruct =>
  path.reduce<IConstruct>((scope, id) => scope.node.findChild(id), stack);
const operationFunction = (operation: string) => construct('Api').node.findChild(operation) as IFunction;
const arnOf = (operation: string) => ({ 'Fn::GetAtt': [synth.logicalId(operationFunction(operation)), 'Arn'] });
const deadLetterArn = () => ({ 'Fn::GetAtt': [synth.logicalId(construct('Scheduler', 'DeadLetters')), 'Arn'] });

describe('the monthly NPI re-check', () => {
  it('runs on the first of every month at 06:00 UTC, invoking the re-check job through the jobs role', () => {
    const schedule = synth.resourceOf(construct('NpiRecheck', 'MonthlyRecheck'));
    expect(schedule.Properties).toMatchObject({
      ScheduleExpression: 'cron(0 6 1 * ? *)',
      ScheduleExpressionTimezone: 'UTC',
      State: 'ENABLED',
      Target: {
        Arn: arnOf('recheckVerifiedMentors'),
        RoleArn: { 'Fn::GetAtt': [synth.logicalId(construct('Scheduler', 'InvokeRole')), 'Arn'] },
        Input: '{}',
      },
    });
  });

  it('puts a run it could not deliver in the jobs dead-letter queue, after its retries', () => {
    const { Target } = synth.resourceOf(construct('NpiRecheck', 'MonthlyRecheck')).Properties;
    expect(Target.DeadLetterConfig).toEqual({ Arn: deadLetterArn() });
    expect(Target.RetryPolicy.MaximumRetryAttempts).toBeGreaterThan(0);
  });

  it("sends each mentor's check that fails all of Lambda's retries to the same dead-letter queue", () => {
    const configs = Object.values(synth.template.findResources('AWS::Lambda::EventInvokeConfig')) as TemplateResource[];
    for (const operation of ['checkNpi', 'recheckVerifiedMentors']) {
      const config = configs.find(
        (candidate) => candidate.Properties.FunctionName.Ref === synth.logicalId(operationFunction(operation)),
      );
      expect(config?.Properties.DestinationConfig, operation).toEqual({ OnFailure: { Destination: deadLetterArn() } });
    }
  });
});

describe('the registry base URL', () => {
  it('comes from -c npiRegistryUrl into the functions that check, without a trailing slash', () => {
    for (const operation of ['updateNpi', 'checkNpi', 'updateMe']) {
      const variables = synth.resourceOf(operationFunction(operation)).Properties.Environment.Variables;
      expect(variables.NPI_REGISTRY_URL, operation).toBe(REGISTRY);
    }
  });

  it('is the public NPPES registry unless set, and an https address when set', () => {
    const settings = (context: Record<string, string>) => settingsFromContext(new App({ context }).node);
    expect(settings({}).npiRegistryUrl).toBe(DEFAULT_NPI_REGISTRY_URL);
    expect(() => settings({ npiRegistryUrl: 'http://registry.example.org' })).toThrow(/https/);
  });
});

describe("the mentors' calendars", () => {
  it('are read again every minute by the busy refresh job, through the jobs role, dead letters kept', () => {
    const schedule = synth.resourceOf(construct('CalendarBusyRefresh', 'Schedule'));
    expect(schedule.Properties).toMatchObject({
      ScheduleExpression: 'rate(1 minute)',
      State: 'ENABLED',
      Target: {
        Arn: arnOf('refreshCalendarBusy'),
        RoleArn: { 'Fn::GetAtt': [synth.logicalId(construct('Scheduler', 'InvokeRole')), 'Arn'] },
        DeadLetterConfig: { Arn: deadLetterArn() },
      },
    });
  });

  it('keep their tokens under a yearly rotated key that only the functions granted tokens:use may use', () => {
    const key = construct('TokenKey', 'Key');
    expect(synth.resourceOf(key).Properties).toMatchObject({ EnableKeyRotation: true, RotationPeriodInDays: 365 });
    const keyArn = { 'Fn::GetAtt': [synth.logicalId(key), 'Arn'] };
    const usesKey = (operation: string) =>
      synth
        .policyStatementsOf(operationFunction(operation))
        .some((statement) => JSON.stringify(statement.Resource) === JSON.stringify(keyArn));
    for (const { operation, grants } of [...routes, ...jobs]) {
      expect(usesKey(operation), operation).toBe((grants as readonly string[]).includes('tokens:use'));
    }
    // Every service whose tokens are kept: the calendars, Zoom (and the meeting's later tries) and Calendly.
    for (const operation of [
      'calendarCallback',
      'zoomCallback',
      'calendlyCallback',
      'finishBooking',
      'createMeeting',
    ]) {
      expect(usesKey(operation), operation).toBe(true);
    }
  });
});
