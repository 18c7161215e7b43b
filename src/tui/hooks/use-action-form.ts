import { useInput } from "ink";
import { useMemo, useRef, useState } from "react";
import type { ActionDefinition } from "../../agent/actions/definition.ts";
import { cycleChoice, type FormValues, formFields, formParameters, typedValue } from "../client/action-form.ts";
import { useListCursor } from "./use-list-cursor.ts";

interface FormOptions {
  /** The screen is shown in its actions mode and no text field has the keyboard. */
  active: boolean;
  /** Gives the keyboard to the text field of the parameter under the cursor. */
  editField(): void;
  onCall(action: ActionDefinition, parameters: Record<string, unknown>): void;
}

/**
 * Pick an action from the list (↑↓ Enter), then fill its parameters: ↑↓ move between them,
 * Enter types a value (or takes the next choice), ←/→ cycle an enum or a boolean, Enter on
 * the last row or c calls, Esc goes back to the list.
 */
export function useActionForm(actions: readonly ActionDefinition[], options: FormOptions) {
  const [picked, setPicked] = useState<ActionDefinition | undefined>();
  const [values, setValues] = useState<FormValues>({});
  const [row, setRowState] = useState(0);
  // Keys can arrive faster than renders: the handler reads the row from here.
  const at = useRef(0);
  const setRow = (next: number) => {
    at.current = next;
    setRowState(next);
  };
  const fields = useMemo(() => (picked ? formFields(picked) : []), [picked]);
  const list = useListCursor(actions, {
    active: options.active && !picked,
    page: 5,
    onPick: (action) => {
      setPicked(action);
      setValues({});
      setRow(0);
    },
  });

  const call = () => picked && options.onCall(picked, formParameters(values));
  const cycle = (step: 1 | -1) => {
    const field = fields[at.current];
    if (field?.choices)
      setValues((before) => ({ ...before, [field.name]: cycleChoice(field, before[field.name], step) }));
  };
  useInput(
    (input, key) => {
      const current = fields[at.current];
      if (key.escape) setPicked(undefined);
      else if (key.upArrow) setRow(Math.max(0, at.current - 1));
      else if (key.downArrow) setRow(Math.min(fields.length, at.current + 1));
      else if (key.leftArrow) cycle(-1);
      else if (key.rightArrow) cycle(1);
      else if (input === "c" || (key.return && !current)) call();
      else if (key.return && current?.choices) cycle(1);
      else if (key.return) options.editField();
    },
    { isActive: options.active && picked !== undefined },
  );

  /** The text typed for the parameter under the cursor, kept in its schema's type. */
  const setText = (text: string) => {
    const field = fields[at.current];
    if (field) setValues((before) => ({ ...before, [field.name]: typedValue(field, text) }));
  };
  return { list, picked, fields, values, row: Math.min(row, fields.length), setText };
}
