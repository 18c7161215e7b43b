/** Whether a value is one of the choices (a list of literal names), narrowed to them: `includes` on such a list takes only its own type. */
export function isOneOf<T>(choices: readonly T[], value: unknown): value is T {
  return choices.some((choice) => choice === value);
}
