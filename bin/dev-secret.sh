# Sourced by bin/run and bin/dev-token: the HS256 secret for local runs. Never use it in production,
# where tokens come from an identity provider (see README, Configuration).
: "${LEDGER_SECURITY_JWT_SECRET:=local-development-secret-change-me-0123456789}"
export LEDGER_SECURITY_JWT_SECRET
