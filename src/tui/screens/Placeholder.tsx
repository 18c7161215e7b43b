import { Text } from "ink";

// TEMPORARY (branch only): replaced screen by screen before this lands on main.
export function Placeholder() {
  return <Text>…</Text>;
}
