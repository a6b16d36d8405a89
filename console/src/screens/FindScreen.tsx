import { ok, type Schemas } from "../api";
import { useLoad } from "../api";
import { Money, Show } from "../components";
import { useSigned } from "../context";
import { go, to } from "../router";

export type SearchKind = "auto" | "wallet" | "owner" | "transaction" | "reference" | "key";

export const SEARCH_KINDS: [SearchKind, string][] = [
  ["auto", "Anything"],
  ["wallet", "Wallet id"],
  ["owner", "Owner (user id)"],
  ["transaction", "Transaction id"],
  ["reference", "Reference"],
  ["key", "Idempotency key"],
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Found {
  wallets: Schemas["AccountResponse"][];
  transactions: Schemas["TransactionResponse"][];
}

/**
 * Finds wallets by id or owner, and transactions by id, reference or the idempotency key that
 * posted one (a user's own; an operator names whose, by default their own). "Anything" asks what
 * the text can be: digits a wallet id and an owner, a UUID a transaction id, anything else a
 * reference. With nothing asked, a caller who is not an operator sees their own wallets.
 */
export function FindScreen({
  q,
  by,
  principal,
}: {
  q: string;
  by: SearchKind;
  principal?: number;
}) {
  const { client, session } = useSigned();
  const keyOf = principal ?? session.userId;
  const [found] = useLoad<Found>(`${by}:${q}:${keyOf}:${session.userId}`, async () => {
    const wallets: Schemas["AccountResponse"][] = [];
    const transactions: Schemas["TransactionResponse"][] = [];
    const digits = /^\d{1,15}$/.test(q);
    const ask = (kind: SearchKind) => by === kind || (by === "auto" && q !== "");
    const missingIsNone = async <T,>(call: Promise<T>): Promise<T | undefined> => {
      try {
        return await call;
      } catch (e) {
        if (by === "auto" && (e as { status?: number }).status === 404) {
          return undefined;
        }
        throw e;
      }
    };
    if (q === "") {
      if (!session.operator) {
        wallets.push(
          ...(
            await ok(client.GET("/v1/accounts", { params: { query: { ownerId: session.userId } } }))
          ).items!,
        );
      }
      return { wallets, transactions };
    }
    if (ask("wallet") && digits) {
      const wallet = await missingIsNone(
        ok(client.GET("/v1/accounts/{id}", { params: { path: { id: Number(q) } } })),
      );
      if (wallet) wallets.push(wallet);
    }
    if (ask("owner") && digits) {
      const owned = await ok(
        client.GET("/v1/accounts", { params: { query: { ownerId: Number(q) } } }),
      );
      wallets.push(...owned.items!.filter((w) => !wallets.some((x) => x.id === w.id)));
    }
    if (ask("transaction") && UUID.test(q)) {
      const transaction = await missingIsNone(
        ok(client.GET("/v1/transactions/{id}", { params: { path: { id: q } } })),
      );
      if (transaction) transactions.push(transaction);
    }
    if (by === "key") {
      const query = { idempotencyKey: q, principalId: keyOf };
      transactions.push(
        ...(await ok(client.GET("/v1/transactions", { params: { query } }))).items!,
      );
      return { wallets, transactions };
    }
    if (ask("reference") && (by === "reference" || (!digits && !UUID.test(q)))) {
      transactions.push(
        ...(await ok(client.GET("/v1/transactions", { params: { query: { reference: q } } })))
          .items!,
      );
    }
    return { wallets, transactions };
  });

  return (
    <section aria-labelledby="find-title">
      <h1 id="find-title">
        {q ? `Results for “${q}”` : session.operator ? "Find" : "Your wallets"}
      </h1>
      {q === "" && session.operator && (
        <p>
          Find a wallet by its id or its owner, a transaction by its id, its reference or the
          idempotency key that posted it.
        </p>
      )}
      {by === "key" && session.operator && <WhoseKey q={q} principal={keyOf} />}
      <Show loaded={found} what="the results">
        {({ wallets, transactions }) => (
          <>
            {q !== "" && wallets.length === 0 && transactions.length === 0 && <p>Nothing found.</p>}
            {wallets.length > 0 && <WalletTable wallets={wallets} />}
            {transactions.length > 0 && <TransactionTable transactions={transactions} />}
          </>
        )}
      </Show>
    </section>
  );
}

/** Keys are unique per caller: an operator says whose key it is. */
function WhoseKey({ q, principal }: { q: string; principal: number }) {
  return (
    <form
      className="inline-form"
      aria-label="Whose key"
      onSubmit={(event) => {
        event.preventDefault();
        const user = new FormData(event.currentTarget).get("principal");
        go(to("find", { q, by: "key", principal: String(user) }));
      }}
    >
      <label>
        Key of user
        <input name="principal" defaultValue={principal} inputMode="numeric" key={principal} />
      </label>
      <button type="submit">Look up</button>
    </form>
  );
}

function WalletTable({ wallets }: { wallets: Schemas["AccountResponse"][] }) {
  return (
    <table>
      <caption>Wallets</caption>
      <thead>
        <tr>
          <th scope="col">Wallet</th>
          <th scope="col">Owner</th>
          <th scope="col">Kind</th>
          <th scope="col">Status</th>
          <th scope="col" className="num">
            Balance
          </th>
        </tr>
      </thead>
      <tbody>
        {wallets.map((w) => (
          <tr key={w.id}>
            <td>
              <a href={to("wallets", w.id!)}>
                {w.id} ({w.currency})
              </a>
            </td>
            <td>{w.ownerId ?? "—"}</td>
            <td>{w.kind}</td>
            <td>{w.status}</td>
            <td className="num">
              <Money minor={w.balance} currency={w.currency!} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TransactionTable({ transactions }: { transactions: Schemas["TransactionResponse"][] }) {
  return (
    <table>
      <caption>Transactions</caption>
      <thead>
        <tr>
          <th scope="col">Transaction</th>
          <th scope="col">Type</th>
          <th scope="col">Reference</th>
          <th scope="col">Created</th>
        </tr>
      </thead>
      <tbody>
        {transactions.map((t) => (
          <tr key={t.transactionId}>
            <td>
              <a href={to("transactions", t.transactionId!)}>{t.transactionId}</a>
            </td>
            <td>{t.type}</td>
            <td>{t.reference ?? "—"}</td>
            <td>{t.createdAt}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
