/** Wording of validation messages, in one place (style.md: structured problems, wording formatted once). */

const label = (key: string): string => key.replace(/^(command|query)\./, '');

export const messages = {
  required: (key: string) => `The ${label(key)} field is required.`,
  notString: (key: string) => `The ${label(key)} field must be a string.`,
  notBoolean: (key: string) => `The ${label(key)} field must be true or false.`,
  notInteger: (key: string) => `The ${label(key)} field must be an integer.`,
  notList: (key: string) => `The ${label(key)} field must be a list of name/value objects.`,
  tooShort: (key: string, min: number) => `${label(key)} must be at least ${min} characters.`,
  tooLong: (key: string, max: number) => `${label(key)} cannot exceed ${max} characters.`,
  badFormat: (key: string, description: string) => `${label(key)} is not valid: expected ${description}.`,
  outOfRange: (key: string, min: number, max: number) => `${label(key)} must be between ${min} and ${max}.`,
  unknownName: (key: string, name: string) => `${label(key)} '${name}' is not an allowed attribute name.`,
  missingNames: (key: string, names: readonly string[]) => `${label(key)} must contain the attributes ${names.join(', ')}.`,
} as const;

/** One entry of `validationErrors` (interface.md "Errors"). */
export interface ValidationError {
  readonly key: string;
  readonly message: string;
}
