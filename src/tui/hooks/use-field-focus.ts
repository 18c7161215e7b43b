import { useInput } from "ink";
import { useEffect, useState } from "react";
import { useServices } from "../context.tsx";

/**
 * Which text field of a screen has the keyboard. While one has it, the screen keys (1–8, ?, q)
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
  return {
    focused: active ? focused : undefined,
    focus: (field: Field) => setFocused(field),
    blur: () => setFocused(undefined),
  };
}
