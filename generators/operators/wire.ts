/**
 * How each body and media-type operator writes an otherwise valid request on the wire, keyed by
 * operator id: the JSON text of the body (after its stand-ins are replaced) and the media type.
 * Pure; the suite hands both to the client as they are (client/partner-request.ts `rawBody`).
 */
export interface Wire {
  /** The body text from the body object; the JSON of the body when absent. */
  readonly text?: (body: Readonly<Record<string, unknown>>) => string;
  /** The Content-Type to send instead of application/json. */
  readonly contentType?: string;
  /** Members of the body besides the documented ones (an unknown member), added before it is written. */
  readonly extraMembers?: Readonly<Record<string, unknown>>;
  /** Query parameters given a second time, with the same value. */
  readonly repeatQuery?: readonly string[];
}

/** A member no operation names; pascal-cased in a key as any body member is. */
export const unknownMemberName = 'conformanceProbe';

/** `{"first": "", "first": <valid>, ...}`: the first member twice, the first time empty (D42: the last counts by default). */
function firstMemberTwice(body: Readonly<Record<string, unknown>>): string {
  const [first] = Object.keys(body);
  const json = JSON.stringify(body);
  if (first === undefined) return json;
  return `{${JSON.stringify(first)}:"",${json.slice(1)}`;
}

export const wires: Readonly<Record<string, Wire>> = {
  'unknown-member': { extraMembers: { [unknownMemberName]: 'x' } },
  'duplicate-member': { text: firstMemberTwice },
  'byte-order-mark': { text: (body) => `\uFEFF${JSON.stringify(body)}` },
  'charset-parameter': { contentType: 'application/json; charset=utf-8' },
  'media-type-letter-case': { contentType: 'Application/JSON; Charset=UTF-8' },
};

/**
 * Bodies an operator writes in several ways, one of them per operation (spread by the operation's
 * position, the request budget): JSON that is not an object, an array, a string or null.
 */
export const wireVariants: Readonly<Record<string, readonly Wire[]>> = {
  'body-not-object': [{ text: () => '[]' }, { text: () => '"conformance"' }, { text: () => 'null' }],
};
