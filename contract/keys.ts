import type { Field, Operation } from './types.js';

/** Validation keys as D13 fixes them: `command.<Field>` for body, `query.<field>` for query. */

export const pascal = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export const keyPrefix = { body: 'command.', query: 'query.' } as const;

export function fieldKey(op: Operation, field: Field): string {
  if (field.in === 'query') return `${keyPrefix.query}${field.name}`;
  return `${keyPrefix.body}${op.bodyKeyCase === 'pascal' ? pascal(field.name) : field.name}`;
}

/** `command.CustomerAttributes[7].Value` */
export function itemKey(op: Operation, field: Field, index: number, member: 'name' | 'value'): string {
  const rule = field.attributes;
  if (!rule) throw new Error(`contract: ${field.name} is not an attribute list`);
  return `${fieldKey(op, field)}[${index}].${member === 'name' ? rule.itemKeyName : rule.itemKeyValue}`;
}

/** Field names in requirement ids: dateOfBirth → DATE-OF-BIRTH. */
export const upperKebab = (s: string): string => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toUpperCase();
