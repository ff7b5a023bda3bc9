/**
 * The client whose AuthenticatePartner is denied (interface.md "AuthenticatePartner", D3).
 * The core owns the client registry (reference/clients.ts); this re-export keeps one value.
 */
export { deniedClientId } from '../clients.js';
