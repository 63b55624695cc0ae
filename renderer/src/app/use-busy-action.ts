// A form's one action at a time: busy while it runs, its result (or the station's refusal in
// words) kept for the status line. Shared by the Setup forms and the lead's claim release.
import { useCallback, useState } from 'react';
import { errorWords } from './errors.js';

export interface ActionResult {
  ok: boolean;
  text: string;
}

/** `words`: how a failure is said (the Setup forms keep their own plain wording). */
export function useBusyAction(words: (e: unknown) => string = errorWords) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ActionResult>();
  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    setResult(undefined);
    try {
      await work();
    } catch (e) {
      setResult({ ok: false, text: words(e) });
    } finally {
      setBusy(false);
    }
  }, [words]);
  return { busy, result, setResult, run };
}
