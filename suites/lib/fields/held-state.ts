import { errorRow, referenceOnlyErrors } from '../../../contract/index.js';
import type { Exchange } from '../../../client/index.js';
import { businessErrorCode } from '../../../checks/error-row.js';
import type { Expectation } from '../../../generators/expectation.js';
import type { HarnessContext } from '../runner/context.js';

/**
 * A refusal that denies state the run itself made and saw is never the target's own reason (blind18:
 * valid AddCustomerAttributes lists refused CUSTOMER_NOT_FOUND for the run's own customer passed as
 * D37). The codes that deny a customer or a card exists (the documented CUSTOMER_NOT_FOUND row, the
 * D30 card code) are taken off what a valid case may answer when the request names a customer or card
 * this worker holds: a customer one of its cards was added for (the target served a write naming it),
 * a card it added and has not removed. A target denying them with a code of its own stays D37's.
 */
const denials: ReadonlyArray<{ code: string; held: (ctx: HarnessContext, id: string) => boolean }> = [
  { code: errorRow('CUSTOMER_NOT_FOUND').errorCode!, held: (ctx, id) => ctx.footprint.holdsCustomer(id) },
  { code: referenceOnlyErrors.cardNotFound.errorCode, held: (ctx, id) => ctx.footprint.holds(id) || ctx.footprint.holds(id.toLowerCase()) },
];

/** Every string the request carries (body members, attribute values, query parameters), however deep. */
function sentStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => sentStrings(v, out));
  else if (typeof value === 'object' && value !== null) Object.values(value).forEach((v) => sentStrings(v, out));
  return out;
}

/** `e` for the answer `x`: a valid case answered with a denial of held state may no longer answer so. */
export function deniedHeldState(ctx: HarnessContext, x: Exchange, e: Expectation): Expectation {
  if (e.kind !== 'accepted' || !x.response) return e;
  const code = businessErrorCode(x as never);
  const denial = denials.find((d) => d.code === code);
  if (!denial || !sentStrings([x.request.body, x.request.query]).some((v) => denial.held(ctx, v))) return e;
  return { ...e, allowedBusinessErrors: e.allowedBusinessErrors.filter((c) => c !== code), ownRefusals: false };
}
