import { DEFAULT_FEE_RULE } from '../../functions/domain/fees';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CfnElement, Stack } from 'aws-cdk-lib';
import { Version } from 'aws-cdk-lib/aws-lambda';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '../../functions/schemas/config';
import { RUNTIME_CONFIG_ELEMENT_ID, runtimeConfigPlaceholder } from '../../functions/schemas/runtime-config-html';
import { allPrerenderedFiles } from '../../lib/prerendered-pages';
import { Web } from '../../lib/web';
import { type Synthesized, synthesize, type TemplateResource, testApp } from './synth-app';

const BUILT_PAGE =
  '<!doctype html>\n<html>\n  <head>\n    <title>Physician Mentors</title>\n  </head>\n  <body></body>\n</html>\n';
/** A prerendered page: the footer's support address is a placeholder until the deploy. */
const PRERENDERED_PAGE = BUILT_PAGE.replace(
  '<body></body>',
  `<body><a href="mailto:${runtimeConfigPlaceholder('supportEmail')}">${runtimeConfigPlaceholder('supportEmail')}</a></body>`,
);
const PRERENDERED_FILES = allPrerenderedFiles().map((file) => file.slice(1));

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
  mkdirSync(join(spaBuildDir, 'prerendered'));
  for (const file of PRERENDERED_FILES) writeFileSync(join(spaBuildDir, file), PRERENDERED_PAGE);
  const config: RuntimeConfig = {
    stage: 'dev',
    region: 'us-east-1',
    userPoolId: userPool.bucketName,
    userPoolClientId: 'client-id',
    privacyPolicyUrl: 'https://policies.example.org/privacy?</script>',
    termsOfServiceUrl: 'https://policies.example.org/terms',
    supportEmail: 'support@example.org',
    feeRule: DEFAULT_FEE_RULE,
  };
  new Web(stack, 'Web', {
    siteBucket: bucket('Site'),
    mediaBucket: bucket('Media'),
    logBucket: bucket('Logs'),
    apiOriginDomainName: 'api.example.org',
    apiOriginSecret: 'origin-secret-for-tests',
    webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/site/11111111-2222-3333-4444-555555555555',
    pageFallback: Version.fromVersionArn(stack, 'PageFallback', 'arn:aws:lambda:us-east-1:123456789012:function:pf:1'),
    config,
    spaBuildDir,
  });
  synth = synthesize(app, stack);
});

function deployedPage(file: string) {
  const deployment = Object.values(synth.template.findResources('Custom::CDKBucketDeployment'))[0] as TemplateResource;
  const keys = deployment.Properties.SourceObjectKeys as string[];
  const markers = deployment.Properties.SourceMarkers as Record<string, unknown>[];
  const assetDir = (key: string | undefined) => join(synth.assemblyDir, `asset.${key?.replace(/\.zip$/, '')}`);
  // Sources extract in order, so the last one holding the file is what gets deployed.
  const index = keys.findLastIndex((key) => existsSync(join(assetDir(key), file)));
  return { html: readFileSync(join(assetDir(keys[index]), file), 'utf8'), markers: markers[index] ?? {} };
}

const deployedIndexPage = () => deployedPage('index.html');

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

describe('prerendered pages at deploy', () => {
  it.each(PRERENDERED_FILES)(
    '%s carries the runtime config and the config values in place of its placeholders',
    (file) => {
      const { html } = deployedPage(file);
      expect(html).toContain(`id="${RUNTIME_CONFIG_ELEMENT_ID}"`);
      expect(html).not.toContain('__RUNTIME_CONFIG_');
      expect(html).toContain('<a href="mailto:support@example.org">support@example.org</a>');
    },
  );
});
