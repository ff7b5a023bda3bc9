/**
 * The JSON body and its media type (issue 27): members the document does not name, a member
 * given twice, a query parameter given twice, a byte order mark (all open: D42, D43), and the media type with a charset
 * parameter or in another letter case, which must be served as the plain one is (D43).
 * @see decisions.md D42, D43; RFC 8259 sections 8.1 and 11; RFC 9110 section 8.3.1
 */
import { documentedBody } from './predicates.js';
import type { Operator } from './types.js';

export const bodyMediaTypeOperators: readonly Operator[] = [
  {
    id: 'unknown-member', family: 'body-media-type', sends: 'a valid body with one member the document does not name',
    counterparts: [{ tool: 'CATS', name: 'NewFieldsFuzzer' }, { tool: 'CATS', name: 'MassAssignmentFuzzer' }],
    appliesTo: documentedBody, asserts: () => 'open', backing: ['D42'],
  },
  {
    id: 'duplicate-member', family: 'body-media-type', sends: 'a valid body whose first member is given twice, the first time empty',
    counterparts: [{ tool: 'CATS', name: 'DuplicateKeysFieldsFuzzer' }],
    appliesTo: documentedBody, asserts: () => 'open', backing: ['D42'],
  },
  {
    id: 'byte-order-mark', family: 'body-media-type', sends: 'a valid body preceded by a UTF-8 byte order mark',
    counterparts: [{ tool: 'RESTler', name: 'PayloadBody' }, { tool: 'CATS', name: 'ZeroWidthCharsInValuesFields' }],
    appliesTo: documentedBody, asserts: () => 'open', backing: ['D43', 'RFC 8259 section 8.1'],
  },
  {
    id: 'repeated-query-parameter', family: 'body-media-type', sends: 'every query parameter of the operation given twice with the same value, one request per operation',
    counterparts: [{ tool: 'CATS', name: 'DuplicateKeysFieldsFuzzer' }, { tool: 'RESTler', name: 'PayloadBody' }],
    appliesTo: (c) => c.place === 'query', asserts: () => 'open',
    backing: ['D42 (a name given twice is open for a JSON member; the query string is not ruled on: only the generic contract)'],
  },
  {
    id: 'charset-parameter', family: 'body-media-type', sends: 'a valid body sent as application/json; charset=utf-8',
    counterparts: [{ tool: 'CATS', name: 'DummyContentTypeHeadersFuzzer' }, { tool: 'Schemathesis', name: 'positive_data_acceptance' }],
    appliesTo: documentedBody, asserts: () => 'served-as-valid', backing: ['D43', 'RFC 8259 section 11', 'RFC 9110 section 8.3.1'],
  },
  {
    id: 'media-type-letter-case', family: 'body-media-type', sends: 'a valid body sent as Application/JSON; Charset=UTF-8',
    counterparts: [{ tool: 'Schemathesis', name: 'positive_data_acceptance' }],
    appliesTo: documentedBody, asserts: () => 'served-as-valid', backing: ['D43', 'RFC 9110 section 8.3.1 (type and parameter names are case-insensitive)'],
  },
];
