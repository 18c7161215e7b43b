/**
 * Ink draws nothing but a last frame when it sees `CI` set (a CI log cannot take redraws), and it
 * reads that once, when it loads. The UI runs only on a terminal (checked before this), where a
 * live drawing is the point, so `CI` is cleared for this process before Ink is first imported:
 * a developer whose shell sets CI=true (some containers do) still gets a UI. It lives with the
 * config because this module is the one place that touches the process's environment.
 */
export function drawLiveEvenInCi(): void {
  for (const name of ["CI", "CONTINUOUS_INTEGRATION"]) delete process.env[name];
}
