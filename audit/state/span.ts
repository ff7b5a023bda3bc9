/** When an exchange of the recording ran (book.ts, card-events.ts); its own file so the two do not import each other. */
export interface Span { readonly start: number; readonly end: number; readonly index: number }

/**
 * `a` was complete before `b` left. Recordings keep whole milliseconds: within one, the file's
 * order (requests in the order they left) decides, so a request sent right after an answer in the
 * same millisecond still comes after it.
 */
export const before = (a: Span, b: Span): boolean => a.index !== b.index && (a.end < b.start || (a.end === b.start && a.index < b.index));

/** Neither was complete before the other left: concurrent, so neither's effect on the other is known. */
export const overlap = (a: Span, b: Span): boolean => a.index !== b.index && !before(a, b) && !before(b, a);
