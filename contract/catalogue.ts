/**
 * Where the requirement catalogue and the decision register live inside the package, and the
 * anchors that reports link to. docs/ is generated from contract/ (`npm run docs`), so an id
 * here always has an entry there.
 */
export const catalogueFiles = { requirements: 'docs/requirements.md', decisions: 'docs/decisions.md' } as const;

/** The interface sections in the order the interface document presents them. */
export const interfaceSections: readonly string[] = [
  'Resources and their fields', 'States and transitions', 'Endpoints',
  'AuthenticatePartner', 'FindCustomer', 'EnrollCustomer', 'AuthenticateOBO', 'GetRegisteredCards',
  'AddOrUpdateCard', 'AddOrUpdateTokenizedCard', 'GetTransactionHistory', 'DeleteCard',
  'AddCustomerAttributes', 'AddSessionAttributes', 'Authentication', 'Errors', 'Limits', 'Versioning',
];

/** Sections in interface order; sections the list does not know yet follow, alphabetically. */
export function sectionOrder(a: string, b: string): number {
  const rank = (s: string) => { const i = interfaceSections.indexOf(s); return i < 0 ? interfaceSections.length : i; };
  return rank(a) - rank(b) || a.localeCompare(b);
}

/** HTML anchor of a requirement's entry (ids are upper kebab case; anchors lower, as GitHub prefers). */
export const requirementAnchor = (id: string): string => `req-${id.toLowerCase()}`;
export const decisionAnchor = (id: string): string => `decision-${id.toLowerCase()}`;
