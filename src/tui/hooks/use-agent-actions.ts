import { useEffect } from "react";
import { type ActionDefinition, loadActions } from "../../agent/actions/definition.ts";
import { useServices } from "../context.tsx";
import { useRequest } from "./use-request.ts";

/** The agent's action definitions (the settings' folder), read once; a broken one is the error. */
export function useAgentActions() {
  const { settings } = useServices();
  const request = useRequest<ActionDefinition[]>();
  const { run } = request;
  useEffect(() => {
    void run(() => loadActions(settings.actionsDir));
  }, [run, settings.actionsDir]);
  return request;
}
