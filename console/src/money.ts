/**
 * Amounts as the API sends them, integers of minor units, shown in the currency's major unit with
 * its own number of decimals (VND none, USD two), by integer arithmetic only: an amount is never
 * a floating-point number on its way to the screen.
 */
export function decimalsOf(currency: string): number {
  try {
    return (
      new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
        .maximumFractionDigits ?? 0
    );
  } catch {
    return 0;
  }
}

export function formatMinor(minor: number | bigint, currency: string): string {
  const value = BigInt(minor);
  const decimals = decimalsOf(currency);
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const scale = 10n ** BigInt(decimals);
  const whole = new Intl.NumberFormat("en").format(magnitude / scale);
  const fraction = decimals > 0 ? `.${(magnitude % scale).toString().padStart(decimals, "0")}` : "";
  return `${negative ? "-" : ""}${whole}${fraction} ${currency}`;
}

/**
 * Minor units from what an operator typed in the major unit ("1,250.5" USD is 125050), or null
 * when it is not an amount of that currency (too many decimals, not a number, not positive).
 */
export function parseMajor(text: string, currency: string): number | null {
  const decimals = decimalsOf(currency);
  const cleaned = text.replace(/[,\s]/g, "");
  const match = /^(\d+)(?:\.(\d+))?$/.exec(cleaned);
  if (!match) {
    return null;
  }
  const fraction = match[2] ?? "";
  if (fraction.length > decimals) {
    return null;
  }
  const minor =
    BigInt(match[1] ?? "0") * 10n ** BigInt(decimals) +
    BigInt(fraction.padEnd(decimals, "0") || "0");
  if (minor <= 0n || minor > BigInt(Number.MAX_SAFE_INTEGER)) {
    return null;
  }
  return Number(minor);
}
