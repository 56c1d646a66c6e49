import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CfnElement, Stack } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '../../functions/schemas/config';
import { RUNTIME_CONFIG_ELEMENT_ID } from '../../functions/schemas/runtime-config-html';
import { Web } from '../../lib/web';
import { type Synthesized, synthesize, type TemplateResource, testApp } from './synth-app';

const BUILT_PAGE =
  '<!doctype html>\n<html>\n  <head>\n    <title>Physician Mentors</title>\n  </head>\n  <body></body>\n</html>\n';

let synth: Synthesized;
let stack: Stack;
let userPool: Bucket;

beforeAll(() => {
  const app = testApp({ stage: 'dev' });
  stack = new Stack(app, 'WebOnly', { env: { region: 'us-east-1' } });
  const bucket = (id: string) => new Bucket(stack, id);
  // A bucket stands in for the user pool: what matters is an id known only at deploy.
  userPool = bucket('UserPoolStandIn');
  const spaBuildDir = mkdtempSync(join(tmpdir(), 'spa-build-'));
  writeFileSync(join(spaBuildDir, 'index.html'), BUILT_PAGE);
  const config: RuntimeConfig = {
    stage: 'dev',
    region: 'us-east-1',
    userPoolId: userPool.bucketName,
    userPoolClientId: 'client-id',
    privacyPolicyUrl: 'https://policies.example.org/privacy?</script>',
    termsOfServiceUrl: 'https://policies.example.org/terms',
    supportEmail: 'support@example.org',
  };
  new Web(stack, 'Web', {
    siteBucket: bucket('Site'),
    mediaBucket: bucket('Media'),
    logBucket: bucket('Logs'),
    apiOriginDomainName: 'api.example.org',
    webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/site/11111111-2222-3333-4444-555555555555',
    config,
    spaBuildDir,
  });
  synth = synthesize(app, stack);
});

function deployedIndexPage() {
  const deployment = Object.values(synth.template.findResources('Custom::CDKBucketDeployment'))[0] as TemplateResource;
  const keys = deployment.Properties.SourceObjectKeys as string[];
  const markers = deployment.Properties.SourceMarkers as Record<string, unknown>[];
  // Sources extract in order, so the last one holding the file is what gets deployed.
  const index = keys.findLastIndex((key) =>
    readdirSync(join(synth.assemblyDir, `asset.${key.replace(/\.zip$/, '')}`)).includes('index.html'),
  );
  const dir = join(synth.assemblyDir, `asset.${keys[index]?.replace(/\.zip$/, '')}`);
  return { html: readFileSync(join(dir, 'index.html'), 'utf8'), markers: markers[index] ?? {} };
}

describe('index.html at deploy', () => {
  it('carries the runtime config, its deploy-time ids filled in by the deployment', () => {
    const { html, markers } = deployedIndexPage();
    const block = html.match(
      new RegExp(`<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">(.*?)</script>\\s*</head>`),
    );
    expect(block, 'the config block, just before </head>').not.toBeNull();
    const inlined = JSON.parse(block?.[1] ?? '') as RuntimeConfig;
    expect(inlined).toMatchObject({ stage: 'dev', userPoolClientId: 'client-id', supportEmail: 'support@example.org' });
    expect(markers[inlined.userPoolId]).toEqual({ Ref: stack.getLogicalId(userPool.node.defaultChild as CfnElement) });
  });

  it('escapes < so no config value can close the script element', () => {
    const { html } = deployedIndexPage();
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('privacy?\\u003c/script>');
  });
});
