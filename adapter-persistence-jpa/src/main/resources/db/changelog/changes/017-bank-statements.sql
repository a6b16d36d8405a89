--liquibase formatted sql

--changeset ledger:017-bank-statements
-- The bank's files, the statements read from them and their lines (docs/bank-reconciliation.md).
-- Append-only like the journal: a file and what was read from it are stored once; a line's
-- resolution is a row of its own, inserted once, so that nothing of the bank's word is rewritten.
CREATE TABLE bank_file (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    sha256      bytea        NOT NULL CHECK (octet_length(sha256) = 32),
    content     bytea        NOT NULL,
    media_type  varchar(64)  NOT NULL,
    received_at timestamptz  NOT NULL,
    received_by varchar(255) NOT NULL
);
CREATE TABLE bank_statement (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    file_id         bigint      NOT NULL REFERENCES bank_file (id),
    account_scheme  varchar(8)  NOT NULL CHECK (account_scheme IN ('IBAN', 'LOCAL')),
    account_number  varchar(34) NOT NULL,
    message_id      varchar(35) NOT NULL,
    statement_id    varchar(35) NOT NULL,
    kind            varchar(16) NOT NULL CHECK (kind IN ('END_OF_DAY', 'NOTIFICATION')),
    currency        char(3)     NOT NULL,
    opening_balance bigint,
    closing_balance bigint,
    fingerprint     char(64)    NOT NULL,
    CONSTRAINT bank_statement_once UNIQUE (account_number, message_id, statement_id),
    CONSTRAINT bank_statement_balances CHECK (
        (kind = 'END_OF_DAY') = (opening_balance IS NOT NULL AND closing_balance IS NOT NULL))
);
CREATE TABLE bank_statement_line (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    statement_id   bigint       NOT NULL REFERENCES bank_statement (id),
    line_no        integer      NOT NULL CHECK (line_no > 0),
    bank_reference varchar(35),
    direction      varchar(6)   NOT NULL CHECK (direction IN ('CREDIT', 'DEBIT')),
    amount         bigint       NOT NULL CHECK (amount > 0),
    booking_date   date         NOT NULL,
    value_date     date         NOT NULL,
    end_to_end_id  varchar(35),
    remittance     varchar(500),
    returned       boolean      NOT NULL,
    return_reason  varchar(35),
    CONSTRAINT bank_statement_line_once UNIQUE (statement_id, line_no)
);
CREATE TABLE bank_line_resolution (
    line_id        bigint       PRIMARY KEY REFERENCES bank_statement_line (id),
    status         varchar(16)  NOT NULL CHECK (status IN ('MATCHED', 'DISMISSED')),
    withdrawal_id  uuid,
    transaction_id uuid REFERENCES journal_transaction (id),
    rule           varchar(32)  NOT NULL,
    reason         varchar(500),
    decided_by     varchar(255) NOT NULL,
    decided_at     timestamptz  NOT NULL
);
CREATE TRIGGER bank_file_append_only BEFORE UPDATE OR DELETE ON bank_file
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_journal_change();
CREATE TRIGGER bank_statement_append_only BEFORE UPDATE OR DELETE ON bank_statement
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_journal_change();
CREATE TRIGGER bank_statement_line_append_only BEFORE UPDATE OR DELETE ON bank_statement_line
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_journal_change();
CREATE TRIGGER bank_line_resolution_append_only BEFORE UPDATE OR DELETE ON bank_line_resolution
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_journal_change();

--changeset ledger:017-bank-statements-grants runOnChange:true
GRANT SELECT, INSERT ON bank_file, bank_statement, bank_statement_line, bank_line_resolution
    TO "${runtimeRole}";
