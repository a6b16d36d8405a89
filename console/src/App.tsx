import { useEffect, useMemo, useState, type FormEvent } from "react";
import type { UserManager } from "oidc-client-ts";
import { consoleClient } from "./api";
import { ProblemBox, Progress, ScreenBoundary } from "./components";
import { loadConfig, type ConsoleConfig } from "./config";
import { SignedIn } from "./context";
import { go, to, usePlace } from "./router";
import { developmentToken, sessionOf, type Session } from "./session";
import { identityProvider, returnFromProvider } from "./signin";
import { AuditScreen } from "./screens/AuditScreen";
import { FindScreen, SEARCH_KINDS, type SearchKind } from "./screens/FindScreen";
import { PendingScreen } from "./screens/PendingScreen";
import { ReconciliationScreen } from "./screens/ReconciliationScreen";
import { TransactionScreen } from "./screens/TransactionScreen";
import { WalletScreen } from "./screens/WalletScreen";

/** The development secret bin/run and bin/dev-token use unless LEDGER_SECURITY_JWT_SECRET is set. */
const DEVELOPMENT_SECRET = "local-development-secret-change-me-0123456789";

export function App() {
  const [config, setConfig] = useState<ConsoleConfig | null>(null);
  const [provider, setProvider] = useState<UserManager | null>(null);
  const [session, setSession] = useState<Session | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    (async () => {
      const loaded = await loadConfig();
      setConfig(loaded);
      if (loaded.mode === "production") {
        const manager = identityProvider(loaded);
        setProvider(manager);
        const token = await returnFromProvider(manager);
        if (token) {
          setSession(sessionOf(token));
        }
      }
    })().catch((e: unknown) => setFailure(e instanceof Error ? e.message : String(e)));
  }, []);

  const signed = useMemo(
    () => (session ? { session, client: consoleClient(() => session.token) } : null),
    [session],
  );

  if (failure) {
    return (
      <main>
        <ProblemBox problem={{ title: "The console could not start", detail: failure }} />
      </main>
    );
  }
  if (!config) {
    return <Progress what="the console" />;
  }
  if (!signed) {
    return (
      <main className="signin">
        <h1>Wallet ledger console</h1>
        {config.mode === "local" ? (
          <DevelopmentSignIn onSignedIn={setSession} />
        ) : (
          <button type="button" className="primary" onClick={() => void provider?.signinRedirect()}>
            Sign in with your identity provider
          </button>
        )}
      </main>
    );
  }
  return (
    <SignedIn.Provider value={signed}>
      <Shell session={signed.session} onSignOut={() => setSession(null)} />
    </SignedIn.Provider>
  );
}

function DevelopmentSignIn({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const [userId, setUserId] = useState("1");
  const [operator, setOperator] = useState(true);
  const [secret, setSecret] = useState(DEVELOPMENT_SECRET);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const id = Number(userId);
    if (!Number.isSafeInteger(id) || id <= 0) {
      setProblem("A user id is a positive whole number.");
      return;
    }
    onSignedIn(sessionOf(await developmentToken(secret, id, operator)));
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="card">
      <h2>Development sign-in (local mode)</h2>
      <p>
        Signs a token the way <code>bin/dev-token</code> does, with the local mode's secret; a
        service outside local mode refuses it.
      </p>
      <label>
        User id
        <input
          value={userId}
          onChange={(e) => setUserId(e.target.value)}
          inputMode="numeric"
          required
        />
      </label>
      <label className="inline">
        <input type="checkbox" checked={operator} onChange={(e) => setOperator(e.target.checked)} />
        Operator (scope ledger.operator)
      </label>
      <label>
        Development secret
        <input
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
          type="password"
          required
        />
      </label>
      {problem && <ProblemBox problem={{ title: problem }} />}
      <button type="submit" className="primary">
        Sign in
      </button>
    </form>
  );
}

function Shell({ session, onSignOut }: { session: Session; onSignOut: () => void }) {
  const place = usePlace();
  const [kind, setKind] = useState<SearchKind>("auto");
  const [text, setText] = useState("");

  function search(event: FormEvent) {
    event.preventDefault();
    if (text.trim()) {
      go(to("find", { q: text.trim(), by: kind }));
    }
  }

  return (
    <>
      <header>
        <a href={to()} className="brand">
          Wallet ledger
        </a>
        <form role="search" onSubmit={search}>
          <label htmlFor="search-kind" className="hidden">
            Search by
          </label>
          <select
            id="search-kind"
            value={kind}
            onChange={(e) => setKind(e.target.value as SearchKind)}
          >
            {SEARCH_KINDS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <label htmlFor="search-text" className="hidden">
            Search
          </label>
          <input
            id="search-text"
            type="search"
            placeholder="Wallet id, owner, transaction id or reference"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit">Find</button>
        </form>
        <nav aria-label="Screens">
          {session.operator && (
            <>
              <a href={to("pending")}>Pending work</a>
              <a href={to("reconciliation")}>Reconciliation</a>
              <a href={to("audit")}>Audit trail</a>
            </>
          )}
        </nav>
        <span className="who">
          User {session.userId}
          {session.operator ? " · operator" : " · read-only"}
        </span>
        <button type="button" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      <main>
        <ScreenBoundary key={`${place.path.join("/")}?${place.query.toString()}`}>
          <Screen path={place.path} query={place.query} />
        </ScreenBoundary>
      </main>
    </>
  );
}

function Screen({ path, query }: { path: string[]; query: URLSearchParams }) {
  const [screen, id] = path;
  switch (screen) {
    case "wallets":
      return <WalletScreen id={Number(id)} />;
    case "transactions":
      return <TransactionScreen id={id ?? ""} />;
    case "pending":
      return <PendingScreen />;
    case "reconciliation":
      return <ReconciliationScreen />;
    case "audit":
      return <AuditScreen query={query} />;
    case "find":
      return (
        <FindScreen
          q={query.get("q") ?? ""}
          by={(query.get("by") as SearchKind) ?? "auto"}
          principal={query.has("principal") ? Number(query.get("principal")) : undefined}
        />
      );
    default:
      return <FindScreen q="" by="auto" />;
  }
}
