import { sessionPrice } from '@functions/domain/booking';
import { SESSION_DURATIONS_MINUTES } from '@functions/domain/constants';
import { DEFAULT_FEE_RULE, minimumPaidPrice, platformFee } from '@functions/domain/fees';
import { runtimeConfig } from '@/lib/config';
import { formatMoney } from '@/lib/format-money';

const usd = (cents: number) => formatMoney(cents, 'usd');

/**
 * What the coach receives per paid session at this hourly rate: the price less the platform fee
 * (the stage's rule, domain/fees.ts), paid to their Stripe account after the session takes place.
 * A length whose price is under the minimum cannot be booked, and says so.
 */
export function SessionPayouts({ hourlyRateCents }: { hourlyRateCents: number | null }) {
  if (!hourlyRateCents || hourlyRateCents <= 0) return null;
  const rule = runtimeConfig().feeRule ?? DEFAULT_FEE_RULE;
  const minimum = minimumPaidPrice(rule);
  return (
    <div className="rounded-xl bg-slate-50 p-4 text-sm">
      <table className="w-full">
        <caption className="mb-2 text-left font-medium text-slate-900">What you receive per session</caption>
        <thead>
          <tr className="text-left text-slate-700">
            <th scope="col" className="font-medium">
              Length
            </th>
            <th scope="col" className="text-right font-medium">
              Price
            </th>
            <th scope="col" className="text-right font-medium">
              Platform fee
            </th>
            <th scope="col" className="text-right font-medium">
              You receive
            </th>
          </tr>
        </thead>
        <tbody>
          {SESSION_DURATIONS_MINUTES.map((minutes) => {
            const price = sessionPrice(hourlyRateCents, minutes);
            return (
              <tr key={minutes}>
                <th scope="row" className="py-1 text-left font-normal">
                  {minutes} minutes
                </th>
                {price < minimum ? (
                  <td colSpan={3} className="py-1 text-right text-slate-700">
                    {usd(price)} is below the {usd(minimum)} minimum; not bookable
                  </td>
                ) : (
                  <>
                    <td className="py-1 text-right tabular-nums">{usd(price)}</td>
                    <td className="py-1 text-right tabular-nums">{usd(platformFee(price, rule))}</td>
                    <td className="py-1 text-right font-semibold tabular-nums">
                      {usd(price - platformFee(price, rule))}
                    </td>
                  </>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="mt-2 text-slate-700">
        The platform keeps {rule.percent}% of each price, and at least {rule.floorPercent}% + {usd(rule.floorCents)}{' '}
        (the card processing fee). Your share is transferred to your Stripe account after each session takes place.
      </p>
    </div>
  );
}
