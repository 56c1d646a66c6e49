/** Whether this stage takes real money: only prod runs with Stripe's live keys, every other stage with test keys. */
export const isLiveStage = (): boolean => process.env.STAGE === 'prod';
