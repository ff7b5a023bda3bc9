import { randomUUID } from 'node:crypto';

/** An enrolled customer; only what later operations look up is kept. */
export interface Customer {
  readonly customerId: string;
  readonly ssn: string;
  readonly email: string;
  /** ISO calendar date (YYYY-MM-DD), whatever form was sent (D9). */
  readonly dateOfBirth: string;
  /** The form the date of birth was sent in, kept as received. */
  readonly dateOfBirthSent: string;
  readonly attributes: Map<string, string>;
}

const exactLocalPart = (email: string): string => {
  const at = email.lastIndexOf('@');
  return at < 0 ? email : `${email.slice(0, at)}@${email.slice(at + 1).toLowerCase()}`;
};

/** Customers by id, SSN and lower-cased e-mail (D16: e-mail is compared case-insensitively). */
export class CustomerStore {
  private readonly byId = new Map<string, Customer>();
  private readonly bySsn = new Map<string, Customer>();
  private readonly byEmail = new Map<string, Customer>();
  /** Reading `blind-email-exact-duplicates`: exact local part, lower-cased domain (RFC 5321 section 2.4). */
  private readonly byExactLocalPart = new Map<string, Customer>();

  enroll(input: { ssn: string; email: string; dateOfBirth: string; dateOfBirthSent: string }): Customer {
    const customer: Customer = { customerId: randomUUID(), ...input, attributes: new Map() };
    this.byId.set(customer.customerId, customer);
    this.bySsn.set(customer.ssn, customer);
    this.byEmail.set(customer.email.toLowerCase(), customer);
    this.byExactLocalPart.set(exactLocalPart(customer.email), customer);
    return customer;
  }

  /** Forgets a customer (only the blind11-delete-last-card-removes-customer fault does this). */
  remove(customerId: string): void {
    const customer = this.get(customerId);
    if (!customer) return;
    this.byId.delete(customer.customerId);
    this.bySsn.delete(customer.ssn);
    this.byEmail.delete(customer.email.toLowerCase());
    this.byExactLocalPart.delete(exactLocalPart(customer.email));
  }

  get(customerId: string): Customer | undefined {
    return this.byId.get(customerId.toLowerCase());
  }

  /** The first customer `test` accepts (only faults ask: blind6-find-ssn-last-four-only, find-itin-by-birth-date-only). */
  matching(test: (customer: Customer) => boolean): Customer | undefined {
    for (const customer of this.byId.values()) if (test(customer)) return customer;
    return undefined;
  }

  withSsn(ssn: string): Customer | undefined {
    return this.bySsn.get(ssn);
  }

  withEmail(email: string): Customer | undefined {
    return this.byEmail.get(email.toLowerCase());
  }

  withExactLocalPart(email: string): Customer | undefined {
    return this.byExactLocalPart.get(exactLocalPart(email));
  }
}
