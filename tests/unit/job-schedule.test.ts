import { describe, expect, it } from 'vitest';
import { createScheduleInput, type ScheduleTargets } from '../../functions/adapters/scheduler';

const targets: ScheduleTargets = {
  groupName: 'PhysicianMentors-prod-jobs',
  roleArn: 'arn:aws:iam::111111111111:role/scheduler',
  deadLetterArn: 'arn:aws:sqs:us-east-1:111111111111:dead-letters',
  jobArn: (job) => `arn:aws:lambda:us-east-1:111111111111:function:PhysicianMentors-prod-${job}`,
};
const sessionId = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';

describe('a one-off job schedule', () => {
  const input = createScheduleInput(targets, 'remindHourBefore', sessionId, new Date('2026-12-01T09:00:00.000Z'));

  it('invokes the job once at the time, in UTC, with the session id, then deletes itself', () => {
    expect(input).toMatchObject({
      Name: `remindHourBefore-${sessionId}`,
      GroupName: 'PhysicianMentors-prod-jobs',
      ScheduleExpression: 'at(2026-12-01T09:00:00)',
      ScheduleExpressionTimezone: 'UTC',
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: 'arn:aws:lambda:us-east-1:111111111111:function:PhysicianMentors-prod-remindHourBefore',
        RoleArn: targets.roleArn,
        Input: JSON.stringify({ sessionId }),
      },
    });
  });

  it('retries a failed delivery for up to six hours, then leaves it in the dead-letter queue', () => {
    expect(input.Target?.RetryPolicy).toEqual({ MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 21_600 });
    expect(input.Target?.DeadLetterConfig).toEqual({ Arn: targets.deadLetterArn });
  });
});
