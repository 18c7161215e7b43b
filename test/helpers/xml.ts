import { XMLParser, XMLValidator } from "fast-xml-parser";

/** An element of a parsed XML document: its name, attributes, child elements and text. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** fast-xml-parser's ordered form: one key (the element's name, or "#text"), and ":@" for attributes. */
type Ordered = Record<string, Ordered[] | string> & { ":@"?: Record<string, string> };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
});

/** The root element of an XML document; malformed XML throws, as a CI system's parser would refuse it. */
export function parseXml(source: string): XmlElement {
  const valid = XMLValidator.validate(source);
  if (valid !== true)
    throw new Error(`malformed XML at line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg}`);
  const roots = (parser.parse(source) as Ordered[]).filter((node) => !("?xml" in node) && !("#text" in node));
  if (roots.length !== 1) throw new Error(`malformed XML: ${roots.length} root elements`);
  return element(roots[0] as Ordered);
}

function element(node: Ordered): XmlElement {
  const name = Object.keys(node).find((key) => key !== ":@") as string;
  const content = node[name] as Ordered[];
  return {
    name,
    attributes: { ...node[":@"] },
    children: content.filter((child) => !("#text" in child)).map(element),
    text: content.map((child) => ("#text" in child ? String(child["#text"]) : "")).join(""),
  };
}

/** Every element of that name at any depth below `root`, in document order. */
export function elementsNamed(root: XmlElement, name: string): XmlElement[] {
  return root.children.flatMap((child) => [...(child.name === name ? [child] : []), ...elementsNamed(child, name)]);
}
