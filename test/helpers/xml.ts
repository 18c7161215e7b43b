/**
 * A strict reader of the XML a test needs to check (elements, attributes, text, the five
 * entities and numeric references, a declaration and comments): anything malformed throws, as a
 * CI system's XML parser would refuse it.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export function parseXml(source: string): XmlElement {
  let at = 0;
  const fail = (what: string): never => {
    throw new Error(`malformed XML at ${at}: ${what} (…${source.slice(Math.max(0, at - 30), at + 30)}…)`);
  };
  const skipSpace = () => {
    while (/\s/.test(source[at] ?? "")) at += 1;
  };
  const decode = (text: string) => {
    if (/[<]/.test(text)) fail("a raw < in text");
    if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(text)) fail("a character XML 1.0 forbids");
    return text.replace(/&([^;]*);|&/g, (whole, entity: string | undefined) => {
      if (entity === undefined) return fail("a raw &");
      const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
      if (entity in named) return named[entity]!;
      const code = /^#x([0-9a-f]+)$/i.exec(entity)?.[1] ?? /^#(\d+)$/.exec(entity)?.[1];
      return code === undefined ? fail(`unknown entity ${whole}`) : String.fromCodePoint(entity[1] === "x" || entity[1] === "X" ? parseInt(code, 16) : Number(code));
    });
  };
  /** Moves past the next `marker`. */
  const past = (marker: string, what: string) => {
    const end = source.indexOf(marker, at);
    if (end < 0) fail(what);
    at = end + marker.length;
  };
  const skipMisc = () => {
    for (;;) {
      skipSpace();
      if (source.startsWith("<?", at)) past("?>", "an unclosed declaration");
      else if (source.startsWith("<!--", at)) past("-->", "an unclosed comment");
      else return;
    }
  };
  const element = (): XmlElement => {
    if (source[at] !== "<") fail("expected <");
    at += 1;
    const name = /^[A-Za-z_][\w.-]*/.exec(source.slice(at))?.[0] ?? fail("expected an element name");
    at += name.length;
    const attributes: Record<string, string> = {};
    for (;;) {
      skipSpace();
      if (source.startsWith("/>", at)) {
        at += 2;
        return { name, attributes, children: [], text: "" };
      }
      if (source[at] === ">") break;
      const match = /^([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/.exec(source.slice(at)) ?? fail("expected an attribute");
      if (match[1]! in attributes) fail(`attribute ${match[1]} twice`);
      attributes[match[1]!] = decode(match[3] ?? match[4] ?? "");
      at += match[0].length;
    }
    at += 1;
    const children: XmlElement[] = [];
    let text = "";
    for (;;) {
      const next = source.indexOf("<", at);
      if (next < 0) fail(`no closing </${name}>`);
      text += decode(source.slice(at, next));
      at = next;
      if (source.startsWith("</", at)) {
        const close = `</${name}>`;
        if (!source.startsWith(close, at)) fail(`expected ${close}`);
        at += close.length;
        return { name, attributes, children, text };
      }
      if (source.startsWith("<!--", at)) past("-->", "an unclosed comment");
      else children.push(element());
    }
  };
  skipMisc();
  const root = element();
  skipMisc();
  if (at !== source.length) fail("content after the root element");
  return root;
}

/** The element's descendants (itself excluded) with that name, in document order. */
export function elementsNamed(root: XmlElement, name: string): XmlElement[] {
  return root.children.flatMap((child) => [...(child.name === name ? [child] : []), ...elementsNamed(child, name)]);
}
