import { type FormEvent } from "react";
import { ok, useLoad, type Schemas } from "../api";
import { Show, Time } from "../components";
import { useSigned } from "../context";
import { go, to } from "../router";

/** The audit trail, filtered by account, actor and period (the filters live in the URL). */
export function AuditScreen({ query }: { query: URLSearchParams }) {
  const { client } = useSigned();
  const accountId = query.get("accountId") ?? "";
  const actor = query.get("actor") ?? "";
  const from = query.get("from") ?? "";
  const until = query.get("to") ?? "";
  const cursor = query.get("cursor") ?? undefined;
  const [page, reload] = useLoad(query.toString(), () =>
    ok(
      client.GET("/v1/audit-events", {
        params: {
          query: {
            accountId: accountId ? Number(accountId) : undefined,
            actor: actor || undefined,
            from: from ? `${from}T00:00:00Z` : undefined,
            to: until ? `${until}T00:00:00Z` : undefined,
            limit: 50,
            cursor,
          },
        },
      }),
    ),
  );

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "").trim() || undefined;
    go(
      to("audit", {
        accountId: value("accountId"),
        actor: value("actor"),
        from: value("from"),
        to: value("to"),
      }),
    );
  }

  return (
    <section aria-labelledby="audit-trail-title">
      <h1 id="audit-trail-title">Audit trail</h1>
      <form onSubmit={apply} className="filters" aria-label="Audit filters" key={query.toString()}>
        <label>
          Account
          <input name="accountId" defaultValue={accountId} inputMode="numeric" />
        </label>
        <label>
          Actor (user id)
          <input name="actor" defaultValue={actor} />
        </label>
        <label>
          From (UTC day)
          <input name="from" type="date" defaultValue={from} />
        </label>
        <label>
          To (UTC day, not included)
          <input name="to" type="date" defaultValue={until} />
        </label>
        <button type="submit">Apply filters</button>
        <button type="button" onClick={reload}>
          Refresh
        </button>
      </form>
      <Show loaded={page} what="the audit trail">
        {(p) => (
          <>
            <AuditTable events={p.items ?? []} />
            <div className="pager">
              {cursor && <a href={to("audit", { accountId, actor, from, to: until })}>Newest</a>}
              {p.nextCursor && (
                <a href={to("audit", { accountId, actor, from, to: until, cursor: p.nextCursor })}>
                  Older
                </a>
              )}
            </div>
          </>
        )}
      </Show>
    </section>
  );
}

export function AuditTable({ events }: { events: Schemas["AuditEventResponse"][] }) {
  return (
    <table>
      <caption>Audit events, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Actor</th>
          <th scope="col">Request</th>
          <th scope="col">Status</th>
          <th scope="col">Accounts</th>
          <th scope="col">Transaction</th>
        </tr>
      </thead>
      <tbody>
        {events.map((e) => (
          <tr key={e.id}>
            <td>
              <Time at={e.occurredAt} />
            </td>
            <td>
              {e.actor}
              {e.operator ? " (operator)" : ""}
            </td>
            <td>
              <code>
                {e.method} {e.path}
              </code>
            </td>
            <td>
              {e.status}
              {e.code ? ` ${e.code}` : ""}
            </td>
            <td>
              {(e.accountIds ?? []).map((id) => (
                <a key={id} href={to("wallets", id)} className="spaced">
                  {id}
                </a>
              ))}
            </td>
            <td>
              {e.transactionId ? (
                <a href={to("transactions", e.transactionId)}>{e.transactionId.slice(0, 8)}</a>
              ) : (
                "—"
              )}
            </td>
          </tr>
        ))}
        {events.length === 0 && (
          <tr>
            <td colSpan={6}>No audit events.</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
