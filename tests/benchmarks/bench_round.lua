-- wrk script for bench_round.py: one thread and one connection per dealer, each sending its
-- own list of requests in order (a dealer's next action depends on the last one), each once:
-- a dealer that has sent its whole list stops (no cycling back to keys already used, which
-- the server would answer from the stored try and flatter the rate).
-- Argument: a file of "<thread id> <token> <path> <body>" lines.
local threads = {}

function setup(thread)
  thread:set("tid", #threads)
  table.insert(threads, thread)
end

function init(args)
  requests = {}
  for line in io.lines(args[1]) do
    local id, token, path, body = line:match("^(%d+) (%S+) (%S+) (.*)$")
    if tonumber(id) == tid then
      table.insert(requests, wrk.format("POST", path,
        {["Authorization"] = "Token " .. token, ["Content-Type"] = "application/json"}, body))
    end
  end
  sent = 0
  -- wrk calls request() once on the first thread before the run, to check the script's
  -- request (script_verify_request): that call must not use up the dealer's first tap,
  -- or every later tap of its first round is a step ahead of the table (409, stale).
  verifying = tid == 0
end

function request()
  if verifying then
    verifying = false
    return requests[1]
  end
  if sent >= #requests then
    -- Only reached if the stop below has not taken effect yet: a cheap read, never a tap.
    wrk.thread:stop()
    return wrk.format("GET", "/api/v1/me/")
  end
  sent = sent + 1
  return requests[sent]
end

function response(status, headers, body)
  if sent >= #requests then
    wrk.thread:stop()
  end
end
