import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ResultRecord, ResultStatus } from './result.js';

/** Raw records live here, one JSON line per record, one file per worker process. */
export const rawDir = (reportDir: string): string => join(reportDir, 'raw');

const statuses: readonly ResultStatus[] = ['passed', 'failed', 'broken', 'not-covered', 'skipped-by-profile', 'observed'];

export interface ResultSinkOptions {
  readonly reportDir: string;
  /** Defence in depth: applied to each serialised line. Records must already be redacted. */
  readonly redact?: (text: string) => string;
}

/**
 * Appends result records from a vitest worker. Each record is written synchronously as
 * one line, so a crash or SIGINT loses nothing that was recorded.
 */
export class ResultSink {
  readonly file: string;
  readonly #redact: (text: string) => string;

  constructor(options: ResultSinkOptions) {
    mkdirSync(rawDir(options.reportDir), { recursive: true });
    this.file = join(rawDir(options.reportDir), `results-${process.pid}.jsonl`);
    this.#redact = options.redact ?? ((t) => t);
  }

  record(r: ResultRecord): void {
    // JSON.stringify escapes line breaks, so one record is always one line, even after redaction.
    appendFileSync(this.file, `${this.#redact(JSON.stringify(r))}\n`, 'utf8');
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
