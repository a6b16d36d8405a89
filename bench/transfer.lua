-- wrk script: each request is a transfer of 1 dong from a random payer to one account, with a
-- unique Idempotency-Key. Payers come from the file named by the environment variable PAYERS
-- (lines "<walletId> <token>"); the destination from TARGET.
local payers = {}
local target = os.getenv("TARGET")
local counter = 0
local thread_tag

local function load_payers()
  for line in io.lines(os.getenv("PAYERS")) do
    local id, token = line:match("^(%d+) (%S+)$")
    if id then
      payers[#payers + 1] = { id = id, auth = "Bearer " .. token }
    end
  end
end

function init(args)
  load_payers()
  math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)"), 16) % 100000)
  thread_tag = string.format("%x%x", os.time(), math.random(1, 2 ^ 30))
end

function request()
  counter = counter + 1
  local payer = payers[math.random(#payers)]
  local body = '{"fromAccountId":' .. payer.id .. ',"toAccountId":' .. target .. ',"amount":1}'
  return wrk.format("POST", "/v1/transfers", {
    ["Content-Type"] = "application/json",
    ["Authorization"] = payer.auth,
    ["Idempotency-Key"] = "bench-" .. thread_tag .. "-" .. counter,
  }, body)
end
