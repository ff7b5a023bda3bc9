import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import {
  cardListResponseSchema, cardsResponseSchema, historyResponseSchema, problemSchema, tokenErrorSchema, tokenResponseSchema, validationProblemSchema,
} from '../contract/schemas.js';

/**
 * The contract's JSON Schemas, each compiled once per process on its first use: a conformance
 * run's parent process imports the checks for their descriptions and validates nothing, and every
 * self-test's run paid the compilation there (issue 28). ajv-formats supplies `uri` and
 * `date-time` (full mode: a date-time must carry a time-zone offset).
 */
type FormatsPlugin = typeof addFormatsModule.default;
// ajv-formats is CommonJS: under NodeNext its default import is the plugin itself at run time.
const addFormats = ((addFormatsModule as unknown as { default?: FormatsPlugin }).default ?? addFormatsModule) as FormatsPlugin;

const schemas = {
  problem: problemSchema,
  validationProblem: validationProblemSchema,
  cards: cardsResponseSchema,
  cardList: cardListResponseSchema,
  history: historyResponseSchema,
  token: tokenResponseSchema,
  tokenError: tokenErrorSchema,
} as const;

export type SchemaName = keyof typeof schemas;

let ajv: Ajv2020 | undefined;
const compiled = new Map<SchemaName, ValidateFunction>();

function validator(name: SchemaName): ValidateFunction {
  let validate = compiled.get(name);
  if (!validate) {
    if (!ajv) {
      ajv = new Ajv2020({ allErrors: true, strict: false });
      addFormats(ajv, ['uri', 'date-time']);
    }
    validate = ajv.compile(schemas[name]);
    compiled.set(name, validate);
  }
  return validate;
}


/** One schema violation, printed like `cards[0].expirationMonthYear must match pattern ...`. */
export interface SchemaIssue {
  readonly path: string;
  readonly keyword: string;
  readonly message: string;
  readonly value: unknown;
}

/** `/cards/0/expirationMonthYear` → `cards[0].expirationMonthYear` (zod-style paths). */
export function printPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((out, seg) => (/^\d+$/.test(seg) ? `${out}[${seg}]` : out ? `${out}.${seg}` : seg), '');
}

function valueAt(root: unknown, pointer: string): unknown {
  let cur: unknown = root;
  for (const seg of pointer.split('/').slice(1)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[seg.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return cur;
}

function issue(root: unknown, e: ErrorObject): SchemaIssue {
  const missing = e.keyword === 'required' ? (e.params as { missingProperty?: string }).missingProperty : undefined;
  const pointer = missing === undefined ? e.instancePath : `${e.instancePath}/${missing}`;
  return {
    path: printPath(pointer) || '(body)',
    keyword: e.keyword,
    message: missing === undefined ? (e.message ?? e.keyword) : 'is required',
    value: missing === undefined ? valueAt(root, e.instancePath) : undefined,
  };
}

/** Validates `value` against a compiled contract schema; [] when it conforms. */
export function schemaIssues(name: SchemaName, value: unknown): SchemaIssue[] {
  const validate = validator(name);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => issue(value, e));
}

export const printIssue = (i: SchemaIssue): string => `${i.path} ${i.message}`;
