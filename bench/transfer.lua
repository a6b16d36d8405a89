-- wrk script for the ledger benchmarks. MODE (environment):
--   uniform  transfers of 1 dong from a random payer to a random wallet in 1..WALLETS
--   hot      transfers of 1 dong from a random payer to TARGET
--   closed   transfers of 1 dong from a random payer to another random payer: a dense economy,
--            where the same few thousand wallets (the PAYERS file) pay and are paid
--   merchant transfers of 1 dong from a random payer to MERCHANT (a merchant with shards)
--   campaign the same to CAMPAIGN, a merchant opened without shards: the ledger splits it once it
--            measures it hot (docs/hot-accounts.md)
--   read     GET of a random payer's account (3 in 4) or its newest history page (1 in 4)
--   balance, history   the two halves of read on their own: only the account, only the page
--   bulk     a batch of BATCH (100) uniform transfers from one random payer, each under its own
--            key; the RESULT line counts transfers, not requests: statuses per transfer, and rps
--            the transfers answered 201 per second
--   deposit  a bank credit of 1 dong to a random wallet in 1..WALLETS, by the operator (token in
--            OPERATOR), each with a reference of its own: every one debits the currency's one
--            bank clearing account
--   withdraw a withdrawal of 1 dong by a random payer from its own wallet (left pending with the
--            bank simulator): every one credits the currency's one hold account
--   hold     a hold of 1 dong by a random payer towards a random wallet, expiring in a day: every
--            one credits the currency's one hold account, as withdrawals do
--   payday   a payday's mix, a third each: deposits as deposit, withdrawals as withdraw, and
--            uniform transfers (with a fee when the service charges one, bench/run.sh --fees):
--            the system accounts every one of them touches are served by shards
--            (docs/hot-accounts.md)
--   floor    GET of the liveness probe with a payer's token: a request answered through Tomcat,
--            the security chain (the token verified) and Spring MVC without a statement; what any
--            request costs before it does anything, and a little more (the actuator's health
--            lookup is in it)
-- Payers come from the file PAYERS (lines "<walletId> <token>"). Every transfer carries a unique
-- Idempotency-Key. done() prints one RESULT line: rate, latency percentiles, statuses, errors.
local mode = os.getenv("MODE") or "uniform"
local wallets = tonumber(os.getenv("WALLETS") or "0")
local target = os.getenv("TARGET")
local batch = tonumber(os.getenv("BATCH") or "100")
local payers = {}
local counter = 0
statuses = {} -- global: done() reads every thread's copy through thread:get
local tag
local expires
local threads = {}

function setup(thread)
  threads[#threads + 1] = thread
end

function init(args)
  for line in io.lines(os.getenv("PAYERS")) do
    local id, token = line:match("^(%d+) (%S+)$")
    if id then
      payers[#payers + 1] = { id = tonumber(id), auth = "Bearer " .. token }
    end
  end
  math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)"), 16) % 1000003)
  tag = string.format("%x%x", os.time(), math.random(1, 2 ^ 30))
  expires = os.date("!%Y-%m-%dT%H:%M:%SZ", os.time() + 86400)
end

local function key()
  counter = counter + 1
  return "bench-" .. tag .. "-" .. counter
end

local function payee(payer, to)
  return to == payer.id and (to % wallets) + 1 or to
end

-- A POST of one posting, under its own Idempotency-Key.
local function post(path, auth, idempotencyKey, body)
  return wrk.format("POST", path, {
    ["Content-Type"] = "application/json",
    ["Authorization"] = auth,
    ["Idempotency-Key"] = idempotencyKey,
  }, body)
end

local function transfer(payer, to)
  return post("/v1/transfers", payer.auth, key(),
    '{"fromAccountId":' .. payer.id .. ',"toAccountId":' .. payee(payer, to) .. ',"amount":1}')
end

local function deposit(to)
  local reference = key()
  return post("/v1/deposits", "Bearer " .. os.getenv("OPERATOR"), reference,
    '{"accountId":' .. to .. ',"amount":1,"reference":"' .. reference .. '"}')
end

local function withdrawal(payer)
  return post("/v1/withdrawals", payer.auth, key(), '{"accountId":' .. payer.id .. ',"amount":1}')
end

local function hold(payer, to)
  return post("/v1/holds", payer.auth, key(),
    '{"accountId":' .. payer.id .. ',"destinationAccountId":' .. payee(payer, to)
      .. ',"amount":1,"expiresAt":"' .. expires .. '"}')
end

local function transfers(payer)
  local items = {}
  for i = 1, batch do
    items[i] = '{"key":"' .. key() .. '","fromAccountId":' .. payer.id .. ',"toAccountId":'
      .. payee(payer, math.random(wallets)) .. ',"amount":1}'
  end
  return wrk.format("POST", "/v1/transfer-batches", {
    ["Content-Type"] = "application/json",
    ["Authorization"] = payer.auth,
  }, '{"transfers":[' .. table.concat(items, ",") .. ']}')
end

function request()
  local index = math.random(#payers)
  local payer = payers[index]
  if mode == "hot" then
    return transfer(payer, tonumber(target))
  elseif mode == "merchant" then
    return transfer(payer, tonumber(os.getenv("MERCHANT")))
  elseif mode == "campaign" then
    return transfer(payer, tonumber(os.getenv("CAMPAIGN")))
  elseif mode == "closed" then
    local other = math.random(#payers - 1)
    return transfer(payer, payers[other < index and other or other + 1].id)
  elseif mode == "read" or mode == "balance" or mode == "history" then
    local path = "/v1/accounts/" .. payer.id
    if mode == "history" or (mode == "read" and math.random(4) == 1) then
      path = path .. "/entries?limit=20"
    end
    return wrk.format("GET", path, { ["Authorization"] = payer.auth })
  elseif mode == "floor" then
    return wrk.format("GET", "/actuator/health/liveness", { ["Authorization"] = payer.auth })
  elseif mode == "bulk" then
    return transfers(payer)
  elseif mode == "deposit" then
    return deposit(math.random(wallets))
  elseif mode == "withdraw" then
    return withdrawal(payer)
  elseif mode == "hold" then
    return hold(payer, math.random(wallets))
  elseif mode == "payday" then
    local pick = math.random(3)
    if pick == 1 then
      return deposit(math.random(wallets))
    elseif pick == 2 then
      return withdrawal(payer)
    end
  end
  return transfer(payer, math.random(wallets))
end

function response(status, headers, body)
  if mode == "bulk" and status == 200 then
    for item in body:gmatch('"status":(%d+)') do
      local code = tonumber(item)
      statuses[code] = (statuses[code] or 0) + 1
    end
  else
    statuses[status] = (statuses[status] or 0) + 1
  end
end

function done(summary, latency, requests)
  local merged = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do
      merged[status] = (merged[status] or 0) + count
    end
  end
  local parts = {}
  for status, count in pairs(merged) do
    parts[#parts + 1] = status .. ":" .. count
  end
  table.sort(parts)
  local e = summary.errors
  local answered = mode == "bulk" and (merged[201] or 0) or summary.requests
  io.write(string.format(
    "RESULT rps=%.1f p50=%.2f p95=%.2f p99=%.2f p999=%.2f statuses=%s socket_errors=%d\n",
    answered / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    latency:percentile(99) / 1000, latency:percentile(99.9) / 1000,
    table.concat(parts, ","), e.connect + e.read + e.write + e.timeout))
end
