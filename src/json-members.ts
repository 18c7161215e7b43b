/** A token of JSON: a string (which a text cut short may end inside), a structural character, or a number or literal. */
const TOKEN = /"(?:[^"\\]|\\[\s\S])*(?:"|$)|[{}[\]:,]|[^\s{}[\]:,"]+/g;

/**
 * A JSON text with the value of each member whose name, as JSON.parse reads it (escapes undone:
 * `"pass\u0077ord"` is `password`), `isSecret` says, replaced by `mask`, whatever the value
 * (a string, a number, an array, an object); everything else stays as written. A text `cut`
 * short is read as far as it goes, and a secret value it ends in is masked to its end. Null
 * when the text is not a JSON object or array (nor, cut, the beginning of one).
 */
export function maskJsonMembers(
  text: string,
  isSecret: (name: string) => boolean,
  mask: string,
  cut: boolean,
): string | null {
  if (!/^\s*[{[]/.test(text)) return null;
  const tokens = text.matchAll(TOKEN);
  const open: string[] = [];
  let expectName = false;
  let name: string | undefined;
  let masked = "";
  let copied = 0;
  let done = false;
  for (const match of tokens) {
    const token = match[0];
    if (done) return null; // something after the value
    switch (token) {
      case "{":
      case "[":
        open.push(token);
        expectName = token === "{";
        break;
      case "}":
      case "]":
        if (open.pop() !== (token === "}" ? "{" : "[")) return null;
        expectName = false;
        done = open.length === 0;
        break;
      case ",":
        expectName = open.at(-1) === "{";
        break;
      case ":": {
        if (name === undefined) return null;
        const secret = isSecret(name);
        name = undefined;
        if (!secret) break;
        const value = tokens.next();
        if (value.done) break; // cut short after the name
        const end = valueEnd(value.value, tokens, text.length);
        if (end < 0) return null;
        masked += `${text.slice(copied, value.value.index)}${mask}`;
        copied = end;
        break;
      }
      default:
        if (!expectName) break;
        if (!token.startsWith('"')) return null;
        name = memberName(token);
        expectName = false;
    }
  }
  return cut || done ? `${masked}${text.slice(copied)}` : null;
}

/** Where the value that begins with `first` ends, reading on through its tokens: the text's end when it is cut short inside it; -1 when there is no value there. */
function valueEnd(first: RegExpExecArray, tokens: Iterator<RegExpExecArray>, textEnd: number): number {
  let depth = 0;
  for (let token = first; ; ) {
    const [text] = token;
    if (text === "{" || text === "[") depth++;
    else if (text === "}" || text === "]") depth--;
    else if (depth === 0 && (text === "," || text === ":")) return -1;
    if (depth < 0) return -1;
    if (depth === 0) return token.index + text.length;
    const next = tokens.next();
    if (next.done) return textEnd;
    token = next.value;
  }
}

/** A member's name as JSON.parse reads it; a name cut short as far as it goes. */
function memberName(token: string): string {
  try {
    return String(JSON.parse(token));
  } catch {
    return token.slice(1);
  }
}
