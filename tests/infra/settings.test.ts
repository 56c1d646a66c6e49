import { App } from 'aws-cdk-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { definePhysicianMentorsApp, settingsFromContext } from '../../lib/stack';
import { PROD_CONTEXT, testApp } from './synth-app';

const settings = (context: Record<string, string>, stage?: string) =>
  settingsFromContext(new App({ context: stage ? { ...context, stage } : context }).node);

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('deployment settings from -c context', () => {
  it('defaults to dev in us-east-1 with placeholder site links', () => {
    vi.stubEnv('CDK_DEFAULT_REGION', '');
    expect(settings({})).toMatchObject({
      stage: 'dev',
      region: 'us-east-1',
      mailFrom: 'no-reply@physicianmentors.example',
      site: { supportEmail: 'support@physicianmentors.example' },
    });
    expect(settings({}).google).toBeUndefined();
    expect(settings({}).customDomain).toBeUndefined();
    expect(settings({}).sesSender).toBeUndefined();
  });

  it('sends through SES whenever a sender is configured, from its domain', () => {
    expect(settings({ mailFrom: 'hello@mail.example.net' }).sesSender).toEqual({
      from: 'hello@mail.example.net',
      domain: 'mail.example.net',
    });
  });

  it('takes the region from context before the CLI default', () => {
    vi.stubEnv('CDK_DEFAULT_REGION', 'eu-west-1');
    expect(settings({}).region).toBe('eu-west-1');
    expect(settings({ region: 'eu-central-1' }).region).toBe('eu-central-1');
  });

  it('refuses the retired originSecretVersion, which would pin the header a rotation has moved on from', () => {
    expect(() => settings({ originSecretVersion: 'a1b2c3' })).toThrow(/originSecretVersion is gone/);
  });

  it('rejects an unknown stage', () => {
    expect(() => settings({ stage: 'staging' })).toThrow(/Unknown stage "staging"/);
  });

  it('refuses prod without a domain and its certificate', () => {
    expect(() => settings({ stage: 'prod' })).toThrow(/stage=prod needs -c domainName/);
    expect(() => settings({ stage: 'prod', domainName: PROD_CONTEXT.domainName })).toThrow(/together/);
  });

  it('derives sender and support addresses from the domain', () => {
    expect(settings(PROD_CONTEXT)).toMatchObject({
      stage: 'prod',
      customDomain: { domainName: PROD_CONTEXT.domainName, certificateArn: PROD_CONTEXT.certificateArn },
      mailFrom: `no-reply@${PROD_CONTEXT.domainName}`,
      // Prod always sends through SES, from the site's domain unless told otherwise.
      sesSender: { from: `no-reply@${PROD_CONTEXT.domainName}`, domain: PROD_CONTEXT.domainName },
      site: { supportEmail: `support@${PROD_CONTEXT.domainName}` },
    });
  });

  it('configures Google only with both its client id and secret name', () => {
    expect(() => settings({ googleClientId: 'id' })).toThrow(/googleClientSecretName/);
    expect(settings({ googleClientId: 'id', googleClientSecretName: 'secret' }).google).toEqual({
      clientId: 'id',
      clientSecretName: 'secret',
      domainPrefix: 'physician-mentors-dev',
    });
  });

  it('refuses a prod synth with nowhere to send alarms, naming both ways to give one', () => {
    const { alarmEmail: _, ...withoutAlarms } = PROD_CONTEXT;
    expect(() => definePhysicianMentorsApp(testApp(withoutAlarms))).toThrow(
      /stage=prod needs somewhere to send alarms: -c alarmEmail=.* or -c alarmTopicArn=/,
    );
    expect(settings(withoutAlarms, 'dev')).toMatchObject({ stage: 'dev' });
    const topicArn = 'arn:aws:sns:us-east-1:111111111111:on-call';
    expect(settings({ ...withoutAlarms, alarmTopicArn: topicArn }).alarmDestination).toEqual({ topicArn });
    expect(settings(PROD_CONTEXT).alarmDestination).toEqual({ email: PROD_CONTEXT.alarmEmail });
    expect(() => settings({ ...PROD_CONTEXT, alarmTopicArn: topicArn })).toThrow(/not both/);
    expect(() => settings({ ...withoutAlarms, alarmTopicArn: 'on-call' })).toThrow(/not an SNS topic ARN/);
  });
});
