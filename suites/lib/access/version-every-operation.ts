import fc from 'fast-check';
import { operations, type Operation, type RequirementId } from '../../../contract/index.js';
import { successRequirementId } from '../../../contract/requirements.js';
import { successBodyOf } from '../../../contract/success-bodies.js';
import type { Exchange } from '../../../client/index.js';
import { jsonMediaType, noServerError, successBodyShape, versionSelected } from '../../../checks/index.js';
import { sessionHeaderPresent } from '../../../checks/business-outcomes.js';
import { oracle, type Oracle } from '../../../oracles/judge.js';
import { byCheck } from '../../../oracles/model/predict.js';
import { validPayload } from '../../../generators/index.js';
import { ownReasonRefusal } from '../../../oracles/refusals.js';
import type { HarnessContext } from '../runner/context.js';
import { stateFields, withState } from '../state/case-state.js';
import { customerWithCard } from '../state/customer-with-card.js';
import { familyMember, type FamilyMember } from '../state/family.js';
import { samplePayload } from '../state/setup-call.js';
import { fixedCase, OutcomeBuilder } from './case.js';
import { bearerProbeInput } from './requests.js';

/**
 * D5 on every operation (issue 27: the access operators apply to every operation, not a sample):
 * each sends one valid request with apiVersion where the run does not put it (the query string when
 * TARGET_API_VERSION_IN is header, the default; the header otherwise). Every other case of the run
 * selects the version the run's way, so each operation meets both. The answer is judged as any valid
 * request's: refused where the same request with the version the run's way is served, it fails the
 * strategy's row; refused both ways, it is observed; served, its body and (AuthenticatePartner) its
 * sessionId header are judged as on the run's own requests, where a controller serving the other
 * strategy may differ.
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
      requirements: [requirement, ...(tryOwnWay ? [ownWay] : []), 'GEN-NO-5XX', 'GEN-JSON-BODY', ...successRequirements(op)],
      description: `a valid ${op.id} with apiVersion in the ${where} only${enrols ? ' (the run family\'s versioning identity where there is a family: once enrolled, D16 refuses it both ways)' : ''}`,
      ...(op.writes ? { writes: true } : {}),
      run: async () => {
        const out = new OutcomeBuilder();
        const identity = enrols ? familyMember(ctx, 'versioning') : undefined;
        const x = await send(ctx, op, where, identity);
        if (isServed(x)) {
          if (identity) ctx.footprint.familyEnrolled();
          out.judge(x, [oracle(versionSelected, { requirement }, requirement), ...generic, ...successOracles(op)]);
          if (tryOwnWay) judgeOwnWay(out, op, await send(ctx, op, ctx.profile.apiVersionIn), ownWay);
          return out.outcome();
        }
        // Refused: the same kind of request with the version where the run puts it tells whether the
        // version was the reason (any code a refusal carries could be one of the target's own, D37).
        const control = await send(ctx, op, ctx.profile.apiVersionIn, identity);
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
        return out.outcome();
      },
    });
  }
}

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

/**
 * A valid request of `op` with real state, new for each call (a fresh card to delete, a fresh identity to enrol);
 * with `identity`, an enrolment of that family identity, the same body each time (a later one meets D16).
 */
async function send(ctx: HarnessContext, op: Operation, where: 'header' | 'query', identity?: FamilyMember): Promise<Exchange> {
  if (!op.sessionRequired) return ctx.client.call(op.id, bearerProbeInput(ctx, op), { apiVersionIn: where });
  const session = await ctx.session();
  const remembered = (x: Exchange) => (ctx.footprint.rememberWrite(x), x);
  // FindCustomer names its customer by SSN and date of birth, no state field: the run's customer, so the answer is a match.
  const known = op.id === 'FindCustomer' ? ((await customerWithCard(ctx)) as { ssn?: string; dateOfBirth?: string }) : {};
  if (known.ssn && known.dateOfBirth) return ctx.client.call(op.id, { body: { ssn: known.ssn, dateOfBirth: known.dateOfBirth } }, { session, apiVersionIn: where });
  const payload = fc.sample(validPayload(op, { fixed: stateFields(op), emailKey: ctx.profile.emailKey, includeOptional: false }), { seed: ctx.runSeed, numRuns: 1 })[0]!;
  if (identity) {
    const { emailAddress, ...person } = identity.person;
    return ctx.client.call(op.id, { body: samplePayload(ctx, op.id, { ...person, [ctx.profile.emailKey]: emailAddress }) }, { session, apiVersionIn: where });
  }
  return remembered(await ctx.client.call(op.id, await withState(ctx, session, payload, 'valid'), { session, apiVersionIn: where }));
}
