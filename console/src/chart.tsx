import type { Schemas } from "./api";
import { formatMinor } from "./money";

const WIDTH = 600;
const HEIGHT = 120;

/**
 * The balance after each entry of the page shown, oldest to newest, as a line. The figures on it
 * are the entries' own balances, formatted from integers; positions on the picture are the only
 * place an amount becomes a fraction.
 */
export function BalanceChart({
  entries,
  currency,
}: {
  entries: Schemas["EntryResponse"][];
  currency: string;
}) {
  if (entries.length < 2) {
    return null;
  }
  const points = [...entries].reverse().map((e) => e.balanceAfter ?? 0);
  const low = Math.min(...points);
  const high = Math.max(...points);
  const span = high - low || 1;
  const path = points
    .map((b, i) => `${(i / (points.length - 1)) * WIDTH},${HEIGHT - ((b - low) / span) * HEIGHT}`)
    .join(" ");
  const lowest = formatMinor(low, currency);
  const highest = formatMinor(high, currency);
  return (
    <figure className="chart">
      <svg
        viewBox={`-4 -4 ${WIDTH + 8} ${HEIGHT + 8}`}
        role="img"
        aria-label={`Balance between ${lowest} and ${highest} over the entries shown`}
      >
        <polyline points={path} fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <figcaption>
        Balance over the entries shown: lowest {lowest}, highest {highest}
      </figcaption>
    </figure>
  );
}
