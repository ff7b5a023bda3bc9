import { randomBytes, randomInt, randomUUID } from 'node:crypto';

/**
 * Valid test data for the sandbox: fresh per round so EnrollCustomer never meets a duplicate,
 * and never real personal data. Formats follow interface.md's field tables.
 */
export interface Identity {
  readonly ssn: string;
  readonly dateOfBirth: string;
  readonly email: string;
}

const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join('');
const pad = (n: number, width: number) => String(n).padStart(width, '0');

export function freshIdentity(): Identity {
  // Area 001-899 but 666, group and serial never zero: a well-formed SSN every reading accepts.
  let area = randomInt(1, 900);
  if (area === 666) area = 667;
  const ssn = pad(area, 3) + pad(randomInt(1, 100), 2) + pad(randomInt(1, 10_000), 4);
  const dateOfBirth = `${randomInt(1950, 2001)}-${pad(randomInt(1, 13), 2)}-${pad(randomInt(1, 29), 2)}`;
  return { ssn, dateOfBirth, email: `partner.test.${randomUUID().slice(0, 12)}@example.com` };
}

export function enrollPayload(who: Identity): Record<string, unknown> {
  return {
    emailAddress: who.email, ssn: who.ssn, firstName: 'Test', lastName: 'Customer',
    mobileNumber: `2${digits(9)}`, ...address, dateOfBirth: who.dateOfBirth, allowTexts: false,
  };
}

const address = { addressLine1: '1 Main Street', addressLine2: 'Suite 100', city: 'Springfield', state: 'IL', zip: '62701' };

function luhnDigit(partial: string): number {
  let sum = 0;
  for (let i = 0; i < partial.length; i += 1) {
    let d = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0 && (d *= 2) > 9) d -= 9;
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** A Luhn-valid 16-digit test number; the leading 5 keeps it off the sandbox's declined and denied numbers. */
export function testCardNumber(): string {
  const partial = `5${digits(14)}`;
  return partial + String(luhnDigit(partial));
}

/** MMYY three years ahead. */
function expiration(): string {
  return pad(randomInt(1, 13), 2) + pad((new Date().getUTCFullYear() + 3) % 100, 2);
}

export function cardPayload(customerId: string): Record<string, unknown> {
  return { customerId, cardNumber: testCardNumber(), expirationMonthYear: expiration(), cardNickname: 'Everyday card', ...address };
}

/**
 * A tokenized card: the token comes from the partner's card vault in real life. Only the
 * BIN and the last four digits travel with it — never the full number.
 */
export function tokenizedCardPayload(customerId: string): Record<string, unknown> {
  const number = testCardNumber();
  return {
    customerId, cardToken: `tok_${randomBytes(18).toString('base64url')}`, cardBin: number.slice(0, 6), lastFourOfCard: number.slice(-4),
    expirationMonthYear: expiration(), cardNickname: 'Wallet card', ...address,
  };
}

export function customerAttributesPayload(customerId: string, who: Identity): Record<string, unknown> {
  const attribute = (name: string, value: string) => ({ name, value });
  return { customerAttributes: [attribute('CustomerId', customerId), attribute('SSN', who.ssn), attribute('DirectDeposit', 'True')] };
}

export function sessionAttributesPayload(ssoToken: string, cardIds: readonly string[]): Record<string, unknown> {
  const attributes = [{ name: 'SsoToken', value: ssoToken }];
  if (cardIds.length > 0) attributes.push({ name: 'AccountIdFilter', value: cardIds.join(',') });
  return { sessionAttributes: attributes };
}
