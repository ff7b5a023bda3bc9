import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaults, operation, tokenContract } from '../../contract/index.js';
import { parsePlan } from '../../certification/plan.js';
import { startSandbox, type Sandbox } from '../../certification/sandbox.js';

/**
 * The sandbox on its own, driven by hand (no example client): the planned answers go out at the
 * planned calls through the reference's interceptor, a refused token stays refused, and the
 * observer reports every exchange, reset and delayed ones included.
 */
const plan = parsePlan(JSON.stringify({
  slowMs: 200,
  injections: [
    { operation: 'FindCustomer', call: 1, answer: 'RESET' },
    { operation: 'FindCustomer', call: 2, answer: 'SLOW' },
    { operation: 'FindCustomer', call: 3, answer: 'CUSTOMER_NOT_FOUND' },
    { operation: 'FindCustomer', call: 4, answer: 'TOKEN_EXPIRED' },
  ],
}), 'plan');

let sandbox: Sandbox;
let agent: Agent;
beforeAll(async () => {
  sandbox = await startSandbox({ plan, seed: 1 });
  agent = new Agent({ connect: { ca: readFileSync(sandbox.details.TARGET_CA_FILE, 'utf8') } });
});
afterAll(async () => { await agent?.close(); await sandbox?.close(); });

async function send(url: string, headers: Record<string, string>, body: string) {
  try {
    const res = await request(url, { dispatcher: agent, method: 'POST', headers, body });
    return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
  } catch (error) {
    return { status: 0, headers: {}, text: String((error as { code?: string }).code ?? error) };
  }
}

describe('certification sandbox', () => {
  it('answers the planned calls, keeps a refused token refused and observes every exchange', async () => {
    const d = sandbox.details;
    const basic = `Basic ${Buffer.from(`${d.TARGET_CLIENT_ID}:${d.TARGET_CLIENT_SECRET}`).toString('base64')}`;
    const form = new URLSearchParams({ grant_type: tokenContract.grantType, scope: `${defaults.scopeBase}${tokenContract.partnerScopeSuffix}` });
    const token = JSON.parse((await send(d.TARGET_AUTH_URL, { authorization: basic, 'content-type': tokenContract.contentType }, String(form))).text).access_token as string;
    const json = { authorization: `Bearer ${token}`, 'content-type': 'application/json', apiVersion: '1' };
    const auth = await send(`${d.TARGET_BASE_URL}${operation('AuthenticatePartner').path}`, json, JSON.stringify({ deviceId: 'device-1' }));
    const session = { ...json, sessionId: String(auth.headers.sessionid), deviceId: 'device-1' };
    const find = () => send(`${d.TARGET_BASE_URL}${operation('FindCustomer').path}`, session, JSON.stringify({ ssn: '123456789', dateOfBirth: '1980-01-02' }));

    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await find());
    expect(answers.map((a) => a.status)).toEqual([0, 422, 422, 401, 401, 401]);
    expect(JSON.parse(answers[2]!.text).errorCode).toBe('CUSTOMER_NOT_FOUND');
    expect(answers[3]!.headers['www-authenticate']).toMatch(/invalid_token/);

    const seen = sandbox.observations().filter((o) => o.operation === 'FindCustomer');
    expect(seen.map((o) => o.exchange.outcome)).toEqual(['reset', 'answered', 'answered', 'answered', 'answered', 'answered']);
    expect(seen.map((o) => o.planned?.code ?? '-')).toEqual(['RESET', 'SLOW', 'CUSTOMER_NOT_FOUND', 'TOKEN_EXPIRED', 'TOKEN_EXPIRED', 'TOKEN_EXPIRED']);
    expect(seen[1]!.end - seen[1]!.at).toBeGreaterThanOrEqual(200);
    // The slow call was answered by the reference itself: no customer has that SSN.
    expect(seen[1]!.shown).toBe('FindCustomer 422 CUSTOMER_NOT_FOUND');
    expect(seen.every((o) => o.token === token && o.exchange.tlsProtocol.startsWith('TLSv1.'))).toBe(true);
    expect(sandbox.observations()[0]!.issuedToken?.value).toBe(token);
  });
});
