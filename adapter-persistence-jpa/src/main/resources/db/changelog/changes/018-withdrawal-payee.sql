--liquibase formatted sql

--changeset ledger:018-withdrawal-payee
-- The bank account a withdrawal is paid to, as its owner named it with the request (a bank that
-- pays out by payment files needs it; docs/bank-reconciliation.md). Written once with the
-- withdrawal, never changed: a payout goes where the request said, whatever happens to the wallet
-- after.
ALTER TABLE withdrawal
    ADD COLUMN payee_name    varchar(70),
    ADD COLUMN payee_scheme  varchar(8),
    ADD COLUMN payee_account varchar(34),
    ADD COLUMN payee_bic     varchar(11),
    ADD CONSTRAINT withdrawal_payee_whole CHECK (
        (payee_name IS NULL) = (payee_account IS NULL)
        AND (payee_name IS NULL) = (payee_scheme IS NULL)
        AND (payee_bic IS NULL OR payee_name IS NOT NULL)),
    ADD CONSTRAINT withdrawal_payee_scheme CHECK (payee_scheme IN ('IBAN', 'LOCAL'));
