import { createRequire } from 'node:module';
import type { Agent as UndiciAgent, Dispatcher as UndiciDispatcher, EnvHttpProxyAgent as UndiciEnvHttpProxyAgent } from 'undici';

/**
 * The parts of undici the client uses, each loaded from its own file. undici's index loads
 * every part it has (fetch, WebSocket, cookies, mocks, caches) whether used or not: about 120 ms
 * of compiling in every process of a run, and a run's workers all pay it at once, before their
 * first request (issue 29). undici is pinned; test/client/undici-parts.test.ts fails if these
 * files stop being the index's own classes.
 */
const require = createRequire(import.meta.url);

export const undiciPartFiles = {
  Agent: 'undici/lib/dispatcher/agent.js',
  EnvHttpProxyAgent: 'undici/lib/dispatcher/env-http-proxy-agent.js',
} as const;

// What undici's index does when it loads: every dispatcher gets the API methods (request, stream,
// pipeline, connect, upgrade). ProxyAgent's CONNECT tunnel calls its client's connect: without
// them every proxied request failed ("this[kClient].connect is not a function").
const Dispatcher = require('undici/lib/dispatcher/dispatcher.js') as { prototype: object };
Object.assign(Dispatcher.prototype, require('undici/lib/api/index.js') as object);

export const Agent = require(undiciPartFiles.Agent) as typeof UndiciAgent;
export const EnvHttpProxyAgent = require(undiciPartFiles.EnvHttpProxyAgent) as typeof UndiciEnvHttpProxyAgent;

type RequestOptions = Omit<UndiciDispatcher.RequestOptions, 'origin' | 'path' | 'method'> & { readonly dispatcher: UndiciDispatcher; readonly method?: UndiciDispatcher.HttpMethod };

/** undici's `request(url, { dispatcher, ... })`: the URL split into origin and path as undici's index does it. */
export function request(url: string, { dispatcher, method = 'GET', ...options }: RequestOptions): Promise<UndiciDispatcher.ResponseData> {
  const { origin, pathname, search } = new URL(url);
  return dispatcher.request({ ...options, origin, path: search ? `${pathname}${search}` : pathname, method });
}
