/** A token of JSON: a string (which a text cut short may end inside), a structural character, or a number or literal. */
const TOKEN = /"(?:[^"\\]|\\[\s\S])*(?:"|$)|[{}[\]:,]|[^\s{}[\]:,"]+/g;
/** A string token whose text may be JSON (an object or an array) written in a string. */
const JSON_IN_STRING = /^"\s*[{[]/;

/** What a JSON text is masked by. */
export interface JsonMasking {
  /** Whether a member so named (as JSON.parse reads its name) may hold a secret: its value is read then. */
  isSecret(name: string): boolean;
  /** Whether that member's value, as JSON.parse reads it (cut short: undefined), is masked. */
  hides(name: string, value: unknown): boolean;
  /** What a secret member's value becomes, as JSON. */
  mask: string;
  /** A string value that holds JSON, as JSON.parse reads it, masked in turn; `cut`: the string is cut short, and so is its JSON. */
  maskJsonString(value: string, cut: boolean): string;
}

/**
 * A JSON text with the value of each member that `isSecret` and `hides` say, by its name as
 * JSON.parse reads it (escapes undone: `"pass\u0077ord"` is `password`) and its value, replaced by
 * `mask`, whatever the value (a string, a number, an array, an object); a string that holds JSON
 * is masked in turn by `maskJsonString` and written again; everything else stays as written. A
 * text `cut` short is read as far as it goes, and a secret value it ends in is masked to its end.
 * Null when the text is not a JSON object or array (nor, cut, the beginning of one).
 */
export function maskJsonMembers(text: string, masking: JsonMasking, cut: boolean): string | null {
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
        const secret = name;
        name = undefined;
        if (!masking.isSecret(secret)) break;
        const value = tokens.next();
        if (value.done) break; // cut short after the name
        const end = valueEnd(value.value, tokens, text.length);
        if (end < 0) return null;
        if (!masking.hides(secret, parsed(text.slice(value.value.index, end)))) break;
        masked += `${text.slice(copied, value.value.index)}${masking.mask}`;
        copied = end;
        break;
      }
      default:
        if (!expectName) {
          if (!JSON_IN_STRING.test(token)) break;
          const whole = parsed(token);
          const cutShort = typeof whole !== "string"; // only the text's last token can be
          const inner = typeof whole === "string" ? whole : cutString(token);
          let written = masking.mask; // a cut string that cannot be read goes to its end
          if (inner !== undefined) {
            const innerMasked = masking.maskJsonString(inner, cutShort);
            if (innerMasked === inner) break;
            written = JSON.stringify(innerMasked);
          }
          // A string cut short stays without its end quote.
          masked += `${text.slice(copied, match.index)}${cutShort ? written.slice(0, -1) : written}`;
          copied = match.index + token.length;
          break;
        }
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

/** A value as JSON.parse reads it; a value it cannot read (cut short) is no value. */
function parsed(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** What a string token cut short holds, as far as it goes (an escape cut in two left out); undefined when it cannot be read. */
function cutString(token: string): string | undefined {
  const content = parsed(`${token}"`) ?? parsed(`${token.replace(/\\(?:u[0-9a-fA-F]{0,3})?$/, "")}"`);
  return typeof content === "string" ? content : undefined;
}

/** A member's name as JSON.parse reads it; a name cut short as far as it goes. */
function memberName(token: string): string {
  try {
    return String(JSON.parse(token));
  } catch {
    return token.slice(1);
  }
}
