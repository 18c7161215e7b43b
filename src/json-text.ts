/** The value of a JSON text; undefined when it is not one (no JSON text stands for undefined). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
