import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { requirements } from '../contract/requirements.js';

/**
 * A known failure accepted until a date: reported as 'waived', neither passed nor failed. It also
 * accepts a requirement left not covered (an accepted gap): the run then does not exit 4 for it.
 */
export interface Waiver {
  readonly requirement: string;
  readonly reason: string;
  readonly owner: string;
  /** Last day the waiver holds, YYYY-MM-DD (UTC). */
  readonly expires: string;
}

/** The checked-in default; `WAIVERS_FILE` names another file. */
export const defaultWaiversFile = 'waivers.json';

export interface WaiverProblem {
  /** Where in the file, e.g. `waivers[2].expires`. */
  readonly path: string;
  readonly message: string;
  readonly received?: string;
}

export class WaiversError extends Error {
  readonly code = 'WAIVERS_INVALID';
  constructor(readonly file: string, readonly problems: readonly WaiverProblem[]) {
    super(problems.map((p) => `${file}: ${p.path} ${p.message}${p.received === undefined ? '' : `, received ${p.received}`}`).join('\n'));
    this.name = 'WaiversError';
  }
}

const knownIds = new Set<string>(requirements.map((r) => r.id));

function isCalendarDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

const str = () => z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') });

const waiverSchema = z.object({
  requirement: str().refine((id) => knownIds.has(id), 'must name a requirement id of contract/requirements.ts'),
  reason: str().trim().min(1, 'must say why the failure or the unchecked requirement is accepted'),
  owner: str().trim().min(1, 'must name who owns the fix'),
  expires: str().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD').refine(isCalendarDate, 'must be a real calendar date'),
}).strict();

const fileSchema = z.object({ $comment: z.string().optional(), waivers: z.array(waiverSchema) }).strict()
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.waivers.forEach((w, i) => {
      if (seen.has(w.requirement)) ctx.addIssue({ code: 'custom', path: ['waivers', i, 'requirement'], message: 'is waived twice', input: w.requirement });
      seen.add(w.requirement);
    });
  });

const printPath = (path: readonly PropertyKey[]): string =>
  path.reduce<string>((acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)), '') || '(file)';

/** Validates the parsed content of a waivers file; every problem is reported at once. */
export function parseWaivers(content: unknown, file = defaultWaiversFile): Waiver[] {
  const parsed = fileSchema.safeParse(content, { reportInput: true });
  if (parsed.success) return parsed.data.waivers;
  throw new WaiversError(file, parsed.error.issues.map((issue) => {
    const input = (issue as { input?: unknown }).input;
    return {
      path: printPath(issue.path),
      message: issue.message,
      ...(input === undefined || typeof input === 'object' ? {} : { received: JSON.stringify(input) }),
    };
  }));
}

/**
 * Reads the waivers file: `WAIVERS_FILE` when set (it must exist), else `waivers.json`
 * (an absent default file means no waivers).
 */
export function loadWaivers(env: Readonly<Record<string, string | undefined>> = process.env): Waiver[] {
  const file = env.WAIVERS_FILE || defaultWaiversFile;
  if (!existsSync(file)) {
    if (env.WAIVERS_FILE) throw new WaiversError(file, [{ path: '(file)', message: 'does not exist (named by WAIVERS_FILE)' }]);
    return [];
  }
  let content: unknown;
  try {
    content = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new WaiversError(file, [{ path: '(file)', message: `is not valid JSON: ${(e as Error).message}` }]);
  }
  return parseWaivers(content, file);
}

/** Today as YYYY-MM-DD in UTC. */
export const isoDay = (now: Date): string => now.toISOString().slice(0, 10);

/** A waiver holds through its `expires` day and is expired from the day after. */
export function isExpired(waiver: Waiver, now: Date): boolean {
  return waiver.expires < isoDay(now);
}
