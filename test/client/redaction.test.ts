import { describe, expect, it } from 'vitest';
import { Redactor } from '../../client/redaction.js';
import { toCurl } from '../../client/curl.js';
import type { CaseRequest } from '../../client/exchange.js';

describe('Redactor', () => {
  it('masks every learnt value in free text, also URL-encoded', () => {
    const r = new Redactor();
    r.learn('s3cr3t/+=', 'clientSecret');
    r.learn('eyJ.payload.sig', 'accessToken');
    r.learn('4111111111111111', 'cardNumber');
    const text = 'secret=s3cr3t%2F%2B%3D token eyJ.payload.sig card 4111111111111111 raw s3cr3t/+=';
    expect(r.redact(text)).toBe(
      'secret=[clientSecret:***] token [accessToken:***] card [cardNumber:***1111] raw [clientSecret:***]',
    );
  });

  it('masks JSON members by name and sensitive attribute values, learnt or not', () => {
    const r = new Redactor();
    const body = {
      ssn: '987654321', DateOfBirth: '1990-05-06', cardNumber: '5555555555554444', keep: 'visible',
      customerAttributes: [{ name: 'SSN', value: '111223333' }, { name: 'Tenure', value: '12' }],
      sessionAttributes: [{ Name: 'SsoToken', Value: 'sso-abc' }, { Name: 'AccountNumberFilter', Value: '4111111111111111,tok-1' }],
    };
    expect(r.redactJson(body)).toEqual({
      ssn: '[ssn:***]', DateOfBirth: '[dateOfBirth:***]', cardNumber: '[cardNumber:***4444]', keep: 'visible',
      customerAttributes: [{ name: 'SSN', value: '[ssn:***]' }, { name: 'Tenure', value: '12' }],
      sessionAttributes: [{ Name: 'SsoToken', Value: '[ssoToken:***]' }, { Name: 'AccountNumberFilter', Value: '[cardNumber:***]' }],
    });
    r.learnJson(body);
    expect(r.redact('echo 111223333 and 4111111111111111 and sso-abc')).toBe('echo [ssn:***] and [cardNumber:***1111] and [ssoToken:***]');
  });

  // Blind batch 16: the field rules send a member's valid value in another JSON type (generators/breakages.ts wrongTypes).
  it('masks a sensitive member of another JSON type: the number it writes, the strings of its array', () => {
    const r = new Redactor();
    const body = { ssn: 987654321, cardNumber: ['5555555555554444'], customerAttributes: [{ name: 'SSN', value: 111223333 }], dateOfBirth: true };
    expect(r.redactJson(body)).toEqual({
      ssn: '[ssn:***]', cardNumber: ['[cardNumber:***4444]'], customerAttributes: [{ name: 'SSN', value: '[ssn:***]' }], dateOfBirth: true,
    });
    r.learnJson(body);
    expect(r.redact('{"ssn":987654321} 5555555555554444 111223333')).toBe('{"ssn":[ssn:***]} [cardNumber:***4444] [ssn:***]');
  });

  it('learns no word from a sensitive member\'s array: the json-type operators send harness words there', () => {
    const r = new Redactor();
    r.learnJson({ cardToken: ['conformance'], ssn: ['conformance-ssn'], cardId: ['conformance'] });
    expect(r.redact('DeleteCard conformanceProbe unknown-member')).toBe('DeleteCard conformanceProbe unknown-member');
    expect(r.redactJson({ cardToken: ['conformance'] })).toEqual({ cardToken: ['[cardToken:***]'] });
  });

  it('masks sensitive headers keeping the scheme', () => {
    const r = new Redactor();
    expect(r.redactHeaders({ Authorization: 'Bearer abc.def', sessionId: 'S1', other: 'x' })).toEqual({
      Authorization: 'Bearer [accessToken:***]', sessionId: '[sessionId:***]', other: 'x',
    });
  });
});

describe('toCurl', () => {
  const request: CaseRequest = {
    operation: 'FindCustomer', method: 'POST', url: 'https://t.example/api/v1/partners/find-customer',
    query: {}, correlationId: 'corr-1',
    headers: { authorization: 'Bearer eyJ.payload.sig', sessionId: 'sess-1234', deviceId: 'dev-1' },
    body: { ssn: '123456789', note: "it's" },
  };

  it('reproduces the request with secrets as variables and personal data masked', () => {
    const r = new Redactor();
    r.learn('eyJ.payload.sig', 'accessToken');
    expect(toCurl(request, r, { caFile: true })).toMatchInlineSnapshot(
      `"curl -sS -i -X POST --cacert "$TARGET_CA_FILE" -H 'authorization: Bearer '"$TOKEN" -H 'sessionId: '"$SESSION_ID" -H 'deviceId: dev-1' -H 'content-type: application/json' --data-raw '{"ssn":"[ssn:***]","note":"it'\\''s"}' 'https://t.example/api/v1/partners/find-customer'"`,
    );
  });

  it('turns Basic credentials and a form secret into variables', () => {
    const r = new Redactor();
    r.learn('top-secret', 'clientSecret');
    const token: CaseRequest = {
      operation: 'Token', method: 'POST', url: 'https://auth.example/oauth2/token', query: {}, correlationId: 'c',
      headers: { authorization: `Basic ${Buffer.from('id:top-secret').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: 'grant_type=client_credentials&client_secret=top-secret',
    };
    const curl = toCurl(token, r);
    expect(curl).toContain('-u "$TARGET_CLIENT_ID:$TARGET_CLIENT_SECRET"');
    expect(curl).toContain(`--data-raw 'grant_type=client_credentials&client_secret='"$TARGET_CLIENT_SECRET"`);
    expect(curl).not.toContain('top-secret');
    expect(curl).not.toContain('x-correlation-id');
  });
});
