-- wrk script for bench_answer.py: each connection POSTs to its own list of paths, with
-- the owner's token. Arguments: <threads> <file of "token path body-file" lines>.
local threads = {}

function setup(thread)
  thread:set("tid", #threads)
  table.insert(threads, thread)
end

function init(args)
  local nthreads = tonumber(args[1])
  requests = {}
  local index = 0
  for line in io.lines(args[2]) do
    if index % nthreads == tid then
      local token, path, body = line:match("^(%S+) (%S+) (.*)$")
      table.insert(requests, wrk.format("POST", path,
        {["Authorization"] = "Token " .. token, ["Content-Type"] = "application/json"}, body))
    end
    index = index + 1
  end
  next_request = 0
end

function request()
  next_request = next_request % #requests + 1
  return requests[next_request]
end
