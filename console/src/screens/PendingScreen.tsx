import { useState, type FormEvent } from "react";
import { ok, useAction, useLoad, useMovement, type Schemas } from "../api";
import { Money, Pager, ProblemBox, Show, Time, useCursorPages } from "../components";
import { useSigned } from "../context";
import { to } from "../router";

type Withdrawal = Schemas["WithdrawalResponse"];
type Line = Schemas["BankStatementLineResponse"];

/** The operators' queue: withdrawals waiting for the bank, and bank lines no rule matched. */
export function PendingScreen() {
  return (
    <section aria-labelledby="pending-title">
      <h1 id="pending-title">Pending work</h1>
      <PendingWithdrawals />
      <ExpiringHolds />
      <UnmatchedLines />
    </section>
  );
}

function PendingWithdrawals() {
  const { client } = useSigned();
  const pages = useCursorPages();
  const cursor = pages.cursor;
  const [page, reload] = useLoad(`pending-withdrawals:${cursor ?? ""}`, () =>
    ok(client.GET("/v1/withdrawals", { params: { query: { limit: 20, cursor } } })),
  );
  return (
    <section aria-labelledby="withdrawals-title">
      <h2 id="withdrawals-title">Withdrawals waiting for the bank, oldest first</h2>
      <Show loaded={page} what="the pending withdrawals">
        {(p) => (
          <>
            <table>
              <caption>Pending withdrawals</caption>
              <thead>
                <tr>
                  <th scope="col">Requested</th>
                  <th scope="col">Waiting</th>
                  <th scope="col">Wallet</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col">Payee</th>
                  <th scope="col">Settle</th>
                </tr>
              </thead>
              <tbody>
                {(p.items ?? []).map((w) => (
                  <WithdrawalRow key={w.withdrawalId} withdrawal={w} onSettled={reload} />
                ))}
                {(p.items ?? []).length === 0 && (
                  <tr>
                    <td colSpan={6}>Nothing waits for the bank.</td>
                  </tr>
                )}
              </tbody>
            </table>
            <Pager
              pages={pages}
              nextCursor={p.nextCursor}
              backLabel="Previous page"
              forwardLabel="Next page"
            />
          </>
        )}
      </Show>
    </section>
  );
}

/** A span in its largest whole unit: "3 d", "5 h", "12 min". */
function span(milliseconds: number): string {
  const minutes = Math.max(0, Math.floor(milliseconds / 60_000));
  if (minutes >= 2 * 24 * 60) return `${Math.floor(minutes / (24 * 60))} d`;
  if (minutes >= 120) return `${Math.floor(minutes / 60)} h`;
  return `${minutes} min`;
}

/** How long ago it was. */
function age(since: string | undefined): string {
  return since ? span(Date.now() - Date.parse(since)) : "—";
}

/** How long until it is. */
function until(at: string | undefined): string {
  return at ? span(Date.parse(at) - Date.now()) : "—";
}

/**
 * Complete (the bank paid it out) or fail (the money goes back to the wallet) one withdrawal, each
 * under one idempotency key per intent.
 */
function WithdrawalRow({
  withdrawal: w,
  onSettled,
}: {
  withdrawal: Withdrawal;
  onSettled: () => void;
}) {
  const { client } = useSigned();
  const [reason, setReason] = useState("");
  const completion = useMovement(`complete:${w.withdrawalId}`);
  const failure = useMovement(`fail:${w.withdrawalId}:${reason}`);
  const path = { id: w.withdrawalId! };

  async function complete() {
    const done = await completion.send((key) =>
      ok(
        client.POST("/v1/withdrawals/{id}/complete", {
          params: { path, header: { "Idempotency-Key": key } },
        }),
      ),
    );
    if (done) onSettled();
  }

  async function fail(event: FormEvent) {
    event.preventDefault();
    const done = await failure.send((key) =>
      ok(
        client.POST("/v1/withdrawals/{id}/fail", {
          params: { path, header: { "Idempotency-Key": key } },
          body: { reason },
        }),
      ),
    );
    if (done) onSettled();
  }

  const busy = completion.sending.state === "sending" || failure.sending.state === "sending";
  const problem =
    completion.sending.state === "failed"
      ? completion.sending.problem
      : failure.sending.state === "failed"
        ? failure.sending.problem
        : null;
  return (
    <tr>
      <td>
        <Time at={w.createdAt} />
      </td>
      <td>{age(w.createdAt)}</td>
      <td>
        <a href={to("wallets", w.accountId!)}>{w.accountId}</a>
      </td>
      <td className="num">
        <Money minor={w.amount} currency={w.currency!} />
      </td>
      <td>{w.payee?.name ?? "—"}</td>
      <td>
        <form
          onSubmit={(e) => void fail(e)}
          className="actions"
          aria-label={`Settle withdrawal ${w.withdrawalId}`}
        >
          <button type="button" disabled={busy} onClick={() => void complete()}>
            Complete
          </button>
          <label>
            Failure reason
            <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
          </label>
          <button type="submit" className="danger" disabled={busy || !reason}>
            Fail
          </button>
        </form>
        {problem && <ProblemBox problem={problem} />}
      </td>
    </tr>
  );
}

/** Holds that expire within a day unless captured or voided first; expiry releases them. */
function ExpiringHolds() {
  const { client } = useSigned();
  const pages = useCursorPages();
  const [page] = useLoad(`expiring-holds:${pages.cursor ?? ""}`, () =>
    ok(client.GET("/v1/holds", { params: { query: { limit: 20, cursor: pages.cursor } } })),
  );
  return (
    <section aria-labelledby="holds-title">
      <h2 id="holds-title">Holds expiring within a day, soonest first</h2>
      <Show loaded={page} what="the expiring holds">
        {(p) => (
          <>
            <table>
              <caption>Holds about to expire</caption>
              <thead>
                <tr>
                  <th scope="col">Expires</th>
                  <th scope="col">In</th>
                  <th scope="col">Wallet</th>
                  <th scope="col">For</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {(p.items ?? []).map((h) => (
                  <tr key={h.holdId}>
                    <td>
                      <Time at={h.expiresAt} />
                    </td>
                    <td>{until(h.expiresAt)}</td>
                    <td>
                      <a href={to("wallets", h.accountId!)}>{h.accountId}</a>
                    </td>
                    <td>
                      <a href={to("wallets", h.destinationAccountId!)}>{h.destinationAccountId}</a>
                    </td>
                    <td className="num">
                      <Money minor={h.amount} currency={h.currency!} />
                    </td>
                  </tr>
                ))}
                {(p.items ?? []).length === 0 && (
                  <tr>
                    <td colSpan={5}>No hold expires within a day.</td>
                  </tr>
                )}
              </tbody>
            </table>
            <Pager
              pages={pages}
              nextCursor={p.nextCursor}
              backLabel="Previous page"
              forwardLabel="Next page"
            />
          </>
        )}
      </Show>
    </section>
  );
}

function UnmatchedLines() {
  const { client } = useSigned();
  const [page, reload] = useLoad("unmatched-lines", () =>
    ok(
      client.GET("/v1/bank-statements/lines", {
        params: { query: { status: "UNMATCHED", limit: 50 } },
      }),
    ),
  );
  return (
    <section aria-labelledby="lines-title">
      <h2 id="lines-title">Bank statement lines no rule matched, newest first</h2>
      <Show loaded={page} what="the unmatched lines">
        {(p) => (
          <table>
            <caption>Unmatched statement lines</caption>
            <thead>
              <tr>
                <th scope="col">Booked</th>
                <th scope="col">Direction</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Remittance</th>
                <th scope="col">Resolve</th>
              </tr>
            </thead>
            <tbody>
              {(p.items ?? []).map((line) => (
                <LineRow key={line.lineId} line={line} onResolved={reload} />
              ))}
              {(p.items ?? []).length === 0 && (
                <tr>
                  <td colSpan={5}>No line waits for a decision.</td>
                </tr>
              )}
            </tbody>
          </table>
        )}
      </Show>
    </section>
  );
}

type Resolution = Schemas["LineResolutionRequest"]["action"];

/** What an operator decides for one line: what it pays, or why it needs nothing. */
function LineRow({ line, onResolved }: { line: Line; onResolved: () => void }) {
  const { client } = useSigned();
  const [action, setAction] = useState<NonNullable<Resolution>>("DISMISS");
  const [target, setTarget] = useState("");
  const [reason, setReason] = useState("");
  const { busy, problem, run } = useAction();

  async function resolve(event: FormEvent) {
    event.preventDefault();
    const body: Schemas["LineResolutionRequest"] = { action, reason: reason || undefined };
    if (action === "BOOK_DEPOSIT") body.accountId = Number(target);
    if (action === "MATCH_WITHDRAWAL") body.withdrawalId = target;
    if (action === "MATCH_DEPOSIT") body.depositId = target;
    const resolved = await run(() =>
      ok(
        client.POST("/v1/bank-statements/lines/{id}/resolution", {
          params: { path: { id: line.lineId! } },
          body,
        }),
      ),
    );
    if (resolved) {
      onResolved();
    }
  }

  return (
    <tr>
      <td>{line.bookingDate}</td>
      <td>{line.direction}</td>
      <td className="num">
        <Money minor={line.amount} currency={line.currency!} />
      </td>
      <td>{line.remittance ?? line.bankReference ?? "—"}</td>
      <td>
        <form
          onSubmit={(e) => void resolve(e)}
          className="actions"
          aria-label={`Resolve line ${line.lineId}`}
        >
          <label>
            Decision
            <select
              value={action}
              onChange={(e) => setAction(e.target.value as NonNullable<Resolution>)}
            >
              <option value="DISMISS">Dismiss (needs nothing)</option>
              <option value="BOOK_DEPOSIT">Book as a deposit to wallet</option>
              <option value="MATCH_WITHDRAWAL">Match a withdrawal</option>
              <option value="MATCH_DEPOSIT">Match a pending deposit</option>
            </select>
          </label>
          {action !== "DISMISS" && (
            <label>
              {action === "BOOK_DEPOSIT"
                ? "Wallet id"
                : action === "MATCH_WITHDRAWAL"
                  ? "Withdrawal id"
                  : "Deposit id"}
              <input value={target} onChange={(e) => setTarget(e.target.value)} required />
            </label>
          )}
          <label>
            Reason
            <input
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required={action === "DISMISS"}
            />
          </label>
          <button type="submit" disabled={busy}>
            Resolve
          </button>
        </form>
        {problem && <ProblemBox problem={problem} />}
      </td>
    </tr>
  );
}
