import { useState } from "react";
import { ok, useLoad, useMovement, type Schemas } from "../api";
import { Confirm, Fact, Money, ProblemBox, Show, Time } from "../components";
import { useSigned } from "../context";
import { formatMinor, parseMajor } from "../money";
import { to } from "../router";
import { AuditTable } from "./AuditScreen";

type Transaction = Schemas["TransactionResponse"];

/** Types an operator may reverse or refund part of (docs/api.md, reversals and refunds). */
const UNDOABLE = new Set(["DEPOSIT", "TRANSFER", "POSTING"]);

/** One transaction: its entries and links, the audit events that touched it, and its undoing. */
export function TransactionScreen({ id }: { id: string }) {
  const { client, session } = useSigned();
  const [transaction, reload] = useLoad(`transaction:${id}`, () =>
    ok(client.GET("/v1/transactions/{id}", { params: { path: { id } } })),
  );
  return (
    <Show loaded={transaction} what="the transaction">
      {(t) => (
        <section aria-labelledby="transaction-title">
          <h1 id="transaction-title">
            {t.type} <code>{t.transactionId}</code>
          </h1>
          <Facts transaction={t} />
          <Entries transaction={t} />
          {session.operator && UNDOABLE.has(t.type!) && !t.reversedBy && (
            <Undo transaction={t} onDone={reload} />
          )}
          {session.operator && <Audit transaction={t} />}
        </section>
      )}
    </Show>
  );
}

function Facts({ transaction: t }: { transaction: Transaction }) {
  const currency = t.entries?.[0]?.currency ?? "";
  const link = (label: string, other: string | undefined) =>
    other && (
      <Fact label={label}>
        <a href={to("transactions", other)}>{other}</a>
      </Fact>
    );
  return (
    <dl className="facts">
      <Fact label="Status">{t.status}</Fact>
      <Fact label="Created">
        <Time at={t.createdAt} />
      </Fact>
      <Fact label="Reference">{t.reference ?? "—"}</Fact>
      <Fact label="Description">{t.description ?? "—"}</Fact>
      {t.fee != null && (
        <>
          <Fact label="Fee">
            <Money minor={t.fee} currency={currency} />
          </Fact>
        </>
      )}
      {t.reason && (
        <>
          <Fact label="Reason">{t.reason}</Fact>
        </>
      )}
      {t.refundable != null && (
        <Fact label="Refundable">
          <Money minor={t.refundable} currency={currency} />
        </Fact>
      )}
      {link("Reverses", t.reversalOf)}
      {link("Reversed by", t.reversedBy)}
      {link("Refunds", t.refundOf)}
      <Fact label="Metadata">
        {t.metadata && Object.keys(t.metadata).length > 0 ? (
          <ul className="metadata">
            {Object.entries(t.metadata).map(([k, v]) => (
              <li key={k}>
                <code>{k}</code>: {String(v)}
              </li>
            ))}
          </ul>
        ) : (
          "—"
        )}
      </Fact>
    </dl>
  );
}

function Entries({ transaction: t }: { transaction: Transaction }) {
  return (
    <table>
      <caption>Entries</caption>
      <thead>
        <tr>
          <th scope="col">Account</th>
          <th scope="col" className="num">
            Amount
          </th>
          <th scope="col" className="num">
            Balance after
          </th>
        </tr>
      </thead>
      <tbody>
        {(t.entries ?? []).map((e) => (
          <tr key={e.entryId}>
            <td>
              <a href={to("wallets", e.accountId!)}>{e.accountId}</a>
            </td>
            <td className="num">
              <Money minor={e.amount} currency={e.currency!} />
            </td>
            <td className="num">
              <Money minor={e.balanceAfter} currency={e.currency!} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Reverse the whole transaction, or refund part of it to the payer. Each is confirmed with its
 * amount and accounts, and sent under one idempotency key per intent (useMovement).
 */
function Undo({ transaction: t, onDone }: { transaction: Transaction; onDone: () => void }) {
  const { client } = useSigned();
  const entries = t.entries ?? [];
  const payer = entries.find((e) => (e.amount ?? 0) < 0);
  const payee = entries.find((e) => (e.amount ?? 0) > 0);
  const currency = payee?.currency ?? "";
  const [action, setAction] = useState<"reverse" | "refund" | null>(null);
  const [reason, setReason] = useState("");
  const [amountText, setAmountText] = useState("");
  const amount = parseMajor(amountText, currency);
  const movement = useMovement(`${action}:${t.transactionId}:${amount}:${reason}`);
  const id = t.transactionId!;

  async function confirm() {
    const posted = await movement.send((key) =>
      action === "reverse"
        ? ok(
            client.POST("/v1/transactions/{id}/reversal", {
              params: { path: { id }, header: { "Idempotency-Key": key } },
              body: { reason },
            }),
          )
        : ok(
            client.POST("/v1/transactions/{id}/refunds", {
              params: { path: { id }, header: { "Idempotency-Key": key } },
              body: { amount: amount!, reason },
            }),
          ),
    );
    if (posted) {
      setAction(null);
      onDone();
    }
  }

  const who = `from wallet ${payee?.accountId} back to wallet ${payer?.accountId}`;
  return (
    <div className="card" aria-labelledby="undo-title">
      <h2 id="undo-title">{t.refundable != null ? "Reverse or refund" : "Reverse"}</h2>
      <label>
        Reason
        <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
      </label>
      <div className="actions">
        <button
          type="button"
          className="danger"
          disabled={!reason}
          onClick={() => setAction("reverse")}
        >
          Reverse…
        </button>
        {t.refundable != null && (
          <>
            <label>
              Refund amount ({currency}), at most {formatMinor(t.refundable, currency)}
              <input
                value={amountText}
                onChange={(e) => setAmountText(e.target.value)}
                inputMode="decimal"
              />
            </label>
            <button
              type="button"
              disabled={!reason || amount === null || amount > t.refundable}
              onClick={() => setAction("refund")}
            >
              Refund part…
            </button>
          </>
        )}
      </div>
      {movement.sending.state === "failed" && <ProblemBox problem={movement.sending.problem} />}
      {action && (
        <Confirm
          title={
            action === "reverse" ? "Reverse this transaction?" : "Refund part of this transaction?"
          }
          confirmLabel={action === "reverse" ? "Confirm reversal" : "Confirm refund"}
          busy={movement.sending.state === "sending"}
          onConfirm={() => void confirm()}
          onCancel={() => setAction(null)}
        >
          <p>
            {action === "reverse"
              ? `Every entry of ${t.transactionId} is posted back: ${formatMinor(payee?.amount ?? 0, currency)} ${who}.`
              : `${formatMinor(amount ?? 0, currency)} ${who}.`}
          </p>
          <p>Reason: {reason}</p>
          {movement.sending.state === "failed" && <ProblemBox problem={movement.sending.problem} />}
        </Confirm>
      )}
    </div>
  );
}

/** The audit events of the requests that named this transaction or posted it. */
function Audit({ transaction: t }: { transaction: Transaction }) {
  const { client } = useSigned();
  const accountId = t.entries?.[0]?.accountId;
  const [events] = useLoad(`audit:${t.transactionId}:${t.reversedBy}`, async () => {
    const from = new Date(Date.parse(t.createdAt!) - 60_000).toISOString();
    const page = await ok(
      client.GET("/v1/audit-events", { params: { query: { accountId, from, limit: 200 } } }),
    );
    return (page.items ?? []).filter(
      (e) => e.transactionId === t.transactionId || e.path?.includes(t.transactionId!),
    );
  });
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title">Audit events</h2>
      <Show loaded={events} what="the audit events">
        {(items) => <AuditTable events={items} />}
      </Show>
    </section>
  );
}
