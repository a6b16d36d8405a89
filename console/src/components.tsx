import {
  Component,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ErrorInfo,
  type ReactNode,
} from "react";
import type { Loaded, ShownProblem } from "./api";
import { formatMinor } from "./money";

/** A problem as the API stated it: title, detail, code and the trace id support can look up. */
export function ProblemBox({ problem }: { problem: ShownProblem }) {
  return (
    <div className="problem" role="alert">
      <strong>{problem.title}</strong>
      {problem.code && <span className="code"> {problem.code}</span>}
      {problem.detail && <p>{problem.detail}</p>}
      {problem.traceId && (
        <p className="trace">
          Trace id: <code>{problem.traceId}</code>
        </p>
      )}
    </div>
  );
}

export function Progress({ what }: { what: string }) {
  return (
    <p className="progress" role="status" aria-live="polite">
      Loading {what}…
    </p>
  );
}

/** Renders a load: progress while it runs, its problem if it failed, else `children(data)`. */
export function Show<T>({
  loaded,
  what,
  children,
}: {
  loaded: Loaded<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  switch (loaded.state) {
    case "loading":
      return <Progress what={what} />;
    case "failed":
      return <ProblemBox problem={loaded.problem} />;
    default:
      return <>{children(loaded.data)}</>;
  }
}

/** One named fact of a `<dl className="facts">`: its term and its description, as one group. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function Money({ minor, currency }: { minor: number | null | undefined; currency: string }) {
  if (minor == null) {
    return <span className="money">—</span>;
  }
  return (
    <span className={`money${minor < 0 ? " negative" : ""}`}>{formatMinor(minor, currency)}</span>
  );
}

export function Time({ at }: { at: string | undefined }) {
  if (!at) {
    return <span>—</span>;
  }
  return (
    <time dateTime={at}>{at.replace("T", " ").replace(/\.\d+/, "").replace("Z", " UTC")}</time>
  );
}

/**
 * A modal confirmation that repeats what will happen; the confirm button is disabled while the
 * action runs, so a double click sends once.
 */
export function Confirm({
  title,
  children,
  busy,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  busy: boolean;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) {
      d.showModal();
    }
    return () => d?.close();
  }, []);
  return (
    <dialog ref={dialog} aria-labelledby="confirm-title" onCancel={onCancel}>
      <h2 id="confirm-title">{title}</h2>
      {children}
      <div className="actions">
        <button type="button" onClick={onConfirm} disabled={busy} className="primary">
          {busy ? "Sending…" : confirmLabel}
        </button>
        <button type="button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}

/**
 * A screen that fails to render shows what failed instead of a blank page. Keyed by the place,
 * so moving elsewhere starts afresh.
 */
export class ScreenBoundary extends Component<{ children: ReactNode }, { failure: string | null }> {
  state = { failure: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { failure: error instanceof Error ? error.message : String(error) };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("the console failed to show a screen", error, info.componentStack);
  }

  render() {
    return this.state.failure === null ? (
      this.props.children
    ) : (
      <ProblemBox
        problem={{ title: "The console failed to show this screen", detail: this.state.failure }}
      />
    );
  }
}

/**
 * Pages read by the API's opaque cursor: the cursor of the page shown (undefined for the first),
 * and the way back, which cursors alone do not give.
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const restart = useCallback(() => setCursors([undefined]), []);
  return {
    cursor: cursors[cursors.length - 1],
    first: cursors.length === 1,
    back: () => setCursors(cursors.slice(0, -1)),
    forward: (next: string) => setCursors([...cursors, next]),
    restart,
  };
}

/** The two buttons under a paged list; `backLabel` and `forwardLabel` say which way time runs. */
export function Pager({
  pages,
  nextCursor,
  backLabel,
  forwardLabel,
}: {
  pages: ReturnType<typeof useCursorPages>;
  nextCursor: string | null | undefined;
  backLabel: string;
  forwardLabel: string;
}) {
  return (
    <div className="pager">
      <button type="button" disabled={pages.first} onClick={pages.back}>
        {backLabel}
      </button>
      <button
        type="button"
        disabled={!nextCursor}
        onClick={() => nextCursor && pages.forward(nextCursor)}
      >
        {forwardLabel}
      </button>
    </div>
  );
}
