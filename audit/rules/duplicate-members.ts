import { parse, type AnyNode } from '@humanwhocodes/momoa';

/**
 * The member names given twice in one JSON object of a request body, at any depth (D42: a target
 * may take the last, or refuse the body). JSON.parse keeps only the last of two, so the parsed body
 * the audit judges looks valid where the target may rightly have refused it: such a request is open.
 * momoa (ESLint's JSON parser) keeps every member in its tree, duplicates included, where a
 * hand-written scanner would have to get strings and escapes right again.
 */
export function duplicateMembers(text: string | undefined): string[] {
  if (text === undefined) return [];
  let tree: AnyNode;
  try {
    tree = parse(text.replace(/^\uFEFF/, '')).body;
  } catch {
    return [];
  }
  const found: string[] = [];
  const walk = (node: AnyNode): void => {
    if (node.type === 'Object') {
      const seen = new Set<string>();
      for (const m of node.members) {
        // JSON mode: a member name is a string (identifiers are JSON5's).
        const name = m.name.type === 'String' ? m.name.value : m.name.name;
        if (seen.has(name)) found.push(name);
        seen.add(name);
        walk(m.value);
      }
    } else if (node.type === 'Array') node.elements.forEach((e) => walk(e.value));
  };
  walk(tree);
  return found;
}
