import { useCallback, useEffect, useRef, useState } from "react";

/**
 * The agent's one follow-up question, answered in the UI: `reply` (given to ask()) shows the
 * question and waits; `answer` or `cancel` (Esc: no answer) lets ask() go on.
 */
export function useFollowUp() {
  const [question, setQuestion] = useState<string | undefined>();
  const waiting = useRef<((answer: string | undefined) => void) | undefined>(undefined);

  const settle = useCallback((answer: string | undefined) => {
    const resolve = waiting.current;
    waiting.current = undefined;
    setQuestion(undefined);
    resolve?.(answer);
  }, []);

  const reply = useCallback(
    (asked: string) =>
      new Promise<string | undefined>((resolve) => {
        waiting.current?.(undefined);
        waiting.current = resolve;
        setQuestion(asked);
      }),
    [],
  );

  // A screen that goes away leaves no question waiting forever.
  useEffect(() => () => waiting.current?.(undefined), []);

  return { question, reply, answer: settle, cancel: useCallback(() => settle(undefined), [settle]) };
}
