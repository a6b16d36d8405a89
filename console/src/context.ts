import { createContext, useContext } from "react";
import type { LedgerClient } from "./api";
import type { Session } from "./session";

export interface Signed {
  client: LedgerClient;
  session: Session;
}

export const SignedIn = createContext<Signed | null>(null);

/** The signed-in caller and their client; screens are shown only once someone signed in. */
export function useSigned(): Signed {
  const signed = useContext(SignedIn);
  if (!signed) {
    throw new Error("no one is signed in");
  }
  return signed;
}
