import { useEffect, useRef, useState } from 'react';

/**
 * Keeps what was typed into a long form while the user reads the user agreement and comes
 * back. In memory only, and never passwords or email codes.
 */
const drafts = new Map<string, Record<string, unknown>>();
const SECRET = /password|^emailCode$/i;

export function useFormDraft(
  key: string,
  getValues: () => Record<string, unknown>,
): { initialValues: Record<string, unknown> | undefined; clearDraft: () => void } {
  const [initialValues] = useState(() => drafts.get(key));
  const getValuesRef = useRef(getValues);
  getValuesRef.current = getValues;
  const done = useRef(false);

  useEffect(
    () => () => {
      if (done.current) return;
      const values = Object.fromEntries(Object.entries(getValuesRef.current()).filter(([name]) => !SECRET.test(name)));
      drafts.set(key, values);
    },
    [key],
  );

  return {
    initialValues,
    clearDraft: () => {
      done.current = true;
      drafts.delete(key);
    },
  };
}
