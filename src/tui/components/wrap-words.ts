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
