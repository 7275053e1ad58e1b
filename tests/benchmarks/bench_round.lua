-- wrk script for bench_round.py: one thread and one connection per dealer, each sending its
-- own list of requests in order (a dealer's next action depends on the last one).
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
  next_request = 0
end

function request()
  next_request = next_request % #requests + 1
  return requests[next_request]
end
