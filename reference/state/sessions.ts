import { randomUUID } from 'node:crypto';

/** A partner session opened by AuthenticatePartner (interface.md "Session"). */
export interface PartnerSession {
  readonly sessionId: string;
  readonly deviceId: string;
  readonly clientId: string;
  /** Set by a successful AuthenticateOBO (STATE-OBO). */
  oboCustomerId?: string;
  /** Tokens issued by AuthenticateOBO in this session; the newest stays valid (D18). */
  ssoTokens: string[];
  /** Tokens already spent by AddSessionAttributes (reading `sso-token-single-use`). */
  spentSsoTokens?: Set<string>;
  /** In force until the session ends (STATE-SESSION-ATTRIBUTES). */
  sessionAttributes: Map<string, string>;
}

export class SessionStore {
  private readonly byId = new Map<string, PartnerSession>();

  /** `sessionId`: the id to give the session (reading `blind-session-id-opaque`); a GUID when absent. */
  open(deviceId: string, clientId: string, sessionId: string = randomUUID()): PartnerSession {
    const session: PartnerSession = { sessionId, deviceId, clientId, ssoTokens: [], sessionAttributes: new Map() };
    this.byId.set(session.sessionId, session);
    return session;
  }

  get(sessionId: string): PartnerSession | undefined {
    return this.byId.get(sessionId);
  }

  /** The session that issued `ssoToken` (only the blind1-sattr-token-from-other-session fault asks). */
  withSsoToken(ssoToken: string): PartnerSession | undefined {
    for (const session of this.byId.values()) if (ssoToken !== '' && session.ssoTokens.includes(ssoToken)) return session;
    return undefined;
  }

  /** A session of this client opened with this deviceId (only the blind3-session-device-any-own-session fault asks). */
  withDevice(clientId: string, deviceId: string): PartnerSession | undefined {
    for (const session of this.byId.values()) if (session.clientId === clientId && session.deviceId === deviceId) return session;
    return undefined;
  }

  /** Whether any session of `clientId` was opened with `deviceId` (only the session-device-any-session fault asks). */
  anyWithDevice(deviceId: string, clientId: string): boolean {
    for (const s of this.byId.values()) if (s.deviceId === deviceId && s.clientId === clientId) return true;
    return false;
  }

  /** The first session whose id starts with `prefix` (only the blind6-session-id-prefix-match fault asks). */
  startingWith(prefix: string): PartnerSession | undefined {
    for (const session of this.byId.values()) if (session.sessionId.startsWith(prefix)) return session;
    return undefined;
  }

  /** A session outside the store, used only when a fault lets a request through without one. */
  detached(deviceId: string, clientId: string): PartnerSession {
    return { sessionId: randomUUID(), deviceId, clientId, ssoTokens: [], sessionAttributes: new Map() };
  }
}
