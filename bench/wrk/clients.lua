-- wrk script of the API benchmark (bench/lib/wrk.ts runs it):
--   wrk ... -s bench/wrk/clients.lua <url> -- <addresses> [<header name> <header value>]
--
-- Every request carries `X-Forwarded-For: 10.x.y.z`, cycling through <addresses> distinct
-- client addresses, as a reverse proxy in front of the server sends them. The server under test
-- trusts the bench's loopback as that proxy, so its rate limit counts each address on its own
-- (240 a minute by default) and the benchmark measures answers, not 429s. The optional header
-- (e.g. If-None-Match) goes on every request.
--
-- The requests are built once, in init: wrk then only hands out a prepared string per request,
-- so the client stays far faster than the one server core it drives.
--
-- At the end one line `WRK_RESULT {json}` reports the exact counts and latency percentiles
-- (microseconds), which bench/lib/wrk.ts parses instead of wrk's rounded text summary.

local requests = {}
local count = 0
local next_index = 0

function init(args)
  local addresses = tonumber(args[1] or "50000")
  local headers = {}
  if args[2] ~= nil and args[3] ~= nil then
    headers[args[2]] = args[3]
  end
  for k = 0, addresses - 1 do
    headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.floor(k / 65536) % 256, math.floor(k / 256) % 256, k % 256)
    requests[k + 1] = wrk.format(nil, nil, headers)
  end
  count = addresses
end

function request()
  next_index = next_index % count + 1
  return requests[next_index]
end

function done(summary, latency)
  local e = summary.errors
  io.write(string.format(
    'WRK_RESULT {"requests":%d,"duration_us":%d,"bytes":%d,"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},"latency_us":{"p50":%d,"p90":%d,"p99":%d,"p999":%d,"max":%d,"mean":%.1f}}\n',
    summary.requests, summary.duration, summary.bytes,
    e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency:percentile(99.9), latency.max, latency.mean))
end
