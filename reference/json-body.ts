import type { FastifyBodyParser, FastifyInstance } from 'fastify';
import type { ReadingSet } from './readings.js';
import { hasDuplicateMember, wideJsonTypes } from './blind2/inputs.js';
import { lenientJson } from './blind3/json.js';
import { blind4FirstWins } from './blind4/json.js';

/** U+FEFF, the UTF-8 byte order mark as the decoded body text starts with it. */
const byteOrderMark = 0xfeff;

/**
 * The reference's JSON body parser (D43): fastify's own (prototype-poisoning safe, the last of
 * two duplicate members wins, D42), except that a body starting with a byte order mark is not
 * JSON (RFC 8259 section 8.1: "MUST NOT add a byte order mark") and is refused as INVALID_JSON,
 * where fastify's parser would silently drop it. Reading `byte-order-mark-accepted` takes the
 * other allowed side: the mark is ignored. The media type is matched with its parameters and in
 * any letter case by fastify itself (`application/json; charset=utf-8` is JSON).
 * @see decisions.md D42, D43
 */
export function installJsonBodyParser(app: FastifyInstance, readings: ReadingSet): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  const jsonParser: FastifyBodyParser<string> = (request, text, done) => {
    // Fault byte-order-mark-500: the mark reaches a parser that crashes on it.
    if (text.charCodeAt(0) === byteOrderMark && app.faults.has('byte-order-mark-500')) {
      done(Object.assign(new Error('Unexpected character encountered while parsing value: \uFEFF'), { statusCode: 500 }), undefined);
      return;
    }
    if (text.charCodeAt(0) === byteOrderMark && !readings.has('byte-order-mark-accepted')) {
      const error = Object.assign(new SyntaxError('the body starts with a byte order mark (U+FEFF), which JSON text sent over a network must not carry'), { statusCode: 400 });
      done(error, undefined);
      return;
    }
    // Reading `blind2-duplicate-members-refused` (D42): a member named twice is refused as INVALID_JSON.
    if (readings.has('blind2-duplicate-members-refused') && hasDuplicateMember(text)) {
      done(Object.assign(new SyntaxError('a JSON object names the same member twice'), { statusCode: 400 }), undefined);
      return;
    }
    // Reading `blind4-duplicate-members-first-wins` (D42): the first of two same-named members counts.
    if (blind4FirstWins(readings, text, done)) return;
    // Reading `blind3-json-comments-trailing-commas` (RFC 8259 section 9): comments and trailing commas are skipped.
    parse(request, lenientJson(readings, text), done);
  };
  app.addContentTypeParser('application/json', { parseAs: 'string' }, jsonParser);
  // Reading `blind2-json-media-types-wide` (D43): text/json and application/*+json go through the same parser.
  if (readings.has('blind2-json-media-types-wide')) for (const type of wideJsonTypes) app.addContentTypeParser(type, { parseAs: 'string' }, jsonParser);
}
