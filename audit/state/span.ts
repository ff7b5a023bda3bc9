import type { AuditEntry } from '../entries.js';

/** When an exchange of the recording ran (book.ts, card-events.ts); its own file so the two do not import each other. */
export interface Span { readonly start: number; readonly end: number; readonly index: number }

/**
 * An entry's span for ordering: from the recorded start to the latest moment its answer can have
 * been complete. A recording in whole milliseconds (most exporters) can put an answer up to a
 * millisecond earlier than it came, and two clients' requests to one customer can fall in that
 * millisecond: the harness's own recordings carry microseconds (`_startedAtMs`) and need no slack.
 */
export const spanOf = (e: AuditEntry): Span => ({ start: e.startedAt, end: e.endedAt + e.timeSlackMs, index: e.index });

/**
 * `a` was complete before `b` left. Nothing finer than the times decides: the file's order is the
 * order requests left, which says nothing about when another client's answer came.
 */
export const before = (a: Span, b: Span): boolean => a.index !== b.index && a.end <= b.start;

/** Neither was complete before the other left: concurrent, so neither's effect on the other is known. */
export const overlap = (a: Span, b: Span): boolean => a.index !== b.index && !before(a, b) && !before(b, a);
