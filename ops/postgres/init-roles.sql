-- The two roles of the ledger (docs/operations.md): the owner migrates, the runtime role serves.
-- Run once by the postgres image on a new volume. No passwords: for a local trust-auth server only.
CREATE ROLE ledger_owner LOGIN;
CREATE ROLE ledger_app LOGIN;
ALTER DATABASE ledger OWNER TO ledger_owner;
