import type { Exchange, HeaderNames, HeaderSpelling } from '../../../client/index.js';
import { bearerHeader, partnerHeaderNames, sessionHeaders, versionParameter, type Operation, type RequirementId } from '../../../contract/index.js';
import { successRequirementId } from '../../../contract/requirements.js';
import type { OperatorPair } from '../../../contract/operators/index.js';
import { finding, is2xx } from '../../../checks/support.js';
import type { Oracle } from '../../../oracles/judge.js';
import { ownReasonRefusal } from '../../../oracles/refusals.js';
import type { OutcomeBuilder } from './case.js';

/**
 * Operator header-name-case (RFC 9110 section 5.1: field names are case-insensitive; blind18: a route
 * read deviceId from the raw header list with an ordinal compare). A valid request is sent with the
 * names the document gives its headers re-cased; one the target refuses is sent again with the names
 * as documented, and only where that one is served is the re-cased one a failure, of the row of each
 * name that, re-cased alone, is refused too. Nothing is sent beyond the re-cased request on a target
 * that serves it.
 */
export const headerCaseOperator = 'header-name-case';

/** The row a header read wrongly breaks: the header's own, the operation's success row for the media type. */
export function headerRow(op: Operation, name: string): RequirementId {
  if (name === sessionHeaders.deviceId) return 'SESSION-DEVICE-MATCH';
  if (name === sessionHeaders.sessionId) return 'SESSION-REQUIRED';
  if (name === versionParameter) return 'VERSION-HEADER';
  if (name === bearerHeader) return 'BEARER-REQUIRED';
  return successRequirementId(op);
}

/** The documented names `x` carries as headers, spelt as documented (apiVersion only where it went as a header). */
export function carriedNames(op: Operation, x: Exchange): string[] {
  const sent = new Set(Object.keys(x.request.headers).map((k) => k.toLowerCase()));
  return partnerHeaderNames(op).filter((n) => sent.has(n.toLowerCase()));
}

/** Served, or refused for a reason of the target's own (D37): either way the headers were read. */
function reached(op: Operation, x: Exchange): boolean {
  if (!x.response) return false;
  return is2xx(x.response.status) || (op.refusesForOwnReasons !== undefined && x.response.status !== 400 && ownReasonRefusal(x) !== undefined);
}

function respeltServed(op: Operation, spelling: HeaderSpelling, names: readonly string[], blamed: readonly string[], control?: Exchange): Oracle {
  return {
    id: 'headerNameCaseServed', requirements: [...new Set(names.map((n) => headerRow(op, n)))], applies: () => true,
    run: (x) => blamed.map((name) => finding('headerNameCaseServed', headerRow(op, name), op.id, {
      title: 'Header name refused in another letter case',
      received: `status ${x.response?.status} with the header ${name} spelt ${JSON.stringify(spelling === 'lower' ? name.toLowerCase() : name.toUpperCase())}; the same request with the name spelt as documented was answered ${control?.response?.status}`,
      documented: `HTTP field names are case-insensitive (RFC 9110 section 5.1): ${name} is the same header in any letter case`,
      key: [name, spelling],
    }, x)),
  };
}

export type SendWith = (names: HeaderNames) => Promise<Exchange>;

/**
 * Sends `op`'s valid request with its documented header names spelt `spelling` and judges it; returns the
 * exchange the caller judges as the valid request: the re-cased one where its headers were read, the one
 * with documented names otherwise. `sent` hears each name sent re-cased.
 */
export async function sendRespelt(op: Operation, spelling: Exclude<HeaderSpelling, 'documented'>, send: SendWith, out: OutcomeBuilder, sent: (names: readonly string[]) => void): Promise<Exchange> {
  const x = await send({ spelling });
  const names = carriedNames(op, x);
  sent(names);
  if (!x.response || reached(op, x)) {
    if (x.response) out.judge(x, [respeltServed(op, spelling, names, [])]);
    return x;
  }
  const control = await send({ spelling: 'documented' });
  // Refused with the names as documented too: the letter case is not what was refused, and nothing is judged of it.
  if (!reached(op, control)) return control;
  const blamed: string[] = [];
  for (const name of names) if (!reached(op, await send({ spelling, only: [name] }))) blamed.push(name);
  out.judge(x, [respeltServed(op, spelling, names, blamed.length ? blamed : names, control)]);
  return control;
}

type Recased = Exclude<HeaderSpelling, 'documented'>;

/** The documented names of one operation sent re-cased, by spelling: a cell is sent once both spellings went. */
export class SpeltNames {
  readonly #heard: Record<Recased, Set<string>> = { lower: new Set(), upper: new Set() };
  constructor(private readonly op: Operation) {}

  hear(spelling: Recased): (names: readonly string[]) => void {
    return (names) => names.forEach((n) => this.#heard[spelling].add(n));
  }

  /** The spellings some documented name of the operation has not gone in yet. */
  missing(): Recased[] {
    return (['lower', 'upper'] as const).filter((s) => partnerHeaderNames(this.op).some((n) => !this.#heard[s].has(n)));
  }

  pairs(): OperatorPair[] {
    return partnerHeaderNames(this.op).filter((n) => this.#heard.lower.has(n) && this.#heard.upper.has(n))
      .map((n) => ({ operator: headerCaseOperator, cell: `${this.op.id} header ${n}` }));
  }
}
