/** The "States and transitions" table of interface.md, one row per transition. */
export interface Transition {
  readonly requirement: string;
  readonly subject: 'Card' | 'Session' | 'Customer' | 'Session attributes';
  readonly state: string;
  readonly trigger: string;
  readonly condition: string;
  readonly next: string;
  readonly also: string;
}

export const transitions = [
  { requirement: 'STATE-CARD-IDENTICAL', subject: 'Card', state: 'registered (valid)', trigger: 'AddOrUpdateCard or AddOrUpdateTokenizedCard', condition: 'submitted data identical to stored data', next: 'unchanged', also: 'No reauthorization and no validation' },
  { requirement: 'STATE-CARD-CHANGED', subject: 'Card', state: 'registered', trigger: 'AddOrUpdateCard', condition: 'any card data differs', next: 'reauthorized', also: 'Address verification and similar checks run' },
  { requirement: 'STATE-TCARD-CHANGED', subject: 'Card', state: 'registered', trigger: 'AddOrUpdateTokenizedCard', condition: 'card number or expiration differs', next: 'reauthorized', also: 'Validation runs only where a validator is set up' },
  { requirement: 'STATE-CARD-AUTH-FAILED', subject: 'Card', state: 'under authorization', trigger: 'authorization fails', condition: '', next: 'flagged invalid', also: 'The response carries an ErrorCode and an ErrorMessage' },
  { requirement: 'STATE-CARD-DELETED', subject: 'Card', state: 'registered', trigger: 'DeleteCard', condition: '', next: 'removed', also: 'Adding the same card again creates a different card entry' },
  { requirement: 'STATE-SESSION', subject: 'Session', state: 'none', trigger: 'AuthenticatePartner success', condition: '', next: 'session with sessionId', also: 'sessionId is required by all other partner operations' },
  { requirement: 'STATE-OBO', subject: 'Customer', state: 'authenticated session', trigger: 'AuthenticateOBO success', condition: 'customer exists and has a linked account', next: 'one-time ssoToken issued', also: '' },
  { requirement: 'STATE-SESSION-ATTRIBUTES', subject: 'Session attributes', state: 'set', trigger: 'AddSessionAttributes', condition: 'only after a successful AuthenticateOBO', next: 'in force until the session ends', also: '' },
] as const satisfies readonly Transition[];
