import type { RatesUpdate } from '../schemas/coach-settings';
import type { PlanInput } from '../schemas/plans';
import { updateIf } from './dynamo';
import { keys } from './keys';
import { cardExcerpts } from './profiles';
import type { ProfileItem } from '../domain/profile-item';

/**
 * The coach's rates and booking link; null, and nothing written, when the update adds a Calendly
 * link while their plan is on (domain/plans.ts planCalendlyConflict).
 */
export function saveRates(userId: string, rates: RatesUpdate, now: Date): Promise<ProfileItem | null> {
  const set = [
    'hourlyRateCents = :rate',
    'offersFreeConsult = :offers',
    'freeConsultMinutes = :minutes',
    'updatedAt = :now',
  ];
  const values: Record<string, unknown> = {
    ':rate': rates.hourlyRateCents,
    ':offers': rates.offersFreeConsult,
    ':minutes': rates.freeConsultMinutes,
    ':now': now.toISOString(),
  };
  if (rates.coachBio !== undefined) {
    set.push('coachBio = :bio', 'coachBioExcerpt = :excerpt');
    values[':bio'] = rates.coachBio;
    values[':excerpt'] = cardExcerpts({ coachBio: rates.coachBio }).coachBioExcerpt ?? null;
  }
  const calendlyUrl = rates.calendlyUrl === undefined ? undefined : rates.calendlyUrl || null;
  if (calendlyUrl !== undefined) {
    set.push('calendlyUrl = :calendly');
    values[':calendly'] = calendlyUrl;
  }
  const addsLink = typeof calendlyUrl === 'string';
  if (addsLink) values[':off'] = false;
  return updateIf<ProfileItem>(keys.profile(userId), {
    UpdateExpression: `SET ${set.join(', ')}`,
    ConditionExpression: addsLink
      ? 'attribute_exists(pk) AND (attribute_not_exists(#plan) OR #plan.active = :off)'
      : 'attribute_exists(pk)',
    ...(addsLink ? { ExpressionAttributeNames: { '#plan': 'plan' } } : {}),
    ExpressionAttributeValues: values,
    ReturnValues: 'ALL_NEW',
  });
}

/**
 * Publishing adds the sparse directory keys and unpublishing removes them, in the same write as
 * the flag, so the directory index always agrees with `published`. False when the profile changed
 * since it was read (a switch to mentee, a new name), so a stale check never lists it.
 */
export async function savePublication(profile: ProfileItem, published: boolean, now: Date): Promise<boolean> {
  const directory = keys.directoryEntry(profile);
  const saved = await updateIf(keys.profile(profile.userId), {
    UpdateExpression: published
      ? 'SET published = :true, dirpk = :dirpk, dirsk = :dirsk, updatedAt = :now'
      : 'SET published = :false, updatedAt = :now REMOVE dirpk, dirsk',
    // Publishing lists the profile under the name it was checked with, and only while it is a mentor's.
    ConditionExpression: published
      ? 'userType = :mentor AND firstName = :first AND lastName = :last'
      : 'attribute_exists(pk)',
    ExpressionAttributeValues: published
      ? {
          ':true': true,
          ':dirpk': directory.dirpk,
          ':dirsk': directory.dirsk,
          ':now': now.toISOString(),
          ':mentor': 'mentor',
          ':first': profile.firstName,
          ':last': profile.lastName,
        }
      : { ':false': false, ':now': now.toISOString() },
  });
  return saved !== null;
}

/**
 * The coach's one plan, on their profile, and the profile in the directory's partition of plans
 * exactly while it is on; turning it off ends no existing subscription. False, and nothing written,
 * when a plan would go on while the coach's Calendly link is set (domain/plans.ts planCalendlyConflict).
 */
export async function savePlan(userId: string, plan: PlanInput, now: Date): Promise<boolean> {
  const { gsi2pk, gsi2sk } = keys.planMentor(userId);
  const saved = await updateIf(keys.profile(userId), {
    UpdateExpression: plan.active
      ? 'SET #plan = :plan, updatedAt = :now, gsi2pk = :planPartition, gsi2sk = :planSort'
      : 'SET #plan = :plan, updatedAt = :now REMOVE gsi2pk, gsi2sk',
    ConditionExpression: plan.active
      ? 'attribute_exists(pk) AND userType = :mentor AND (attribute_not_exists(calendlyUrl) OR attribute_type(calendlyUrl, :nullType))'
      : 'attribute_exists(pk) AND userType = :mentor',
    ExpressionAttributeNames: { '#plan': 'plan' },
    ExpressionAttributeValues: {
      ':plan': plan,
      ':now': now.toISOString(),
      ':mentor': 'mentor',
      ...(plan.active ? { ':planPartition': gsi2pk, ':planSort': gsi2sk, ':nullType': 'NULL' } : {}),
    },
  });
  return saved !== null;
}
