import { Redactor } from '../client/redaction.js';
import { sessionHeaders } from '../contract/index.js';
import type { AuditEntry } from './entries.js';
import type { Book } from './state/book.js';

/**
 * The harness's own Redactor (client/redaction.ts) taught everything secret or personal the
 * traffic carries: client secrets and Basic credentials, every access token, sessionId and
 * ssoToken, and the sensitive members of every body and query (SSN, card number, card token,
 * date of birth...). Every text of the audit's reports passes through it, as a run's do.
 */
export function trafficRedactor(entries: readonly AuditEntry[], book: Book): Redactor {
  const redactor = new Redactor();
  for (const secret of book.clientSecrets) redactor.learn(secret, 'clientSecret');
  for (const token of book.tokens.keys()) redactor.learn(token, 'accessToken');
  for (const token of book.ssoTokens) redactor.learn(token, 'ssoToken');
  const session = sessionHeaders.sessionId.toLowerCase();
  for (const { exchange: { request, response } } of entries) {
    redactor.learnJson(request.body);
    redactor.learnJson(request.query);
    redactor.learnJson(response?.json);
    const auth = request.headers.authorization;
    const bearer = auth && /^Bearer\s+(\S+)/i.exec(auth)?.[1];
    if (bearer) redactor.learn(bearer, 'accessToken');
    const basic = auth && /^Basic\s+(\S+)/i.exec(auth)?.[1];
    if (basic) redactor.learn(basic, 'basicCredentials');
    redactor.learn(request.headers[session], 'sessionId');
    redactor.learn(response?.headers[session], 'sessionId');
    if (request.rawBody && !request.body) for (const [k, v] of new URLSearchParams(request.rawBody)) if (k === 'client_secret') redactor.learn(v, 'clientSecret');
  }
  return redactor;
}
