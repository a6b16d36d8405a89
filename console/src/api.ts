import {
  createLedgerClient,
  LedgerProblem,
  ok,
  resendWithTheSameKey,
  newIdempotencyKey,
  type LedgerClient,
  type Problem,
  type Schemas,
} from "@ewallet/ledger-client";
import { useCallback, useEffect, useRef, useState } from "react";

export { LedgerProblem, ok, type LedgerClient, type Problem, type Schemas };

/** The client of the service that served the console, with the signed-in caller's token. */
export function consoleClient(token: () => string): LedgerClient {
  return createLedgerClient({ baseUrl: window.location.origin, token });
}

/** What a call gave: still loading, its data, or the problem (a network failure is one too). */
export type Loaded<T> =
  { state: "loading" } | { state: "done"; data: T } | { state: "failed"; problem: ShownProblem };

/** A failure as the console shows it: the API's problem, or what the browser said. */
export interface ShownProblem {
  title: string;
  detail?: string;
  code?: string;
  status?: number;
  traceId?: string;
}

export function shownProblem(failure: unknown): ShownProblem {
  if (failure instanceof LedgerProblem) {
    const p = failure.problem;
    return p
      ? { title: p.title, detail: p.detail, code: p.code, status: p.status, traceId: p.traceId }
      : { title: `The service answered HTTP ${failure.status}`, status: failure.status };
  }
  return {
    title: "The service could not be reached",
    detail: failure instanceof Error ? failure.message : String(failure),
  };
}

/**
 * Loads once per change of `key` (a string naming what is asked), dropping an answer that comes
 * after the question changed. `reload` asks again.
 */
export function useLoad<T>(key: string, load: () => Promise<T>): [Loaded<T>, () => void] {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: "loading" });
  const [round, setRound] = useState(0);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    let current = true;
    setLoaded({ state: "loading" });
    latest.current().then(
      (data) => current && setLoaded({ state: "done", data }),
      (failure: unknown) =>
        current && setLoaded({ state: "failed", problem: shownProblem(failure) }),
    );
    return () => {
      current = false;
    };
  }, [key, round]);
  return [loaded, useCallback(() => setRound((r) => r + 1), [])];
}

/**
 * An action that moves no money (a freeze, a limit, a verification): `run` marks it busy, keeps
 * the problem it met, and returns its result or undefined when it failed.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ShownProblem | null>(null);
  const run = useCallback(async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setProblem(null);
    try {
      return await action();
    } catch (failure) {
      setProblem(shownProblem(failure));
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, problem, setProblem, run };
}

/** Where a money movement sent from the console stands. */
export type Sending =
  | { state: "idle" }
  | { state: "sending" }
  | { state: "sent" }
  | { state: "failed"; problem: ShownProblem; resend: boolean };

/**
 * A money movement sent at most once per intent: one idempotency key per intent (what `intent`
 * names: the action, its amount and accounts), kept while the outcome is unknown and sent again
 * on a retry, so that a lost answer, a double click or a retry never posts twice. A new intent,
 * or an outcome that is known (posted, or refused for good), takes a fresh key next time.
 */
export function useMovement(intent: string) {
  const [sending, setSending] = useState<Sending>({ state: "idle" });
  const key = useRef<{ intent: string; value: string } | null>(null);
  const inFlight = useRef(false);

  const send = useCallback(
    async (post: (idempotencyKey: string) => Promise<unknown>): Promise<boolean> => {
      if (inFlight.current) {
        return false;
      }
      inFlight.current = true;
      if (key.current?.intent !== intent) {
        key.current = { intent, value: newIdempotencyKey() };
      }
      setSending({ state: "sending" });
      try {
        await post(key.current.value);
        key.current = null;
        setSending({ state: "sent" });
        return true;
      } catch (failure) {
        const resend = !(failure instanceof LedgerProblem) || resendWithTheSameKey(failure.code);
        if (!resend) {
          key.current = null;
        }
        setSending({ state: "failed", problem: shownProblem(failure), resend });
        return false;
      } finally {
        inFlight.current = false;
      }
    },
    [intent],
  );
  const reset = useCallback(() => setSending({ state: "idle" }), []);
  return { sending, send, reset };
}
