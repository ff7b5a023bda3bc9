/**
 * The exchanges a sandbox built on the reference sees (reference/interception.ts): types only, here
 * so the reference, certification/ and audit/ (which never imports reference/) share one shape.
 */

/** A call as the interceptor sees it: after the guards (token, apiVersion, media type) passed and the body was parsed. */
export interface InterceptedCall {
  readonly seq: number;
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: unknown;
}

/** What to do instead of (or before) the operation. */
export type PlannedAnswer =
  | { readonly kind: 'reply'; readonly status: number; readonly headers?: Readonly<Record<string, string>>; readonly body: unknown }
  /** Close the connection without an answer (a reset the client sees as a transport error). */
  | { readonly kind: 'reset' }
  /** Hold the call this long, then let the reference answer as usual. */
  | { readonly kind: 'delay'; readonly ms: number }
  /** Let the reference process the call, then close the connection instead of sending its answer. */
  | { readonly kind: 'lose-reply' };

/** One exchange as the sandbox saw it; `outcome` says whether an answer went out. */
export interface ObservedExchange extends InterceptedCall {
  /** Negotiated TLS protocol, e.g. 'TLSv1.3'. */
  readonly tlsProtocol: string;
  readonly receivedAt: number;
  readonly finishedAt: number;
  readonly outcome: 'answered' | 'reset' | 'aborted' | 'lost';
  readonly status?: number;
  readonly replyHeaders?: Readonly<Record<string, unknown>>;
  readonly replyBody?: string;
  /** The interceptor's answer, when it gave one. */
  readonly planned?: PlannedAnswer['kind'];
}
