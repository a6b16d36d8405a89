import { useEffect, useState } from "react";

/**
 * The console's places, in the URL's fragment (#/wallets/7): the service serves one page at
 * /console/, and every place can be bookmarked and linked.
 */
export interface Place {
  path: string[];
  query: URLSearchParams;
}

function current(): Place {
  const [path = "", query = ""] = window.location.hash.replace(/^#\/?/, "").split("?");
  return {
    path: path.split("/").filter(Boolean).map(decodeURIComponent),
    query: new URLSearchParams(query),
  };
}

export function usePlace(): Place {
  const [place, setPlace] = useState(current);
  useEffect(() => {
    const changed = () => setPlace(current());
    window.addEventListener("hashchange", changed);
    return () => window.removeEventListener("hashchange", changed);
  }, []);
  return place;
}

/** A link to a place: `to("wallets", 7)` or `to("audit", { accountId: 7 })`. */
export function to(
  ...parts: (string | number | Record<string, string | number | undefined>)[]
): string {
  const path: string[] = [];
  const query = new URLSearchParams();
  for (const part of parts) {
    if (typeof part === "object") {
      Object.entries(part).forEach(
        ([k, v]) => v !== undefined && v !== "" && query.set(k, String(v)),
      );
    } else {
      path.push(encodeURIComponent(String(part)));
    }
  }
  const q = query.toString();
  return `#/${path.join("/")}${q ? `?${q}` : ""}`;
}

export function go(link: string): void {
  window.location.hash = link.slice(1);
}
