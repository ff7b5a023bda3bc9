import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operations } from '../../contract/index.js';
import { requestPath, sendErrorRow, sendValidationProblem } from '../problems.js';
import type { SwitchSet } from '../switchboard.js';

/**
 * Request-side hooks of the round-5 blind readings (reference/readings-blind5.ts): member names
 * bound in any letter case, unknown query parameters refused, an attribute name given twice refused.
 */

const bodyNames = [...new Set(['email', 'deviceId', 'name', 'value', ...operations.flatMap((o) => o.fields.filter((f) => f.in === 'body').map((f) => f.name))])];
const canonical = new Map(bodyNames.map((n) => [n.toLowerCase(), n]));

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `blind5-members-any-case`: renames a member to the documented name it matches ignoring case, unless that name is present too. */
function bindAnyCase(value: unknown): void {
  if (Array.isArray(value)) return value.forEach(bindAnyCase);
  if (!isObject(value)) return;
  for (const key of Object.keys(value)) {
    const name = canonical.get(key.toLowerCase());
    if (name !== undefined && name !== key && !(name in value)) {
      value[name] = value[key];
      delete value[key];
    }
  }
  for (const list of ['customerAttributes', 'sessionAttributes']) if (Array.isArray(value[list])) bindAnyCase(value[list]);
}

/** The index of the first attribute whose name an earlier one already gave, or -1. */
function repeatedName(list: unknown): number {
  if (!Array.isArray(list)) return -1;
  const seen = new Set<string>();
  return list.findIndex((a) => {
    const name = isObject(a) && typeof a.name === 'string' ? a.name : undefined;
    if (name === undefined) return false;
    if (seen.has(name)) return true;
    seen.add(name);
    return false;
  });
}

/** `blind5-attr-element-members-refused`: keys of attribute members other than name and value (D42). */
function extraElementMembers(body: Json): string[] {
  return [['customerAttributes', 'CustomerAttributes'], ['sessionAttributes', 'SessionAttributes']].flatMap(([list, key]) =>
    (Array.isArray(body[list!]) ? body[list!] as unknown[] : []).flatMap((a, i) =>
      (isObject(a) ? Object.keys(a).filter((m) => m !== 'name' && m !== 'value').map((m) => `command.${key}[${i}].${m.charAt(0).toUpperCase()}${m.slice(1)}`) : [])));
}

const path = (request: FastifyRequest) => requestPath(request);

/** One preValidation hook; not installed when no reading of this file is on. */
export function installBlind5Inputs(app: FastifyInstance, readings: SwitchSet): void {
  const anyCase = readings.has('blind5-members-any-case');
  const unknownQuery = readings.has('blind5-unknown-query-refused');
  const repeated = readings.has('blind5-attr-duplicate-name-refused');
  const elementMembers = readings.has('blind5-attr-element-members-refused');
  if (!anyCase && !unknownQuery && !repeated && !elementMembers) return;
  app.addHook('preValidation', async (request, reply) => {
    const p = path(request);
    if (!p.startsWith('/api/')) return undefined;
    if (anyCase && request.method === 'POST') bindAnyCase(request.body);
    const op = operations.find((o) => o.path === p);
    if (unknownQuery && op && request.method === 'GET') {
      const known = new Set(['apiversion', ...op.fields.filter((f) => f.in === 'query').map((f) => f.name.toLowerCase())]);
      const unknown = Object.keys((request.query ?? {}) as Json).filter((k) => !known.has(k.toLowerCase()));
      if (unknown.length > 0)
        return sendValidationProblem(reply, request, unknown.map((k) => ({ key: `query.${k}`, message: `The query parameter '${k}' is not recognized.` })));
    }
    const extra = elementMembers && isObject(request.body) ? extraElementMembers(request.body) : [];
    if (extra.length > 0) return sendValidationProblem(reply, request, extra.map((key) => ({ key, message: 'The attribute has no such member.' })));
    if (repeated && isObject(request.body)) {
      const c = repeatedName(request.body.customerAttributes);
      if (p.endsWith('/partners/add-customer-attributes') && c >= 0)
        return sendValidationProblem(reply, request, [{ key: `command.CustomerAttributes[${c}].Name`, message: 'Each attribute name may be given once.' }]);
      const list = request.body.sessionAttributes;
      const s = repeatedName(list);
      if (p.endsWith('/partners/add-session-attributes') && s >= 0)
        return sendErrorRow(reply, request, 'INVALID_INFORMATION', `The following fields are invalid: ${String((list as Json[])[s]!.name)} (given more than once).`);
    }
    return undefined;
  });
}
