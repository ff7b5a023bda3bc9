import { createServer, connect, type Socket } from 'node:net';

/**
 * TARGET_CONCURRENCY for the whole run, across the vitest workers (issue 29). Splitting the limit
 * evenly left a worker's share idle whenever its suite file sent one request at a time, so a run
 * 50 ms away used about two of four allowed requests. Instead bin/conformance holds the run's
 * permits and every worker asks for one before each attempt: no worker's share waits unused.
 * Protocol over a local socket, one line a message: `a N` asks for N permits at once (granted
 * together, in the order asked, answered `g`), `r N` gives N back. A worker that dies gives back
 * what it held when its socket closes.
 */
export const flightSocketVariable = 'CONFORMANCE_FLIGHT_SOCKET';

export interface FlightServer {
  close(): Promise<void>;
}

export async function startFlightServer(max: number, path: string): Promise<FlightServer> {
  let free = max;
  const queue: Array<{ socket: Socket; n: number }> = [];
  const held = new Map<Socket, number>();
  const grant = () => {
    while (queue.length && queue[0]!.n <= free) {
      const { socket, n } = queue.shift()!;
      free -= n;
      held.set(socket, (held.get(socket) ?? 0) + n);
      socket.write('g\n');
    }
  };
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    let rest = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const [kind, count] = line.split(' ');
        // More than the run allows at once is granted as all of it, never left waiting for ever.
        const n = Math.min(max, Math.max(1, Number(count) || 1));
        if (kind === 'a') queue.push({ socket, n });
        if (kind === 'r') {
          const given = Math.min(n, held.get(socket) ?? 0);
          held.set(socket, (held.get(socket) ?? 0) - given);
          free += given;
        }
      }
      grant();
    });
    const gone = () => {
      sockets.delete(socket);
      free += held.get(socket) ?? 0;
      held.delete(socket);
      for (let i = queue.length - 1; i >= 0; i--) if (queue[i]!.socket === socket) queue.splice(i, 1);
      grant();
    };
    socket.on('close', gone);
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(path, resolve));
  return {
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    }),
  };
}

/** A worker's side: permits asked of bin/conformance, granted in the order asked. */
export interface FlightPermits {
  acquire(n: number): Promise<void>;
  release(n: number): void;
}

/** Thrown when the run's permit holder cannot be reached: the worker cannot keep the run's limit. */
export class FlightPermitsUnavailableError extends Error {
  readonly code = 'FLIGHT_PERMITS_UNAVAILABLE';
  constructor(path: string, cause: string) {
    super(`the run's concurrency permits at ${path} could not be reached (${cause}); run the suites with npm run conformance`);
    this.name = 'FlightPermitsUnavailableError';
  }
}

export function flightPermits(path: string): FlightPermits {
  let socket: Socket | undefined;
  const waiting: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];
  const open = (): Socket => {
    if (socket) return socket;
    const s = connect(path);
    s.setEncoding('utf8');
    // The socket never keeps a worker alive on its own.
    s.unref();
    s.on('data', (chunk: string) => {
      for (const c of chunk) if (c === 'g') waiting.shift()?.resolve();
    });
    const fail = (why: string) => {
      socket = undefined;
      for (const w of waiting.splice(0)) w.reject(new FlightPermitsUnavailableError(path, why));
    };
    s.on('error', (e) => fail(e.message));
    s.on('close', () => fail('closed'));
    return (socket = s);
  };
  return {
    acquire: (n) => new Promise<void>((resolve, reject) => {
      waiting.push({ resolve, reject });
      open().write(`a ${n}\n`);
    }),
    release: (n) => {
      socket?.write(`r ${n}\n`);
    },
  };
}

let processPermits: FlightPermits | null | undefined;

/** This process's permits when it is a worker of a run that shares them (bin/conformance set the socket); else none. */
export function runFlightPermits(env: NodeJS.ProcessEnv = process.env): FlightPermits | undefined {
  if (processPermits === undefined) processPermits = env[flightSocketVariable] ? flightPermits(env[flightSocketVariable]!) : null;
  return processPermits ?? undefined;
}
