import type { FamilyUse } from '../state/family.js';
import { reusableCustomer, type ReusedCustomer } from '../state/find-again.js';
import type { Model, ModelCustomer } from '../../../oracles/model/state.js';
import { ModelCommand } from './command.js';
import { dateForm, enroll } from './customers.js';
import type { SequenceRun } from './real.js';

/**
 * The run family's customer as a model's customer: as after an enrolment, it holds no card
 * (find-again.ts deleted any); found, whether it ever held one is not known, so D17's "never held
 * a card" is not predicted for it, and its e-mail is another night's unless this worker enrolled it.
 */
export function familyCustomer(c: ReusedCustomer, label: string): ModelCustomer {
  return { label, customerId: c.customerId, ssn: c.ssn, email: c.emailAddress, dateOfBirth: c.dateOfBirth, cards: [], everHadCard: c.found, ...(c.found ? { pastUnknown: true } : {}), declined: [], deleted: [] };
}

/**
 * Another customer of the cards and linked-accounts models (issue 30 item 6). Those rules need a
 * second or third customer only to exist beside the first (one customer's cards are not another's;
 * a customer holding only a tokenized card), never to judge its enrolment, which the customers model
 * and the field rules do. So it is a customer of the run family, one slot per place in the sequence
 * (`uses[0]` for customer #2, ...), found again on later nights with its cards deleted; where the
 * run has no family (the embedded reference) or the family's cannot be used, it is enrolled fresh
 * and judged as the EnrollCustomer command judges it.
 */
export class OtherCustomer extends ModelCommand {
  constructor(readonly uses: readonly FamilyUse[], readonly generated: Record<string, unknown>, readonly slashed: boolean) { super(); }
  check(m: Readonly<Model>): boolean { return m.customers.length < m.customerCap; }
  protected describe(): string { return `another customer (of the run family, else a fresh identity, dateOfBirth ${this.form})`; }
  private get form(): string { return this.slashed ? 'YYYY/MM/DD' : 'YYYY-MM-DD'; }

  protected async act(m: Model, r: SequenceRun): Promise<void> {
    const label = `customer #${m.customers.length + 1}`;
    const use = this.uses[m.customers.length - 1];
    if (r.ctx.profile.family !== undefined && use !== undefined) {
      this.begin(r, `${label} of the run family (FindCustomer, dateOfBirth as ${this.form}; found: its cards deleted; else EnrollCustomer)`);
      const reused = await reusableCustomer(r.ctx, r.session, use, (d) => dateForm(d, this.slashed), (op, body) => r.call(op, { body }));
      if (reused) {
        m.customers.push(familyCustomer(reused, label));
        return;
      }
    } else this.begin(r, `EnrollCustomer(${label}, fresh identity, dateOfBirth as ${this.form})`);
    await enroll(m, r, this.generated, this.slashed, false);
  }
}
