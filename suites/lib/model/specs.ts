import fc from 'fast-check';
import { variables } from '../../../contract/profile-variables.js';
import type { RequirementId } from '../../../contract/requirements.js';
import type { HarnessContext } from '../runner/context.js';
import type { Journal, ModelSpec, Sequence } from './run.js';
import type { SequenceDraw } from './sequence.js';
import { SessionError } from '../../../client/index.js';
import { cardCommands } from './cards.js';
import { deleteAllCards, GetRegisteredCards, listCommands, verifyCardLists } from './card-list.js';
import type { ModelCommand } from './command.js';
import { customerCommands, dateForm, enroll, enrollPayload, enrolmentCommands } from './customers.js';
import type { FamilyUse } from '../state/family.js';
import { reusableCustomer } from '../state/find-again.js';
import { familyCustomer, OtherCustomer } from './other-customer.js';
import { oboCommands } from './obo.js';
import { cardChangeAfterOboCommands } from './obo-card-change.js';
import { oboAfterWriteCommand } from './obo-after-write.js';
import { SequenceRun } from './real.js';
import { emptyModel, maxCustomers, type Model, type ModelCustomer } from '../../../oracles/model/state.js';
import { AddTokenizedCard, tokenizedCommands } from './tokenized.js';
import { sessionCommands } from './session.js';
import { cardUpdateCommands } from './card-update.js';
import { cardCaseOnlyCommands } from './card-case-update.js';
import { cardRestoreCommands } from './card-restore.js';
import { readdChangedCommands } from './card-readd.js';
import { openOwnSession } from '../state/own-session.js';

/** Sequences per property when CONFORMANCE_SEQUENCES is unset; each has up to `maxCommands` commands. */
export const defaultSequences = 50;
export const maxCommands = 20;

/** CONFORMANCE_SEQUENCES (validated by the profile, contract/profile-variables.ts). */
export function sequencesOf(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.CONFORMANCE_SEQUENCES;
  return raw ? Number(variables.CONFORMANCE_SEQUENCES.schema.parse(raw)) : defaultSequences;
}

/**
 * Fresh state for one sequence: its own partner session (so "before any AuthenticateOBO"
 * is known) and one freshly enrolled customer, so every command has someone to act on.
 */
async function setup(ctx: HarnessContext, journal: Journal, values: SetupValues, customerCap: number, use: FamilyUse, draw: SequenceDraw): Promise<Sequence<Model, SequenceRun>> {
  const form = values.slashed ? 'YYYY/MM/DD' : 'YYYY-MM-DD';
  const family = ctx.profile.family !== undefined;
  journal.step(`setup: AuthenticatePartner (a session of its own), ${family ? `customer #1 of the run family (FindCustomer, dateOfBirth as ${form}; found: its cards deleted; else EnrollCustomer)` : `EnrollCustomer(customer #1, fresh identity, dateOfBirth as ${form})`}`);
  const { session, exchanges } = await openOwnSession(ctx);
  const real = new SequenceRun(ctx, session ?? { sessionId: '', deviceId: ctx.profile.deviceId }, journal);
  for (const x of exchanges) real.adopt(x);
  const last = exchanges.at(-1)!;
  if (!session) throw new SessionError(last, `status ${last.response?.status} without a sessionId header`);
  const model = emptyModel(customerCap, draw.freshEnrolments);
  const reused = await reusableCustomer(ctx, real.session, use, (d) => dateForm(d, values.slashed), (op, body) => real.call(op, { body }));
  if (reused) model.customers.push(familyCustomer(reused, 'customer #1'));
  else await enroll(model, real, values.generated, values.slashed, true);
  return { model, real };
}

type Commands = Array<fc.Arbitrary<ModelCommand>>;
type SetupValues = { generated: Record<string, unknown>; slashed: boolean };

/** `customerCap`: customers a sequence may enrol (state.ts); below maxCustomers where "another customer" is all a rule needs. */
function spec(ctx: HarnessContext, use: FamilyUse, name: string, requirements: RequirementId[], commands: Commands, customerCap = maxCustomers): ModelSpec<Model, SequenceRun, SetupValues> {
  return {
    area: 'stateful', name, requirements, commands,
    sequences: sequencesOf(), maxCommands,
    setupValues: fc.record({ generated: enrollPayload(ctx), slashed: fc.boolean() }),
    setup: (journal, values, draw) => setup(ctx, journal, values, customerCap, use, draw),
    verify: ({ model, real }) => verifyCardLists(model, real),
    cleanup: ({ model, real }) => deleteAllCards(model, real),
  };
}

/**
 * The model-based properties. They share the model and the commands; each draws from the
 * commands of one area, so a defect in one area cannot hide one in another (a property stops
 * at its first failure).
 */
export function statefulSpecs(ctx: HarnessContext): Array<ModelSpec<Model, SequenceRun, SetupValues>> {
  // Cards need a second customer only to show one customer's cards are not another's. Linked
  // accounts keep three: the coverage sequence needs a customer holding only a tokenized card.
  const twoCustomers = 2;
  const customer = fc.nat({ max: maxCustomers - 1 });
  const cards = cardCommands(ctx);
  const tokens = tokenizedCommands(ctx);
  const [addToken, , changeTokenExpiration] = tokens as [fc.Arbitrary<AddTokenizedCard>, ...Commands];
  // Each property opens later partner sessions (session.ts), listed first: the coverage sequence's reverse round
  // ends with one and its next rounds run every command in it, on customers and cards an earlier session made.
  // Their other customers only need to exist: the run family's where there is one (other-customer.ts).
  const another = (...uses: FamilyUse[]) => fc.tuple(enrollPayload(ctx), fc.boolean()).map(([p, slashed]) => new OtherCustomer(uses, p, slashed));
  return [
    spec(ctx, 'model:customers', 'customers: enrollment, duplicates, FindCustomer and customer attributes follow the model',
      ['ENROLL-DUPLICATE', 'FIND-ENROLLED', 'CATTR-SUCCESS', 'NO-SECRET-ECHO'],
      [...sessionCommands(), ...enrolmentCommands(ctx), ...customerCommands(ctx), ...customerCommands(ctx)]),
    spec(ctx, 'model:cards', 'cards: add, update, resubmit, delete and re-add follow the model',
      ['CARDS-SHAPE', 'STATE-CARD-IDENTICAL', 'STATE-CARD-CHANGED', 'STATE-TCARD-CHANGED', 'STATE-CARD-DELETED',
        'CARD-AUTH-FAILURE', 'STATE-CARD-AUTH-FAILED', 'TCARD-DENIED-BIN', 'NO-SECRET-ECHO'],
      // Updates weigh more: they need a card first, so drawn evenly they would be rare. The case-only updates (blind19,
      // model/card-case-update.ts) come first: drawn later they put the coverage sequence's re-add steps past the 40 lines.
      [...sessionCommands(), another('model:cards#2'), ...cardCaseOnlyCommands(), cards.add, addToken, ...cards.all, ...tokens, cards.resubmit, cards.changeExpiration, cards.changeNickname, changeTokenExpiration!,
        // A re-add of the deleted card's own data is in cards.all; these two re-add a card of each kind with other data.
        ...readdChangedCommands(ctx), ...cardUpdateCommands(ctx), ...listCommands(), ...listCommands(),
        // The restores last: drawn earlier they put the coverage sequence's re-add steps past the 40 lines a failure prints.
        ...cardRestoreCommands()],
      twoCustomers),
    spec(ctx, 'model:linked-accounts', 'linked accounts: AuthenticateOBO and session attributes follow the model',
      ['OBO-LINKED-ACCOUNT', 'STATE-OBO', 'SATTR-AFTER-OBO', 'STATE-SESSION-ATTRIBUTES', 'SATTR-FILTERS', 'NO-SECRET-ECHO'],
      [...sessionCommands(), another('model:linked-accounts#2', 'model:linked-accounts#3'), cards.add, addToken, addToken.map((t) => new AddTokenizedCard(t.customer, t.generated, true)),
        customer.map((i) => new GetRegisteredCards(i)), ...oboCommands(ctx), ...cardChangeAfterOboCommands(ctx), oboAfterWriteCommand(ctx)]),
  ];
}

/** The model property of one area (its name begins with it), for the file that runs it alone. */
export function statefulSpec(ctx: HarnessContext, area: 'customers' | 'cards' | 'linked accounts'): ModelSpec<Model, SequenceRun, SetupValues> {
  const found = statefulSpecs(ctx).find((s) => s.name.startsWith(`${area}:`));
  if (!found) throw new Error(`suites/lib/model/specs.ts has no model property named "${area}: ..."`);
  return found;
}
