import { Bucket } from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import { definePhysicianMentorsApp } from '../../lib/stack';
import { synthesize, testApp } from './synth-app';

describe('cdk-nag gate', () => {
  it('reports a resource nobody reviewed, so the app-level checks are really wired in', () => {
    const app = testApp({ stage: 'dev' });
    const stack = definePhysicianMentorsApp(app);
    new Bucket(stack, 'UnreviewedBucket');
    const errors = synthesize(app, stack).validationErrors('AwsSolutions');
    expect(errors).toEqual([
      expect.stringMatching(/^AwsSolutions-S1 at PhysicianMentors-dev\/UnreviewedBucket\/Resource:/),
      expect.stringMatching(/^AwsSolutions-S10 at PhysicianMentors-dev\/UnreviewedBucket\/Resource:/),
    ]);
  });
});
