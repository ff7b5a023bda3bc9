import { Agent, request } from 'undici';
import { operation, tokenContract, sessionHeaders } from '../../contract/index.js';
import { startReference, type RunningReference } from '../../reference/server.js';

/** A response as the tests read it. */
export interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: any;
}

export interface Call {
  readonly body?: unknown;
  readonly query?: Record<string, string | number | readonly string[]>;
  readonly headers?: Record<string, string>;
  /** Leave out the session headers. */
  readonly noSession?: boolean;
  /** Sent as the body text instead of the JSON of `body` (a byte order mark, a member twice). */
  readonly rawBody?: string;
}

/** A running reference with a token, an open partner session and helpers for building state. */
export interface Bench {
  readonly ref: RunningReference;
  readonly deviceId: string;
  sessionId: string;
  call(operationId: string, call?: Call): Promise<Reply>;
  openSession(deviceId?: string): Promise<string>;
  enroll(overrides?: Record<string, unknown>): Promise<{ customerId: string; payload: Record<string, unknown> }>;
  addCard(customerId: string, overrides?: Record<string, unknown>): Promise<Reply>;
  close(): Promise<void>;
}

let serial = 0;
/** Distinct SSN/e-mail per enrollment, deterministic within a run. */
export function uniqueDigits(length: number): string {
  serial += 1;
  return String(100_000_000 + serial * 7919).padStart(length, '0').slice(-length);
}

export function enrollPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const n = uniqueDigits(9);
  return {
    emailAddress: `user${n}@example.test`, ssn: n, firstName: 'Ada', lastName: 'Lovelace', mobileNumber: '5551234567',
    addressLine1: '1 Main St', addressLine2: 'Apt 2', city: 'Springfield', state: 'IL', zip: '62701',
    dateOfBirth: '1990-04-01', allowTexts: true, ...overrides,
  };
}

export function cardPayload(customerId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    customerId, cardNumber: '4111111111111111', expirationMonthYear: '0427', cardNickname: 'Main',
    addressLine1: '1 Main St', addressLine2: 'Apt 2', city: 'Springfield', state: 'IL', zip: '62701', ...overrides,
  };
}

export function tokenCardPayload(customerId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    customerId, cardToken: 'tok_abc123', cardBin: '411111', lastFourOfCard: '1111', expirationMonthYear: '0427', cardNickname: 'Tok',
    addressLine1: '1 Main St', addressLine2: 'Apt 2', city: 'Springfield', state: 'IL', zip: '62701', ...overrides,
  };
}

export async function startBench(faults: string[] = [], readings: string[] = []): Promise<Bench> {
  const ref = await startReference({ faults, readings });
  const dispatcher = new Agent({ connect: { ca: ref.caPem } });
  const basic = Buffer.from(`${ref.clientId}:${ref.clientSecret}`).toString('base64');
  const tokenReply = await request(ref.authUrl, {
    method: 'POST', dispatcher,
    headers: { authorization: `Basic ${basic}`, 'content-type': tokenContract.contentType },
    body: new URLSearchParams({ grant_type: tokenContract.grantType, scope: `${ref.scopeBase}${tokenContract.partnerScopeSuffix}` }).toString(),
  });
  const token = ((await tokenReply.body.json()) as { access_token: string }).access_token;
  const deviceId = 'device-0001';

  const raw = async (operationId: string, c: Call, session: { sessionId: string; deviceId: string } | undefined): Promise<Reply> => {
    const op = operation(operationId);
    const qs = c.query ? `?${new URLSearchParams(Object.entries(c.query).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x): [string, string] => [k, String(x)])))}` : '';
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...(session ?? {}), 'content-type': 'application/json', ...(c.headers ?? {}) };
    if (op.method !== 'POST') delete headers['content-type'];
    const res = await request(`${ref.baseUrl}${op.path}${qs}`, {
      method: op.method, dispatcher, headers, ...(op.method === 'POST' ? { body: c.rawBody ?? JSON.stringify(c.body ?? {}) } : {}),
    });
    const text = await res.body.text();
    return { status: res.statusCode, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };

  const bench: Bench = {
    ref, deviceId, sessionId: '',
    async openSession(device = deviceId) {
      const r = await raw('AuthenticatePartner', { body: { deviceId: device } }, undefined);
      return String(r.headers[sessionHeaders.sessionId.toLowerCase()]);
    },
    call(operationId, c = {}) {
      const session = operationId === 'AuthenticatePartner' || c.noSession ? undefined : { sessionId: bench.sessionId, deviceId };
      return raw(operationId, c, session);
    },
    async enroll(overrides = {}) {
      const payload = enrollPayload(overrides);
      const r = await bench.call('EnrollCustomer', { body: payload });
      if (r.status !== 200) throw new Error(`enroll failed: ${r.status} ${JSON.stringify(r.body)}`);
      return { customerId: r.body.CustomerId as string, payload };
    },
    addCard(customerId, overrides = {}) {
      return bench.call('AddOrUpdateCard', { body: cardPayload(customerId, overrides) });
    },
    async close() {
      await ref.close();
      await dispatcher.close();
    },
  };
  bench.sessionId = await bench.openSession();
  return bench;
}

/** The validationErrors keys of a 400 reply. */
export const keys = (r: Reply): string[] => ((r.body?.validationErrors ?? []) as Array<{ key: string }>).map((e) => e.key);

/**
 * Adds cards (distinct numbers) until the customer's synthetic history (D21: 0..45 per card,
 * from a hash of the random cardId) holds at least `minimum` transactions. Returns the cardIds.
 */
/** A customer with one card and the ssoToken of an AuthenticateOBO for it. */
export async function oboCustomer(b: Bench, cardNumber?: string): Promise<{ customerId: string; cardId: string; ssoToken: string }> {
  const { customerId } = await b.enroll();
  const cardId = (await b.addCard(customerId, cardNumber ? { cardNumber } : {})).body.cards[0].cardId as string;
  const ssoToken = (await b.call('AuthenticateOBO', { body: { customerId } })).body.ssoToken as string;
  return { customerId, cardId, ssoToken };
}

export async function cardsWithHistory(b: Bench, customerId: string, minimum: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 20; i++) {
    const cardNumber = `41111111111${String(10_000 + i)}`;
    ids.push((await b.addCard(customerId, { cardNumber })).body.cards[0].cardId);
    const r = await b.call('GetTransactionHistory', { query: { customerId, pageSize: 1 } });
    if (r.body.totalRecords >= minimum) return ids;
  }
  throw new Error(`no history of ${minimum} transactions after 20 cards`);
}

/**
 * What a fault's probe observes on the healthy bench and on one started with the fault (a fault that
 * changes nothing a client sees can be caught by no run). `renew`: the healthy bench opens a new
 * session after its probe, for probes that spend the session's state.
 */
export async function observedBothWays<T>(healthy: Bench, fault: string, probe: (b: Bench) => Promise<T>, renew = false): Promise<{ expected: T; observed: T }> {
  const faulty = await startBench([fault]);
  try {
    const expected = await probe(healthy);
    if (renew) healthy.sessionId = await healthy.openSession();
    return { expected, observed: await probe(faulty) };
  } finally {
    await faulty.close();
  }
}
