import { ModelCommand } from './command.js';
import { predict } from '../../../oracles/model/predict.js';
import type { SequenceRun } from './real.js';
import { customerAt, type Model } from '../../../oracles/model/state.js';

export type Item = { name: string; value: string };

/** AddCustomerAttributes with the required CustomerId and SSN of the customer and random optional attributes. */
export class AddCustomerAttributes extends ModelCommand {
  constructor(readonly customer: number, readonly items: readonly Item[]) { super(); }
  check(m: Readonly<Model>): boolean { return m.customers.length > 0; }
  protected describe(): string { return `AddCustomerAttributes(customer[${this.customer}], ${this.items.map((i) => i.name).join(', ')})`; }
  protected async act(m: Model, r: SequenceRun): Promise<void> {
    const c = customerAt(m, this.customer);
    const own: Record<string, string> = { CustomerId: c.customerId, SSN: c.ssn };
    const customerAttributes = this.items.map((i) => ({ name: i.name, value: own[i.name] ?? i.value }));
    this.begin(r, `AddCustomerAttributes(${c.label}: ${customerAttributes.map((i) => i.name).join(', ')})`);
    const x = await r.call('AddCustomerAttributes', { body: { customerAttributes } });
    r.judge(x, { oracles: [predict.accepted({ requirement: 'CATTR-SUCCESS', documented: 'a list with the customer\'s CustomerId and SSN and valid optional attributes is accepted' })] });
  }
}
