/** The part of React's scheduler (the one Ink's reconciler runs its work on) that the key stream uses. */
declare module "scheduler" {
  export const unstable_IdlePriority: number;
  export function unstable_scheduleCallback(priority: number, callback: () => void): unknown;
}
