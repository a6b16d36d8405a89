import { ok, useLoad } from "../api";
import { Fact, Money, Show, Time } from "../components";
import { useSigned } from "../context";
import { to } from "../router";

/** The books checked now: every currency's sum, each mismatch, and what waits on the bank side. */
export function ReconciliationScreen() {
  const { client } = useSigned();
  const [result, reload] = useLoad("reconciliation", () => ok(client.GET("/v1/reconciliation")));
  return (
    <section aria-labelledby="reconciliation-title">
      <h1 id="reconciliation-title">Reconciliation</h1>
      <button type="button" onClick={reload}>
        Check again
      </button>
      <Show loaded={result} what="the reconciliation (every account is checked)">
        {(r) => (
          <>
            <p role="status" className={r.mismatches?.length ? "bad" : "good"}>
              {r.mismatches?.length
                ? `${r.mismatches.length} mismatches found`
                : "The books balance: every currency sums to zero and every balance equals its entries."}{" "}
              Checked <Time at={r.checkedAt} />.
            </p>
            <table>
              <caption>Sum of every account per currency</caption>
              <thead>
                <tr>
                  <th scope="col">Currency</th>
                  <th scope="col" className="num">
                    Sum
                  </th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(r.sumByCurrency ?? {}).map(([currency, sum]) => (
                  <tr key={currency}>
                    <td>{currency}</td>
                    <td className="num">
                      <Money minor={sum} currency={currency} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {(r.mismatches ?? []).length > 0 && (
              <table>
                <caption>Mismatches</caption>
                <thead>
                  <tr>
                    <th scope="col">Kind</th>
                    <th scope="col">Account</th>
                    <th scope="col">Entry</th>
                    <th scope="col" className="num">
                      Expected
                    </th>
                    <th scope="col" className="num">
                      Actual
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {r.mismatches!.map((m, i) => (
                    <tr key={i}>
                      <td>{m.kind}</td>
                      <td>
                        {m.accountId != null ? (
                          <a href={to("wallets", m.accountId)}>{m.accountId}</a>
                        ) : (
                          "—"
                        )}
                      </td>
                      <td>{m.entryId ?? "—"}</td>
                      <td className="num">
                        <Money minor={m.expected} currency={m.currency!} />
                      </td>
                      <td className="num">
                        <Money minor={m.actual} currency={m.currency!} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {r.bank && (
              <dl className="facts">
                <Fact label={`Statement lines unmatched for over ${r.bank.unmatchedLineAge}`}>
                  {r.bank.staleLines}
                </Fact>
                <Fact label={`Payouts pending for over ${r.bank.settlementTime}`}>
                  {r.bank.overduePayouts}
                </Fact>
              </dl>
            )}
          </>
        )}
      </Show>
    </section>
  );
}
