/** A word the shell reads as it is: quoted when it holds anything but plain path characters (a space, a quote). */
export function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
