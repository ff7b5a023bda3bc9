import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { trafficHarName } from '../../client/traffic-log.js';
import { AuditInputError, describeIssues } from './errors.js';
import { harEntrySchema, harSchema, type HarEntry } from './har-schema.js';

/** Recorded traffic, whatever form it came in, as HAR entries in file order. */
export interface Traffic {
  readonly source: string;
  /** `har`: one HAR document; `records`: the harness's own raw records, one HAR entry a line. */
  readonly format: 'har' | 'records';
  /** Who wrote it (HAR log.creator), when it says. */
  readonly creator?: string;
  readonly entries: readonly HarEntry[];
}

function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AuditInputError(`${source}: not JSON (${(error as Error).message}); give a HAR 1.2 file (exported by a browser's developer tools, an HTTP proxy or an API client) or the traffic.har a run wrote with CONFORMANCE_RECORD_TRAFFIC.`);
  }
}

function fromHar(text: string, source: string): Traffic {
  const raw = parseJson(text, source);
  if (!raw || typeof raw !== 'object' || !('log' in raw))
    throw new AuditInputError(`${source}: JSON without a "log" member, so not a HAR file; export the traffic again as HAR ("Save all as HAR" in a browser, "Export session as HTTP Archive" in a proxy).`);
  const parsed = harSchema.safeParse(raw);
  if (!parsed.success) throw describeIssues(source, parsed.error);
  const { creator, entries } = parsed.data.log;
  const by = creator?.name ? `${creator.name}${creator.version ? ` ${creator.version}` : ''}` : undefined;
  return { source, format: 'har', ...(by ? { creator: by } : {}), entries };
}

/** The harness's raw records: one HAR entry a line (client/traffic-log.ts), read as the run left them. */
function fromRecords(texts: ReadonlyArray<[string, string]>, source: string): Traffic {
  const entries: HarEntry[] = [];
  for (const [file, text] of texts) {
    text.split('\n').forEach((line, i) => {
      if (line.trim() === '') return;
      const where = `${file} line ${i + 1}`;
      const parsed = harEntrySchema.safeParse(parseJson(line, where));
      if (!parsed.success) throw describeIssues(where, parsed.error);
      entries.push(parsed.data);
    });
  }
  return { source, format: 'records', creator: 'partner-conformance (raw exchange records)', entries };
}

/**
 * Reads a HAR file, a file of raw exchange records (`.jsonl`), or a directory a run recorded into
 * (its traffic.har, or the per-process records of a run that did not finish). Throws
 * AuditInputError with one sentence when the input cannot be read.
 */
export function readTraffic(path: string): Traffic {
  if (!existsSync(path)) throw new AuditInputError(`${path}: no such file or directory; give the path of a HAR file (or of the directory a run recorded into).`);
  if (statSync(path).isDirectory()) {
    if (existsSync(join(path, trafficHarName))) return readTraffic(join(path, trafficHarName));
    const parts = readdirSync(path).filter((n) => n.endsWith('.jsonl')).sort();
    if (parts.length === 0) throw new AuditInputError(`${path}: a directory with neither ${trafficHarName} nor raw exchange records (*.jsonl); give the HAR file itself, or the directory CONFORMANCE_RECORD_TRAFFIC named.`);
    return fromRecords(parts.map((n) => [n, readFileSync(join(path, n), 'utf8')]), path);
  }
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new AuditInputError(`${path}: the file is empty; export the traffic again as HAR.`);
  // One JSON document is a HAR file; a line per entry is the harness's raw records.
  const firstLine = text.trimStart().split('\n', 1)[0]!.trim();
  const oneEntryPerLine = path.endsWith('.jsonl') || (firstLine.startsWith('{') && firstLine.endsWith('}') && text.trim().includes('\n') && !firstLine.includes('"log"'));
  return oneEntryPerLine ? fromRecords([[basename(path), text]], path) : fromHar(text, path);
}
