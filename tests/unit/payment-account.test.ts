import { describe, expect, it } from 'vitest';
import {
  afterStatusPoll,
  isOnboardingComplete,
  onboardingReturnUrls,
  paymentActionNeedsMfa,
  paymentAccountState,
  paymentStatus,
  paymentStatusOfAccount,
  STATUS_POLLING_TOASTS,
  type StatusPolling,
  startStatusPolling,
} from '../../functions/domain/payment-account';
import { paymentAccountRequest, type PaymentStatus } from '../../functions/schemas/payment-account';

const enabled = { chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true };

const answer = (fields: Partial<PaymentStatus> = {}): PaymentStatus => ({
  connected: true,
  onboardingComplete: false,
  chargesEnabled: false,
  payoutsEnabled: false,
  detailsSubmitted: false,
  ...fields,
});

describe('onboarding completeness', () => {
  it('needs charges, payouts and submitted details together', () => {
    expect(isOnboardingComplete(enabled)).toBe(true);
    expect(isOnboardingComplete({ ...enabled, chargesEnabled: false })).toBe(false);
    expect(isOnboardingComplete({ ...enabled, payoutsEnabled: false })).toBe(false);
    expect(isOnboardingComplete({ ...enabled, detailsSubmitted: false })).toBe(false);
  });

  it('reports a fresh provider answer as a connected status object', () => {
    expect(paymentStatusOfAccount(enabled)).toEqual({ connected: true, onboardingComplete: true, ...enabled });
    expect(paymentStatusOfAccount({ ...enabled, payoutsEnabled: false })).toMatchObject({ onboardingComplete: false });
  });
});

describe('payment status from the stored profile', () => {
  it('is all false without an account, whatever flags linger', () => {
    expect(
      paymentStatus({ stripeAccountId: null, stripeOnboardingComplete: true, stripeChargesEnabled: true }),
    ).toEqual({
      connected: false,
      onboardingComplete: false,
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
    });
  });

  it('is connected but incomplete right after the account is created (no flags stored yet)', () => {
    const status = paymentStatus({ stripeAccountId: 'acct_1' });
    expect(status).toEqual(answer());
    expect(paymentAccountState(status)).toBe('incomplete');
  });

  it('is complete once the stored onboarding flag says so', () => {
    const status = paymentStatus({
      stripeAccountId: 'acct_1',
      stripeOnboardingComplete: true,
      stripeChargesEnabled: true,
      stripePayoutsEnabled: true,
      stripeDetailsSubmitted: true,
    });
    expect(status).toEqual({ connected: true, onboardingComplete: true, ...enabled });
    expect(paymentAccountState(status)).toBe('complete');
  });
});

describe('display state', () => {
  it('maps to the three Coach settings displays', () => {
    expect(paymentAccountState({ connected: false, onboardingComplete: false })).toBe('not_connected');
    expect(paymentAccountState({ connected: true, onboardingComplete: false })).toBe('incomplete');
    expect(paymentAccountState({ connected: true, onboardingComplete: true })).toBe('complete');
  });
});

describe('onboarding return URLs', () => {
  it('return to settings with stripe=connected, refresh to the coaching tab', () => {
    expect(onboardingReturnUrls('https://mentors.example')).toEqual({
      returnUrl: 'https://mentors.example/settings?stripe=connected',
      refreshUrl: 'https://mentors.example/settings?tab=coaching',
    });
  });
});

describe('status polling after returning from onboarding', () => {
  /** Runs the machine against a list of answers, as the SPA's loop does, and records each wait. */
  function run(answers: Array<PaymentStatus | 'failed'>) {
    const waits: number[] = [];
    let state: StatusPolling = startStatusPolling();
    while (state.phase === 'polling') {
      waits.push(state.delayMs);
      const next = answers[state.attempt - 1];
      if (next === undefined) throw new Error(`poll ${state.attempt} has no scripted answer`);
      state = afterStatusPoll(state.attempt, next);
    }
    return { final: state.phase, requests: waits.length, waits };
  }

  it('starts polling at once and announces it as "Processing Payment Setup"', () => {
    expect(startStatusPolling()).toEqual({ phase: 'polling', attempt: 1, delayMs: 0 });
    expect(STATUS_POLLING_TOASTS.polling.title).toBe('Processing Payment Setup');
  });

  it('stops as "Payment account ready!" on the first complete answer', () => {
    expect(run([answer({ onboardingComplete: true, ...enabled })])).toEqual({
      final: 'ready',
      requests: 1,
      waits: [0],
    });
    expect(run([answer(), answer(), answer({ onboardingComplete: true })])).toMatchObject({
      final: 'ready',
      requests: 3,
    });
    expect(STATUS_POLLING_TOASTS.ready.title).toBe('Payment account ready!');
  });

  it('polls every 2 s, at most 5 requests', () => {
    expect(run(Array(5).fill(answer()))).toEqual({
      final: 'in_progress',
      requests: 5,
      waits: [0, 2000, 2000, 2000, 2000],
    });
  });

  it('becomes ready on the 5th and last request when that one is complete', () => {
    expect(run([...Array(4).fill(answer()), answer({ onboardingComplete: true })])).toMatchObject({
      final: 'ready',
      requests: 5,
    });
  });

  it('at the limit, charges and payouts enabled but not complete → almost complete ("Setup Almost Complete")', () => {
    const waiting = answer({ chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: false });
    expect(run(Array(5).fill(waiting)).final).toBe('almost_complete');
    expect(STATUS_POLLING_TOASTS.almost_complete).toMatchObject({ title: 'Setup Almost Complete', destructive: false });
  });

  it('at the limit, otherwise → in progress ("Setup In Progress", destructive), even with details submitted', () => {
    expect(run(Array(5).fill(answer({ chargesEnabled: true, detailsSubmitted: true }))).final).toBe('in_progress');
    expect(run(Array(5).fill(answer({ payoutsEnabled: true }))).final).toBe('in_progress');
    expect(STATUS_POLLING_TOASTS.in_progress).toEqual({
      title: 'Setup In Progress',
      description: 'Please complete all required information in Stripe.',
      destructive: true,
    });
  });

  it('only judges the last answer at the limit, not earlier ones', () => {
    const earlierAlmost = answer({ chargesEnabled: true, payoutsEnabled: true });
    expect(run([earlierAlmost, earlierAlmost, earlierAlmost, earlierAlmost, answer()]).final).toBe('in_progress');
  });

  it('a failed status request stops polling with "Status Check Failed"', () => {
    expect(run([answer(), 'failed'])).toMatchObject({ final: 'check_failed', requests: 2 });
    expect(STATUS_POLLING_TOASTS.check_failed).toMatchObject({
      title: 'Status Check Failed',
      description: 'Please refresh the page to check your account status.',
    });
  });
});

describe('request schema', () => {
  it('accepts the three actions only, and nothing else in the body', () => {
    for (const action of ['create', 'dashboard', 'refresh_status']) {
      expect(paymentAccountRequest.safeParse({ action }).success).toBe(true);
    }
    expect(paymentAccountRequest.safeParse({ action: 'delete' }).success).toBe(false);
    expect(paymentAccountRequest.safeParse({}).success).toBe(false);
    expect(paymentAccountRequest.safeParse({ action: 'create', accountId: 'acct_x' }).success).toBe(false);
  });
});

describe('two-step verification before payout details', () => {
  const none = {};
  const started = { stripeAccountId: 'acct_1' };
  const complete = { stripeAccountId: 'acct_1', stripeOnboardingComplete: true };

  it('is needed for the dashboard of an existing account (without one, the dashboard is a conflict)', () => {
    expect(paymentActionNeedsMfa('dashboard', none)).toBe(false);
    expect(paymentActionNeedsMfa('dashboard', started)).toBe(true);
    expect(paymentActionNeedsMfa('dashboard', complete)).toBe(true);
  });

  it('is needed for an onboarding link to an existing account, not for the one that creates it', () => {
    expect(paymentActionNeedsMfa('create', none)).toBe(false);
    expect(paymentActionNeedsMfa('create', started)).toBe(true);
    expect(paymentActionNeedsMfa('create', complete)).toBe(true);
  });

  it('is not needed to read the status', () => {
    expect(paymentActionNeedsMfa('refresh_status', complete)).toBe(false);
  });
});
