import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ResultRecord, ResultStatus } from './result.js';

/** Raw records live here, one JSON line per record, one file per worker process. */
export const rawDir = (reportDir: string): string => join(reportDir, 'raw');

const statuses: readonly ResultStatus[] = ['passed', 'failed', 'broken', 'not-covered', 'skipped-by-profile', 'observed'];

export interface ResultSinkOptions {
  readonly reportDir: string;
  /**
   * The worker's redactor (client/redaction.ts `Redactor.redact`). Required: no other process knows
   * what this worker learnt (tokens, session ids, SSNs and card numbers sent or received).
   */
  readonly redact: (text: string) => string;
}

/**
 * Every string of a value, member names included, passed through `redact`; numbers (a seed) stay
 * numbers. A member name that is a plain word (letters only: `property`, `title`) is the schema's,
 * never data, and stays: a value the harness learnt as secret that happened to be such a word masked
 * `property` and the reader dropped the record (seed 36, reading group blind-a: 18 rows "not covered").
 */
export function redactStrings(value: unknown, redact: (text: string) => string): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((v) => redactStrings(v, redact));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [schemaName.test(k) ? k : redact(k), redactStrings(v, redact)]));
  return value;
}

const schemaName = /^[A-Za-z]+$/;

/**
 * Appends result records from a vitest worker. Each record is written synchronously as
 * one line, so a crash or SIGINT loses nothing that was recorded.
 *
 * The one place where the text of a record is redacted: finding titles, messages and evidence,
 * and reasons (broken, not covered, observed). Everything the parent process renders from raw/
 * (summary.json and .md, junit.xml, certificate.html, the verdict table) is this text, so nothing
 * downstream redacts again. The reproduction is skipped: the client's formatters and the runner
 * redacted it when they built it, once for the record and the failing test's message alike
 * (DESIGN.md "Redaction" maps every path).
 */
export class ResultSink {
  readonly file: string;
  readonly #redact: (text: string) => string;

  constructor(options: ResultSinkOptions) {
    mkdirSync(rawDir(options.reportDir), { recursive: true });
    this.file = join(rawDir(options.reportDir), `results-${process.pid}.jsonl`);
    this.#redact = options.redact;
  }

  record(r: ResultRecord): void {
    const { reproduction, ...text } = r;
    const redacted = { ...(redactStrings(text, this.#redact) as object), ...(reproduction ? { reproduction } : {}) };
    // JSON.stringify escapes line breaks, so one record is always one line.
    appendFileSync(this.file, `${JSON.stringify(redacted)}\n`, 'utf8');
  }
}

/** Removes the raw records of a previous run; call once before the workers start. */
export function clearResults(reportDir: string): void {
  rmSync(rawDir(reportDir), { recursive: true, force: true });
}

function isRecord(value: unknown): value is ResultRecord {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.requirement === 'string' && statuses.includes(v.status as ResultStatus)
    && typeof v.suite === 'string' && typeof v.property === 'string';
}

/**
 * Reads every raw file back, in file-name order. A line that does not parse as a record
 * (a write cut short by a crash) is skipped and passed to `onMalformed`.
 */
export function readResults(reportDir: string, onMalformed?: (file: string, line: string) => void): ResultRecord[] {
  const dir = rawDir(reportDir);
  if (!existsSync(dir)) return [];
  const records: ResultRecord[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.jsonl')).sort()) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        parsed = undefined;
      }
      if (isRecord(parsed)) records.push(parsed);
      else onMalformed?.(name, line);
    }
  }
  return records;
}
