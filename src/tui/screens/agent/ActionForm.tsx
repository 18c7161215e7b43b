import { TextInput } from "@inkjs/ui";
import { Box, Text } from "ink";
import type { ActionDefinition } from "../../../agent/actions/definition.ts";
import { type FormField, type FormValues, shownValue } from "../../client/action-form.ts";
import { PickList } from "../../components/PickList.tsx";
import { Tinted } from "../../components/Tinted.tsx";

/** The rows of the actions mode: a title, then the list or the parameters and the call row. */
export const FORM_ROWS = 7;
const NAME_WIDTH = 24;

interface ActionFormProps {
  actions: readonly ActionDefinition[];
  cursor: number;
  picked?: ActionDefinition;
  fields: readonly FormField[];
  values: FormValues;
  row: number;
  /** The keyboard is here (not in a field, the screen shown). */
  focused: boolean;
  /** The parameter under the cursor is being typed. */
  editing: boolean;
  onText(text: string): void;
}

/** The action list, or the picked action's parameters as a form generated from its JSON Schema. */
export function ActionForm(props: ActionFormProps) {
  const { actions, cursor, picked, focused } = props;
  if (!picked) {
    return (
      <Box flexDirection="column" height={FORM_ROWS}>
        <Text dimColor>Actions (↑↓, Enter fills its parameters)</Text>
        <PickList
          lines={actions.map(
            (action) => `${action.name.padEnd(NAME_WIDTH + 6)} ${action.method} ${action.service} ${action.url}`,
          )}
          cursor={cursor}
          height={FORM_ROWS - 1}
          focused={focused}
        />
      </Box>
    );
  }
  return (
    <Box flexDirection="column" height={FORM_ROWS}>
      <Text wrap="truncate-end">
        <Text bold>{picked.name}</Text> <Text dimColor>{picked.description}</Text>
      </Text>
      {props.fields.slice(0, FORM_ROWS - 2).map((field, index) => (
        <FieldRow
          key={field.name}
          field={field}
          value={props.values[field.name]}
          at={index === props.row}
          focused={focused}
          editing={props.editing && index === props.row}
          onText={props.onText}
        />
      ))}
      <Text inverse={focused && props.row === props.fields.length}>
        {props.row === props.fields.length ? "❯ " : "  "}[ Call {picked.name} ]
        <Text dimColor> Enter or c calls · * required · Esc: the list</Text>
      </Text>
    </Box>
  );
}

function FieldRow({
  field,
  value,
  at,
  focused,
  editing,
  onText,
}: {
  field: FormField;
  value: unknown;
  at: boolean;
  focused: boolean;
  editing: boolean;
  onText(text: string): void;
}) {
  const label = `${at ? "❯ " : "  "}${field.name}${field.required ? "*" : ""}`.padEnd(NAME_WIDTH);
  const shown = shownValue(field, value);
  return (
    <Box gap={1}>
      <Text inverse={at && focused && !editing}>{label}</Text>
      {editing ? (
        <TextInput
          key={`${field.name}-edit`}
          defaultValue={value === undefined ? "" : String(value)}
          placeholder={field.type}
          onSubmit={onText}
        />
      ) : (
        <Text wrap="truncate-end">
          {shown.set ? shown.text : <Tinted tone="muted">{shown.text}</Tinted>}
          {field.description ? <Text dimColor>{`  ${field.description}`}</Text> : null}
        </Text>
      )}
    </Box>
  );
}
