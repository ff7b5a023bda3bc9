import type { Reading } from './reading.js';

/**
 * Conformant readings found by a fifth blind review (round 5): what a real deployment of an
 * independent implementation does on the wire (1xx answers, headers, connections a gateway ends),
 * the members the document shows by example only (token answer, error bodies, success bodies
 * D3/D6 leave open), and binders (D42 on member-name case and query parameters, repeated attribute
 * names). Each is guarded by `readings.has('blind5-...')`; the helpers live in reference/blind5/.
 * Grouped in reference/reading-groups.ts (groups blind5-a .. blind5-c).
 */
export const blind5Readings: readonly Reading[] = [
  // Headers, 1xx and bodies a deployment adds (group blind5-a)
  {
    name: 'blind5-request-id', decision: 'interface.md (response headers not shown; "All API activity is sanitized, recorded")',
    reads: 'every answer, token endpoint included, carries X-Request-Id: the request\'s own when it sent a plain one, otherwise 32 new hex digits, as nginx\'s $request_id',
  },
  {
    name: 'blind5-session-id-echoed', decision: 'interface.md Session (sessionId "response header of AuthenticatePartner"; other operations\' headers not shown)',
    reads: 'every successful partner operation after AuthenticatePartner answers the session\'s sessionId header again (the value the request sent), as a sliding-session filter does',
  },
  {
    name: 'blind5-early-hints-103', decision: 'interface.md (transport beyond TLS not shown), RFC 9110 section 15.2 ("A client MUST be able to parse one or more 1xx responses"), RFC 8297',
    reads: 'every partner API request is first answered 103 Early Hints with a Link: <https://api.example.test>; rel=preconnect header, then with its final answer',
  },
  {
    name: 'blind5-cors-open', decision: 'interface.md (response headers not shown)',
    reads: 'every answer carries Access-Control-Allow-Origin: * and Access-Control-Expose-Headers: sessionId, X-Request-Id, as a gateway with an open CORS policy adds them',
  },
  {
    name: 'blind5-json-trailing-newline', decision: 'interface.md (JSON bodies; layout not shown), RFC 8259 section 2 (insignificant whitespace after a value)',
    reads: 'every JSON answer, token endpoint and errors included, ends with a line feed after its closing brace',
  },
  {
    name: 'blind5-token-type-lower', decision: 'interface.md Access token (token_type `Bearer`), RFC 6749 sections 5.1 and 7.1 (the token_type value is case insensitive)',
    reads: 'the token answer writes token_type as "bearer", in lower case, as several authorization servers do; the partner API takes the Bearer scheme in any letter case as before',
  },
  {
    name: 'blind5-attributes-accepted', decision: 'D6 (success bodies of AddCustomerAttributes and AddSessionAttributes: 2xx; a body, if any, is JSON)',
    reads: 'AddCustomerAttributes and AddSessionAttributes succeed with 200 {"accepted": <count>, "names": [<attribute names as sent>]}; values are never echoed',
  },
  {
    name: 'blind5-delete-answers-card', decision: 'D6 (success body of DeleteCard not shown)',
    reads: 'DeleteCard succeeds with 200 {"cardId": <the cardId sent>, "deleted": true}',
  },
  {
    name: 'blind5-auth-partner-session-body', decision: 'D3 (success carries a non-empty sessionId header; the body is not shown), interface.md Limits ("Lifetime of a sessionId: not shown")',
    reads: 'AuthenticatePartner answers 200 {"expiresInSeconds": 1800, "createdOn": <UTC date-time>} beside the sessionId header',
  },
  {
    name: 'blind5-hash-id-listed-empty', decision: 'D32 (GetRegisteredCards cards may omit hashId; where present it is a string), interface.md Card (hashId may be empty)',
    reads: 'GetRegisteredCards cards carry hashId as "", the member the add-or-update answers carry, instead of leaving it out',
  },
  // Error bodies and statuses the rows leave open (group blind5-a)
  {
    name: 'blind5-problem-spring-members', decision: 'interface.md Errors (Problem members shown), RFC 9457 section 3.2 (extension members)',
    reads: 'every Problem (validation problems included) also carries timestamp, error (the reason phrase) and path, the members of Spring Boot\'s error attributes',
  },
  {
    name: 'blind5-problem-extensions-object', decision: 'interface.md Errors (Problem members shown), RFC 9457 section 3.2 (extension members)',
    reads: 'every Problem also carries an "extensions" object member holding a W3C traceId, as a serialiser that writes ProblemDetails.Extensions as a property instead of flattening it',
  },
  {
    name: 'blind5-legacy-envelope', decision: 'D15, D16 (a 4xx carrying an error code and message, in the legacy shape), interface.md Errors ("an ErrorCode and ErrorMessage")',
    reads: 'legacy refusals are written in a response envelope: {"Success": false, "ErrorCode", "ErrorMessage", "Data": null}',
  },
  {
    name: 'blind5-decline-402', decision: 'D15 (card authorization failure: a 4xx carrying an error code and message), RFC 9110 section 15.5.3',
    reads: 'a card authorization failure at AddOrUpdateCard or AddOrUpdateTokenizedCard is 402 Payment Required with the legacy {"ErrorCode", "ErrorMessage"} body, as card payment APIs answer a decline',
  },
  // Binders (group blind5-b)
  {
    name: 'blind5-members-any-case', decision: 'D42 (request members the document does not name: ignoring or refusing), interface.md ("field names are case as given" for payloads)',
    reads: 'JSON body member names are bound ignoring letter case, as ASP.NET Core\'s web defaults do: {"SSN"} is read as ssn, {"Name","Value"} as name and value; where the documented name is also present it counts and the other is ignored',
  },
  {
    name: 'blind5-unknown-query-refused', decision: 'D42 (request members the document does not name: refusing with 400 naming the member is conformant)',
    reads: 'a query parameter GetRegisteredCards or GetTransactionHistory does not name (apiVersion excepted, letter case ignored) is a 400 validation problem naming query.<parameter>',
  },
  {
    name: 'blind5-attr-duplicate-name-refused', decision: 'interface.md AddCustomerAttributes, AddSessionAttributes (a name given twice: not shown), D19, D20',
    reads: 'an attribute name given twice in one request is refused: AddCustomerAttributes with 400 naming command.CustomerAttributes[<second>].Name, AddSessionAttributes with 422 INVALID_INFORMATION naming the attribute; nothing is applied',
  },
  {
    name: 'blind5-attr-element-members-refused', decision: 'D42 (request members the document does not name: refusing with 400 naming the member is conformant), interface.md AddCustomerAttributes, AddSessionAttributes ({name, value})',
    reads: 'an element of customerAttributes or sessionAttributes with a member other than name and value is a 400 validation problem naming command.CustomerAttributes[<i>].<Member> or command.SessionAttributes[<i>].<Member>; nothing is applied',
  },
  // Connections a gateway ends (group blind5-c)
  {
    name: 'blind5-idle-close-quiet', decision: 'interface.md (transport beyond TLS not shown; partners are advised to retry), RFC 9112 section 9.8 (a server may close an idle connection at any time)',
    reads: 'an idle kept-alive connection is closed after 400 ms, and answers carry Connection: keep-alive with no Keep-Alive timeout hint, as a load balancer with a short idle timeout in front of the service',
  },
  {
    name: 'blind5-errors-close-chunked', decision: 'interface.md (transport beyond TLS not shown), RFC 9112 sections 7.1 and 9.6',
    reads: 'every 4xx and 5xx answer is streamed chunked (no Content-Length) with Connection: close, and the server closes the connection after it; successes are unchanged',
  },
];
