import { operations, partnerHeaderNames, type Operation, type RequirementId } from '../../../contract/index.js';
import { successRequirementId } from '../../../contract/requirements.js';
import { successBodyOf } from '../../../contract/success-bodies.js';
import type { Exchange, HeaderNames } from '../../../client/index.js';
import { jsonMediaType, noServerError, successBodyShape, versionSelected } from '../../../checks/index.js';
import { sessionHeaderPresent } from '../../../checks/business-outcomes.js';
import { oracle, type Oracle } from '../../../oracles/judge.js';
import { byCheck } from '../../../oracles/model/predict.js';
import { ownReasonRefusal } from '../../../oracles/refusals.js';
import type { HarnessContext } from '../runner/context.js';
import { familyMember, type FamilyMember } from '../state/family.js';
import { fixedCase, OutcomeBuilder } from './case.js';
import { headerRow, sendRespelt, SpeltNames } from './header-name-case.js';
import { otherCardData, sendAgain, sendValid } from './valid-request.js';
import { WriteEffects, type Way } from './version-write-effect.js';
import { versionWritesReadBack } from './version-read-back.js';

/**
 * D5 on every operation (issue 27: the access operators apply to every operation, not a sample):
 * each sends one valid request with apiVersion where the run does not put it (the query string when
 * TARGET_API_VERSION_IN is header, the default; the header otherwise). Every other case of the run
 * selects the version the run's way, so each operation meets both. The answer is judged as any valid
 * request's: refused where the same request with the version the run's way is served, it fails the
 * strategy's row; refused both ways, it is observed; served, its body and (AuthenticatePartner) its
 * sessionId header are judged as on the run's own requests, where a controller serving the other
 * strategy may differ. The same requests carry operator header-name-case (header-name-case.ts): the
 * other way's with the documented header names in lower case, the run's way's in upper case, and one
 * request more where a name (apiVersion) has not gone in both. A write served either way is read back once after
 * all operations (version-read-back.ts): its answer alone does not show it took effect (blind20); a card write's
 * later requests carry other card data, so the run's own way updates the card the other way wrote.
 */
const generic = [oracle(noServerError, {}, 'GEN-NO-5XX'), oracle(jsonMediaType, {}, 'GEN-JSON-BODY')];

const isAuth = (op: Operation) => op.id === 'AuthenticatePartner';

function successOracles(op: Operation): Oracle[] {
  const shape = successBodyOf(op.id) ? [byCheck(successBodyShape, { operation: op.id })] : [];
  return isAuth(op) ? [...shape, oracle(sessionHeaderPresent, { operation: op.id }, 'AUTH-SESSION-HEADER')] : shape;
}

function successRequirements(op: Operation): RequirementId[] {
  return [...(successBodyOf(op.id) ? [successRequirementId(op)] : []), ...(isAuth(op) ? ['AUTH-SESSION-HEADER' as const] : [])];
}

export function versionOnEveryOperation(ctx: HarnessContext, file: string, area: string): void {
  const where = ctx.profile.apiVersionIn === 'header' ? 'query' : 'header';
  const requirement = where === 'query' ? 'VERSION-QUERY' : 'VERSION-HEADER';
  const ownWay: 'VERSION-HEADER' | 'VERSION-QUERY' = where === 'query' ? 'VERSION-HEADER' : 'VERSION-QUERY';
  const effects = new WriteEffects();
  for (const op of operations) {
    // An accepted EnrollCustomer is a customer for good (issue 30 item 6): where the run has a family, it enrols the family's
    // versioning identity, served and judged as any valid request the first night; on a later night both ways meet D16.
    const enrols = op.refusesForOwnReasons === 'D16';
    // Served the other way, the run's own way is tried too: a route that binds one strategy only fails its row,
    // not only the operation's success row (blind12-version-header-refused-on-history). Not where it enrols:
    // each try is a customer for good, and the run's every other enrolment goes its own way.
    const tryOwnWay = !enrols;
    fixedCase(ctx, file, {
      area, operation: op.id, name: `${op.id} with apiVersion in the ${where === 'query' ? 'query string' : 'header'} is served as with it in the ${ctx.profile.apiVersionIn}`,
      requirements: [...new Set([requirement, ...(tryOwnWay ? [ownWay] : []), 'GEN-NO-5XX', 'GEN-JSON-BODY', ...successRequirements(op), ...headerRows(op)] as RequirementId[])],
      description: `a valid ${op.id} with apiVersion in the ${where} only${enrols ? ' (the run family\'s versioning identity where there is a family: once enrolled, D16 refuses it both ways)' : ''}`,
      ...(op.writes ? { writes: true } : {}),
      run: async () => {
        const out = new OutcomeBuilder();
        const identity = enrols ? familyMember(ctx, 'versioning') : undefined;
        // The same requests carry operator header-name-case: this one's header names in lower case, the run's way's in upper.
        const spelt = new SpeltNames(op);
        const later = otherCardData(ctx, op);
        const noted = (way: Way) => (x: Exchange) => (effects.note(x, way), x);
        const sendWay = (way: Way, who = identity, data: Record<string, unknown> = {}) => (n: HeaderNames) => sendValid(ctx, op, way, who, n, data).then(noted(way));
        const x = await sendRespelt(op, 'lower', sendWay(where), out, spelt.hear('lower'));
        if (isServed(x)) {
          if (identity) ctx.footprint.familyEnrolled();
          out.judge(x, [oracle(versionSelected, { requirement }, requirement), ...generic, ...successOracles(op)]);
          if (tryOwnWay) judgeOwnWay(out, op, await sendRespelt(op, 'upper', sendWay(ctx.profile.apiVersionIn, undefined, later), out, spelt.hear('upper')), ownWay);
        } else await judgeRefused(ctx, out, op, x, { requirement, where, ...(identity ? { identity } : {}) });
        // A spelling some name has not gone in yet (apiVersion, a header in one of the two ways): one request more; an
        // enrolment sends the family's identity or the body just sent again, so it enrols no one more (D16 refuses it).
        const more = enrols && !identity ? (n: HeaderNames) => sendAgain(ctx, x, 'header', n).then(noted('header')) : sendWay('header', identity, later);
        for (const s of spelt.missing()) out.judge(await sendRespelt(op, s, more, out, spelt.hear(s)), generic);
        return { ...out.outcome(), operatorPairs: spelt.pairs() };
      },
    });
  }
  versionWritesReadBack(ctx, file, area, effects);
}

/** Refused with apiVersion the other way: the same kind of request the run's way tells whether the version was the reason. */
async function judgeRefused(ctx: HarnessContext, out: OutcomeBuilder, op: Operation, x: Exchange,
  c: { requirement: 'VERSION-HEADER' | 'VERSION-QUERY'; where: 'header' | 'query'; identity?: FamilyMember }): Promise<void> {
  const { requirement, where, identity } = c;
  // Any code a refusal carries could be one of the target's own, D37.
  const control = await sendValid(ctx, op, ctx.profile.apiVersionIn, identity);
  if (identity && isServed(control)) ctx.footprint.familyEnrolled();
  out.judge(control, generic);
  // D37: a refusal for a reason of the target's own (an SSN in use elsewhere) may meet one identity and not the
  // control's other one: observed, never the version's fault.
  const own = ownReason(op, x);
  const controlOwn = identity ? ownReason(op, control) : undefined;
  if (controlOwn) {
    // One identity both ways, enrolled on an earlier night: the run's way reached the business rules, the other way must too (D5).
    if (own) ctx.footprint.customerFoundAgain();
    out.judge(x, [oracle(versionSelected, { requirement, otherWayRefusedWith: controlOwn.status }, requirement), ...generic]);
  } else if (own) {
    out.judge(x, generic);
    out.observe(requirement, `${op.id}: a valid request with apiVersion in the ${where} was refused for a reason of the target's own (${own.status} ${own.code}, D37): the version strategy is not judged on it`);
  } else if (isServed(control)) out.judge(x, [oracle(versionSelected, { requirement }, requirement), ...generic]);
  else {
    out.judge(x, generic);
    out.observe(requirement, `${op.id}: a valid request was refused with apiVersion in the header (${answer(control)}) and in the query string (${answer(x)}): the version strategy is not judged on it`);
  }
}

/** The rows of the headers the operation takes (operator header-name-case), checked on the same requests. */
const headerRows = (op: Operation): RequirementId[] => partnerHeaderNames(op).map((n) => headerRow(op, n));

/** The run's own way after the other way was served: refused for a reason of the target's own (D37) it is observed, else it must be served. */
function judgeOwnWay(out: OutcomeBuilder, op: Operation, x: Exchange, own: 'VERSION-HEADER' | 'VERSION-QUERY'): void {
  const reason = ownReason(op, x);
  if (!reason) return void out.judge(x, [oracle(versionSelected, { requirement: own }, own), ...generic]);
  out.judge(x, generic);
  out.observe(own, `${op.id}: a valid request was refused for a reason of the target's own (${reason.status} ${reason.code}, D37): the version strategy is not judged on it`);
}

/** A refusal for a reason of the target's own (D37), where the operation may meet one; a 400 is none (D37: a failure). */
const ownReason = (op: Operation, x: Exchange) => (op.refusesForOwnReasons && x.response?.status !== 400 ? ownReasonRefusal(x) : undefined);

const answer = (x: Exchange) => (x.response ? String(x.response.status) : `no answer (${x.transportError?.code})`);
const isServed = (x: Exchange) => x.response !== undefined && x.response.status >= 200 && x.response.status < 300;
