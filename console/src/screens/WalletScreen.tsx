import { useState, type FormEvent } from "react";
import { ok, useAction, useLoad, type Schemas, type ShownProblem } from "../api";
import { BalanceChart } from "../chart";
import { Fact, Money, Pager, ProblemBox, Show, Time, useCursorPages } from "../components";
import { useSigned } from "../context";
import { parseMajor } from "../money";
import { to } from "../router";

type Account = Schemas["AccountResponse"];

/** One wallet: what it holds, its limits and controls, its history, statement and hash chain. */
export function WalletScreen({ id }: { id: number }) {
  const { client } = useSigned();
  const [account, reload] = useLoad(`wallet:${id}`, () =>
    ok(client.GET("/v1/accounts/{id}", { params: { path: { id } } })),
  );
  return (
    <Show loaded={account} what="the wallet">
      {(a) => (
        <section aria-labelledby="wallet-title">
          <h1 id="wallet-title">
            Wallet {a.id} ({a.currency})
          </h1>
          <Summary account={a} />
          <Limits account={a} />
          <Controls account={a} onChanged={reload} />
          <History account={a} />
          <Statement account={a} />
          <Verification account={a} />
        </section>
      )}
    </Show>
  );
}

function Summary({ account: a }: { account: Account }) {
  const currency = a.currency!;
  return (
    <dl className="facts">
      <Fact label="Owner">
        {a.ownerId != null ? (
          <a href={to("find", { q: a.ownerId, by: "owner" })}>User {a.ownerId}</a>
        ) : (
          "—"
        )}
      </Fact>
      <Fact label="Kind">{a.kind}</Fact>
      <Fact label="Status">
        <span className={`status ${a.status?.toLowerCase()}`}>{a.status}</span>
      </Fact>
      <Fact label="Balance">
        <Money minor={a.balance} currency={currency} />
      </Fact>
      <Fact label="Held">
        <Money minor={a.heldAmount} currency={currency} />
      </Fact>
      {a.pendingIn != null && (
        <>
          <Fact label="Pending in">
            <Money minor={a.pendingIn} currency={currency} />
          </Fact>
        </>
      )}
      {a.shards != null && (
        <>
          <Fact label="Merchant shards">{a.shards}</Fact>
        </>
      )}
      {a.depositReference && (
        <>
          <Fact label="Deposit reference">
            <code>{a.depositReference}</code>
          </Fact>
        </>
      )}
      <Fact label="Opened">
        <Time at={a.createdAt} />
      </Fact>
    </dl>
  );
}

function Limits({ account: a }: { account: Account }) {
  const { client } = useSigned();
  const [limits] = useLoad(`limits:${a.id}:${a.status}`, () =>
    ok(client.GET("/v1/accounts/{id}/limits", { params: { path: { id: a.id! } } })),
  );
  const window = (name: string, w: Schemas["LimitWindow"] | undefined) => (
    <tr>
      <th scope="row">{name}</th>
      <td className="num">
        {w?.limit != null ? <Money minor={w.limit} currency={a.currency!} /> : "no limit"}
      </td>
      <td className="num">
        <Money minor={w?.used} currency={a.currency!} />
      </td>
      <td className="num">
        {w?.remaining != null ? <Money minor={w.remaining} currency={a.currency!} /> : "—"}
      </td>
      <td>
        <Time at={w?.resetsAt} />
      </td>
    </tr>
  );
  return (
    <Show loaded={limits} what="the limits">
      {(l) => (
        <table>
          <caption>Outgoing limits</caption>
          <thead>
            <tr>
              <th scope="col">Window</th>
              <th scope="col" className="num">
                Limit
              </th>
              <th scope="col" className="num">
                Used
              </th>
              <th scope="col" className="num">
                Remaining
              </th>
              <th scope="col">Resets</th>
            </tr>
          </thead>
          <tbody>
            {window("Day", l.dailyOut)}
            {window("Month", l.monthlyOut)}
          </tbody>
        </table>
      )}
    </Show>
  );
}

/** Freeze, unfreeze and limits: operators only; none of them moves money. */
function Controls({ account: a, onChanged }: { account: Account; onChanged: () => void }) {
  const { client, session } = useSigned();
  const [mode, setMode] = useState("DEBITS");
  const [reason, setReason] = useState("");
  const [daily, setDaily] = useState("");
  const [monthly, setMonthly] = useState("");
  const { busy, problem, setProblem, run } = useAction();
  if (!session.operator) {
    return null;
  }
  const path = { params: { path: { id: a.id! } } };
  const frozen = a.status !== "ACTIVE";

  function freeze(event: FormEvent) {
    event.preventDefault();
    void run(() =>
      frozen
        ? ok(client.POST("/v1/accounts/{id}/unfreeze", { ...path, body: { reason } }))
        : ok(client.POST("/v1/accounts/{id}/freeze", { ...path, body: { mode, reason } })),
    ).then((done) => done && onChanged());
  }

  function limits(event: FormEvent) {
    event.preventDefault();
    const amount = (text: string) =>
      text.trim() === "" ? undefined : parseMajor(text, a.currency!);
    const dailyOut = amount(daily);
    const monthlyOut = amount(monthly);
    if (dailyOut === null || monthlyOut === null) {
      setProblem({
        title: `A limit is a positive amount of ${a.currency}, or empty for the default`,
      });
      return;
    }
    void run(() =>
      ok(client.PUT("/v1/accounts/{id}/limits", { ...path, body: { dailyOut, monthlyOut } })),
    ).then((done) => done && onChanged());
  }

  return (
    <div className="panels">
      <form onSubmit={freeze} className="card" aria-labelledby="freeze-title">
        <h2 id="freeze-title">{frozen ? "Unfreeze" : "Freeze"}</h2>
        {!frozen && (
          <label>
            What to refuse
            <select value={mode} onChange={(e) => setMode(e.target.value)}>
              <option value="DEBITS">Debits (money still comes in)</option>
              <option value="ALL">Debits and credits</option>
            </select>
          </label>
        )}
        <label>
          Reason
          <input
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required={!frozen}
            maxLength={500}
          />
        </label>
        <button type="submit" disabled={busy} className={frozen ? "" : "danger"}>
          {frozen ? "Unfreeze wallet" : "Freeze wallet"}
        </button>
      </form>
      <form onSubmit={limits} className="card" aria-labelledby="limits-title">
        <h2 id="limits-title">Set limits</h2>
        <p>In {a.currency}; empty for the currency's default.</p>
        <label>
          Per day
          <input value={daily} onChange={(e) => setDaily(e.target.value)} inputMode="decimal" />
        </label>
        <label>
          Per month
          <input value={monthly} onChange={(e) => setMonthly(e.target.value)} inputMode="decimal" />
        </label>
        <button type="submit" disabled={busy}>
          Save limits
        </button>
      </form>
      {problem && <ProblemBox problem={problem} />}
    </div>
  );
}

interface Filters {
  type?: string;
  direction?: "in" | "out";
  from?: string;
  to?: string;
  minAmount?: number;
  maxAmount?: number;
  reference?: string;
}

const ENTRY_TYPES = [
  "DEPOSIT",
  "TRANSFER",
  "POSTING",
  "REVERSAL",
  "REFUND",
  "WITHDRAWAL",
  "WITHDRAWAL_COMPLETION",
  "WITHDRAWAL_FAILURE",
  "HOLD",
  "HOLD_CAPTURE",
  "HOLD_RELEASE",
  "SWEEP",
];

function History({ account: a }: { account: Account }) {
  const { client } = useSigned();
  const [filters, setFilters] = useState<Filters>({});
  const pages = useCursorPages();
  const cursor = pages.cursor;
  const [page] = useLoad(`history:${a.id}:${JSON.stringify(filters)}:${cursor ?? ""}`, () =>
    ok(
      client.GET("/v1/accounts/{id}/entries", {
        params: { path: { id: a.id! }, query: { ...filters, limit: 20, cursor } },
      }),
    ),
  );

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim() || undefined;
    const day = (name: string) => (text(name) ? `${text(name)}T00:00:00Z` : undefined);
    const amount = (name: string) =>
      text(name) ? (parseMajor(text(name)!, a.currency!) ?? undefined) : undefined;
    setFilters({
      type: text("type"),
      direction: text("direction") as Filters["direction"],
      from: day("from"),
      to: day("to"),
      minAmount: amount("minAmount"),
      maxAmount: amount("maxAmount"),
      reference: text("reference"),
    });
    pages.restart();
  }

  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <form onSubmit={apply} className="filters" aria-label="History filters">
        <label>
          Type
          <select name="type" defaultValue="">
            <option value="">Any</option>
            {ENTRY_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <label>
          Direction
          <select name="direction" defaultValue="">
            <option value="">Both</option>
            <option value="in">In</option>
            <option value="out">Out</option>
          </select>
        </label>
        <label>
          From (UTC day)
          <input name="from" type="date" />
        </label>
        <label>
          To (UTC day, not included)
          <input name="to" type="date" />
        </label>
        <label>
          Amount at least
          <input name="minAmount" inputMode="decimal" />
        </label>
        <label>
          Amount at most
          <input name="maxAmount" inputMode="decimal" />
        </label>
        <label>
          Reference
          <input name="reference" />
        </label>
        <button type="submit">Apply filters</button>
      </form>
      <Show loaded={page} what="the history">
        {(p) => (
          <>
            <BalanceChart entries={p.items ?? []} currency={a.currency!} />
            <table>
              <caption>Entries, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Type</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col" className="num">
                    Balance after
                  </th>
                  <th scope="col">Reference</th>
                  <th scope="col">Transaction</th>
                </tr>
              </thead>
              <tbody>
                {(p.items ?? []).map((e) => (
                  <tr key={e.entryId}>
                    <td>
                      <Time at={e.createdAt} />
                    </td>
                    <td>{e.type}</td>
                    <td className="num">
                      <Money minor={e.amount} currency={a.currency!} />
                    </td>
                    <td className="num">
                      <Money minor={e.balanceAfter} currency={a.currency!} />
                    </td>
                    <td>{e.reference ?? "—"}</td>
                    <td>
                      <a href={to("transactions", e.transactionId!)}>
                        {e.transactionId!.slice(0, 8)}
                      </a>
                    </td>
                  </tr>
                ))}
                {(p.items ?? []).length === 0 && (
                  <tr>
                    <td colSpan={6}>No entries.</td>
                  </tr>
                )}
              </tbody>
            </table>
            <Pager pages={pages} nextCursor={p.nextCursor} backLabel="Newer" forwardLabel="Older" />
          </>
        )}
      </Show>
    </section>
  );
}

/** The statement of a period as CSV, fetched with the caller's token and saved by the browser. */
function Statement({ account: a }: { account: Account }) {
  const { session } = useSigned();
  const [problem, setProblem] = useState<ShownProblem | null>(null);

  async function download(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const query = new URLSearchParams({
      from: `${String(form.get("from"))}T00:00:00Z`,
      to: `${String(form.get("to"))}T00:00:00Z`,
    });
    setProblem(null);
    const response = await fetch(`/v1/accounts/${a.id}/statement?${query}`, {
      headers: { Authorization: `Bearer ${session.token}`, Accept: "text/csv" },
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as Partial<ShownProblem>;
      setProblem({ title: body.title ?? `HTTP ${response.status}`, ...body });
      return;
    }
    const link = document.createElement("a");
    link.href = URL.createObjectURL(await response.blob());
    link.download = `statement-${a.id}-${String(form.get("from"))}-${String(form.get("to"))}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  }

  return (
    <form
      onSubmit={(e) => void download(e)}
      className="card inline-form"
      aria-labelledby="statement-title"
    >
      <h2 id="statement-title">Statement (CSV)</h2>
      <label>
        From (UTC day)
        <input name="from" type="date" required />
      </label>
      <label>
        To (UTC day, not included)
        <input name="to" type="date" required />
      </label>
      <button type="submit">Download</button>
      {problem && <ProblemBox problem={problem} />}
    </form>
  );
}

function Verification({ account: a }: { account: Account }) {
  const { client } = useSigned();
  const [result, setResult] = useState<Schemas["VerificationResponse"] | null>(null);
  const { busy, problem, run } = useAction();

  async function verify() {
    const verified = await run(() =>
      ok(client.GET("/v1/accounts/{id}/verification", { params: { path: { id: a.id! } } })),
    );
    if (verified) {
      setResult(verified);
    }
  }

  return (
    <div className="card" aria-labelledby="verify-title">
      <h2 id="verify-title">Hash chain</h2>
      <button type="button" onClick={() => void verify()} disabled={busy}>
        {busy ? "Verifying…" : "Verify the chain"}
      </button>
      {result && (
        <p role="status" className={result.verified ? "good" : "bad"}>
          {result.verified
            ? `Verified: ${result.entries} entries, every hash recomputed.`
            : `Broken at entry ${result.firstBrokenEntryId} (of ${result.entries}).`}
        </p>
      )}
      {problem && <ProblemBox problem={problem} />}
    </div>
  );
}
