/**
 * Moves every schema with a `title` (a named shape: Cart, Transaction, Error, …) out of the
 * document's parts (its paths, its shared responses) into components.schemas, under its title, and refers to it with `$ref`, so
 * that each shape is written once and tools name it. Two different shapes under one title are a
 * mistake of the contracts.
 */
export function hoistNamedSchemas<T extends object>(parts: T): T & { schemas: Record<string, unknown> } {
  const schemas: Record<string, unknown> = {};
  const texts = new Map<string, string>();
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== "object") return node;
    const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, visit(value)]));
    const title = (node as { title?: unknown }).title;
    if (typeof title !== "string") return copy;
    const text = JSON.stringify(copy);
    const known = texts.get(title);
    if (known !== undefined && known !== text)
      throw new Error(`Two different schemas are titled "${title}": give one another title`);
    texts.set(title, text);
    schemas[title] = copy;
    return { $ref: `#/components/schemas/${title}` };
  };
  return { ...(visit(parts) as T), schemas };
}
