import { minorUnitDigits } from '@functions/domain/ledger-csv';

/** Integer minor units as the currency's amount for people: 1250 usd → "$12.50". */
export const formatMoney = (minor: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minor / 10 ** minorUnitDigits(currency));
