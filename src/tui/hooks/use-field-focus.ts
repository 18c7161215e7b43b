import { useInput } from "ink";
import { useCallback, useEffect, useState } from "react";
import { useServices } from "../context.tsx";

/**
 * Which text field of a screen has the keyboard. While one has it, the screen keys (0–8, ?, q)
 * type into it; Esc gives the keyboard back. A screen that is not shown holds no field.
 */
export function useFieldFocus<Field extends string>(active: boolean, initial?: Field) {
  const { store } = useServices();
  const [focused, setFocused] = useState<Field | undefined>(initial);
  const editing = active && focused !== undefined;
  useEffect(() => {
    if (editing) store.update(() => ({ editing: true }));
    return () => store.update(() => ({ editing: false }));
  }, [editing, store]);
  useInput(
    (_input, key) => {
      if (key.escape) setFocused(undefined);
    },
    { isActive: editing },
  );
  // The same functions on every render: an effect that focuses a field depends on them without running again.
  const focus = useCallback((field: Field) => setFocused(field), []);
  const blur = useCallback(() => setFocused(undefined), []);
  return { focused: active ? focused : undefined, focus, blur };
}
