/** The text `--help` prints after the options: notes (lines; "" between paragraphs), then the examples every command has. */
export function helpText(help: { notes?: readonly string[]; examples: readonly string[] }): string {
  const notes = help.notes?.length ? ["", ...help.notes] : [];
  return [...notes, "", "Examples:", ...help.examples.map((example) => `  ${example}`), ""].join("\n");
}
