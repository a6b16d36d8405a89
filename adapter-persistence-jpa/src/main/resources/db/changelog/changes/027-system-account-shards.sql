--liquibase formatted sql

--changeset ledger:027-system-account-shards
-- A currency's clearing, hold, payout-clearing and fee-revenue accounts are each a main row plus
-- shards (docs/hot-accounts.md): a shard has the main row as parent, the main row's kind and
-- currency, and no owner. The main row stays the one system account of its kind and currency.
ALTER TABLE account DROP CONSTRAINT account_shard_has_parent;
ALTER TABLE account ADD CONSTRAINT account_shard_has_parent
    CHECK ((parent_id IS NULL) = (shard_no IS NULL)
       AND (kind <> 'MERCHANT_SHARD' OR parent_id IS NOT NULL)
       AND (parent_id IS NULL OR kind = 'MERCHANT_SHARD' OR owner_id IS NULL));
DROP INDEX account_system_per_currency;
CREATE UNIQUE INDEX account_system_per_currency ON account (kind, currency)
    WHERE owner_id IS NULL AND parent_id IS NULL;
