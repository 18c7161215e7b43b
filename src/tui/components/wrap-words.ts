/**
 * Text cut into lines of at most `width` characters at spaces (a word longer than a line is cut):
 * what Ink's `wrap="wrap"` draws, counted beforehand so that a screen can size the rest around it.
 */
export function wrapWords(text: string, width: number): string[] {
  const room = Math.max(1, width);
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const candidate = line ? `${line} ${word}` : word;
    if ([...candidate].length <= room) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = [...word];
    while (rest.length > room) {
      lines.push(rest.slice(0, room).join(""));
      rest = rest.slice(room);
    }
    line = rest.join("");
  }
  lines.push(line);
  return lines;
}

/**
 * `text` wrapped at `width` after a lead: `first` on its first line, `rest` (spaces, by default as
 * wide as `first`) on the others, so that a wrapped line stays in its column (a key's help, an
 * indented line of the start banner).
 */
export function wrapHanging(first: string, text: string, width: number, rest = " ".repeat(first.length)): string[] {
  const room = width - Math.max([...first].length, rest.length);
  return wrapWords(text, room).map((line, index) => `${index === 0 ? first : rest}${line}`.trimEnd());
}
