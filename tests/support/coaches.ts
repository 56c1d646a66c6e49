import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { standInKeys } from '../../bin/local/standin-keys';
import { type LocalStripe, localStripeFromEnvironment } from '../../bin/local/stripe-payments';
import { db, tableName } from '../../functions/data/client';
import { keys } from '../../functions/data/keys';
import { attachPaymentAccount, savePaymentAccountStatus } from '../../functions/data/payment-accounts';
import type { ProfileItem } from '../../functions/domain/profile-item';
import { getProfile, profileRow } from '../../functions/data/profiles';
import type { RuntimeConfig } from '../../functions/schemas/config';
import { sampleProfileItem } from './handler-kit/sample-items';
import { type SignedInUser, signedInUser } from './users';
import { payments } from '../../functions/runtime/ports/payments';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** The hourly rate of every test coach: $120. */
export const RATE_CENTS = 12_000;

const put = (item: Record<string, unknown>) => db().send(new PutCommand({ TableName: tableName(), Item: item }));

/** A published mentor's profile with only the required fields besides `fields`; no account behind it. */
export const mentorProfile = (userId: string, fields: Partial<ProfileItem>): ProfileItem =>
  sampleProfileItem(userId, 'mentor', { published: true, ...fields });

/** Writes a profile as the profile operations store it, directory keys included. */
export const storeProfile = (item: ProfileItem) => put(profileRow(item));

/** Midnight UTC `days` from today, plus `hours`, in whole seconds. */
export const at = (days: number, hours: number) => {
  const date = new Date();
  date.setUTCHours(0, 0, 0, 0);
  return new Date(date.getTime() + days * DAY_MS + hours * HOUR_MS).toISOString().replace('.000Z', 'Z');
};

/** A published coach, available every day 00:00–23:30 UTC; optionally with a finished payment account. */
export async function publishedCoach(
  config: RuntimeConfig,
  options: { payments: boolean; specialty?: string; hourlyRateCents?: number },
): Promise<SignedInUser> {
  const user = await signedInUser(config);
  await put(
    profileRow({
      userId: user.userId,
      email: user.email,
      userType: 'mentor',
      published: true,
      firstName: 'Casey',
      lastName: 'Coach',
      credentials: 'MD',
      specialty: options.specialty ?? null,
      timezone: 'UTC',
      hourlyRateCents: options.hourlyRateCents ?? RATE_CENTS,
      offersFreeConsult: true,
      freeConsultMinutes: 30,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    }),
  );
  for (let weekday = 0; weekday < 7; weekday++) {
    const id = `window-${weekday}`;
    await put({
      ...keys.availability(user.userId, id),
      id,
      coachId: user.userId,
      start: at(weekday, 0),
      end: at(weekday, 23.5),
      recurring: true,
      timezone: 'UTC',
      createdAt: '2026-01-01T00:00:00Z',
    });
  }
  if (options.payments) {
    // Through the product's adapter, as the payment account page makes it; then onboarded at the stand-in.
    const accountId = await attachPaymentAccount(
      user.userId,
      await payments().createConnectedAccount({ userId: user.userId, email: user.email }),
      new Date(),
    );
    await (localStripeFromEnvironment() as LocalStripe).completeOnboarding(accountId);
    await savePaymentAccountStatus(user.userId, accountId, await payments().accountStatus(accountId), new Date());
  }
  return user;
}

/** Turns the payouts of a coach's connected account at the Stripe stand-in off or on, as Stripe would on a verification. */
export async function setCoachCanReceiveTransfers(coachId: string, can: boolean): Promise<void> {
  const accountId = (await getProfile(coachId))?.stripeAccountId as string;
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: standInKeys.stripeAccount(accountId),
      UpdateExpression: 'SET payoutsEnabled = :can',
      ExpressionAttributeValues: { ':can': can },
    }),
  );
}
