"""The Lua that decides, in Redis, for every node at once: each script runs whole, with no other
command between its steps, so taking a URL in, handing it out, recording it and giving back a
lost node's URLs cannot interleave. Times are the Redis server's (``TIME``): the nodes' clocks
may disagree.

Keys under the crawl's prefix P (``gc:{crawl id}:``):

``s:BUCKET``  the seen set: hashes of 6-byte fingerprint fields (fingerprint.py)
``q:ORIGIN``  the URLs waiting for one host, in order (wire.item_text)
``ready``     hosts with URLs waiting and a free slot, scored by when they may start (ms)
``h:ORIGIN``  a host: i requests held (in flight on some node), i:NODE those of one node, n next
              start (ms), d delay (ms; Crawl-delay), b backed off until (ms), s back-off step (ms)
``lease``     URL -> [node, origin, item] of every URL a node holds
``held:NODE`` the URLs a node holds
``alive``     node -> its last heartbeat (ms); ``node:NODE`` its figures; ``clock`` last, resumed
``asking``    node -> when it last asked for more URLs than it was handed (ms)
``n``         counters: taken (URLs taken in), queued, recorded, nodes (joined)
``t0``        when the crawl was made (ms): the zero of its records' times (axis.py)
``records``   a stream of the records made, each once (r, and n: the node), until the collector
              has written them
``state``     running, cancelled or finished
"""

from __future__ import annotations

# Shared by every script: ARGV[1] is the prefix, ARGV[2] the per-host limit.
_COMMON = """
local P = ARGV[1]
local LIMIT = tonumber(ARGV[2])
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
-- A host is in 'ready' exactly while URLs wait for it and it has a free slot.
local function schedule(origin)
  local hk = P .. 'h:' .. origin
  local h = redis.call('HMGET', hk, 'i', 'n', 'b')
  if (tonumber(h[1]) or 0) < LIMIT and redis.call('LLEN', P .. 'q:' .. origin) > 0 then
    redis.call('ZADD', P .. 'ready', math.max(tonumber(h[2]) or 0, tonumber(h[3]) or 0), origin)
  else
    redis.call('ZREM', P .. 'ready', origin)
  end
end
local function push(origin, item, front)
  if front then
    redis.call('LPUSH', P .. 'q:' .. origin, item)
  else
    redis.call('RPUSH', P .. 'q:' .. origin, item)
  end
  redis.call('HINCRBY', P .. 'n', 'queued', 1)
end
local function hold(node, origin, item)
  local url = string.match(item, '^[^\\n]*')
  redis.call('HSET', P .. 'lease', url, cjson.encode({node, origin, item}))
  redis.call('SADD', P .. 'held:' .. node, url)
  redis.call('HINCRBY', P .. 'h:' .. origin, 'i', 1)
  redis.call('HINCRBY', P .. 'h:' .. origin, 'i:' .. node, 1)
end
local function release(origin, node)
  local hk = P .. 'h:' .. origin
  if redis.call('HINCRBY', hk, 'i', -1) < 0 then
    redis.call('HSET', hk, 'i', 0)
  end
  if redis.call('HINCRBY', hk, 'i:' .. node, -1) <= 0 then
    redis.call('HDEL', hk, 'i:' .. node)
  end
  schedule(origin)
end
-- Every URL a node holds goes back ahead of its host's queue; returns how many.
local function give_back_all(node)
  local urls = redis.call('SMEMBERS', P .. 'held:' .. node)
  for _, url in ipairs(urls) do
    local lease = redis.call('HGET', P .. 'lease', url)
    if lease then
      local l = cjson.decode(lease)
      redis.call('HDEL', P .. 'lease', url)
      push(l[2], l[3], true)
      release(l[2], node)
    end
  end
  redis.call('DEL', P .. 'held:' .. node)
  return #urls
end
-- Each call of a node's pump (TAKE_IN, CLAIM, FINISH) is counted, the count the last value of
-- its answer: a count that jumps says an answer was lost after the script ran, one that falls
-- back says Redis lost writes (frontier.py).
local function count_call(node)
  return redis.call('HINCRBY', P .. 'node:' .. node, 'calls', 1)
end
-- A gap with no call at all (Redis restarted, or unreachable for everyone) is nobody's fault:
-- from its end every node has a whole lease to beat again before its URLs are given back.
local function tick(gap)
  local now = now_ms()
  local c = redis.call('HMGET', P .. 'clock', 'last', 'resumed')
  local last = tonumber(c[1]) or now
  local resumed = tonumber(c[2]) or now
  if now - last > gap then
    resumed = now
  end
  redis.call('HSET', P .. 'clock', 'last', now, 'resumed', resumed)
  return now, resumed
end
"""

# ARGV: P, limit, node, max_pages, then per URL: bucket, field, origin, item, mine (1/0).
# A URL new to the crawl is queued on its host, or (mine: a redirect's target, which its node
# fetches itself so that the chain's records stay together) held by the node at once. Returns per
# URL 1 (taken in), 0 (seen already) or -1 (max_pages reached), then the node's call count.
TAKE_IN = (
    _COMMON
    + """
local node, most = ARGV[3], tonumber(ARGV[4])
local taken = tonumber(redis.call('HGET', P .. 'n', 'taken')) or 0
local out = {}
for i = 5, #ARGV, 5 do
  local bucket, field, origin, item, mine = ARGV[i], ARGV[i+1], ARGV[i+2], ARGV[i+3], ARGV[i+4]
  if most > 0 and taken >= most then
    out[#out + 1] = -1
  elseif redis.call('HSETNX', P .. 's:' .. bucket, field, '') == 1 then
    taken = taken + 1
    if mine == '1' then
      hold(node, origin, item)
    else
      push(origin, item, false)
    end
    schedule(origin)
    out[#out + 1] = 1
  else
    out[#out + 1] = 0
  end
end
redis.call('HSET', P .. 'n', 'taken', taken)
out[#out + 1] = count_call(node)
return out
"""
)

# ARGV: P, limit, node, n, delay (ms). Hands the node up to n URLs of hosts that may start a
# request now, each held by the node and counted against its host's limit and delay. Returns
# {wait, items…, calls}: wait 0 when it handed some, else the ms until a host may start (-1:
# nothing is queued, or nothing this node may take now; -2, alone: this node was given up as
# lost, its URLs given back), then the node's call count.
#
# A host's slots are shared among the nodes that ask for more than they get (``asking``: when
# each last did, within ASKING ms): while others ask, a node holds at most its share of a host's
# slots, ceil(limit / nodes asking). Without it, the node that frees a slot asks again at once
# and takes it back before another node's next look, and one node does a site's every page (its
# parsing and rendering with it) while the others wait.
ASKING = 1000
CLAIM = (
    _COMMON
    + """
local node, n, delay = ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5])
if not redis.call('ZSCORE', P .. 'alive', node) then
  return {-2}
end
local now = now_ms()
local ak = P .. 'asking'
redis.call('ZREMRANGEBYSCORE', ak, '-inf', now - """
    + str(ASKING)
    + """)
local others = redis.call('ZCARD', ak)
if redis.call('ZSCORE', ak, node) then others = others - 1 end
local share = math.ceil(LIMIT / (others + 1))
local out = {0}
local skipped = 0  -- hosts that may start now of which this node holds its share
while #out - 1 < n and skipped < 64 do
  local top = redis.call('ZRANGE', P .. 'ready', skipped, skipped, 'WITHSCORES')
  if #top == 0 then
    if #out == 1 then out[1] = -1 end
    break
  end
  local origin, at = top[1], tonumber(top[2])
  if at > now then
    if #out == 1 then out[1] = skipped > 0 and -1 or at - now end
    break
  end
  local hk = P .. 'h:' .. origin
  if (tonumber(redis.call('HGET', hk, 'i:' .. node)) or 0) >= share then
    skipped = skipped + 1
    if #out == 1 then out[1] = -1 end
  else
    local item = redis.call('LPOP', P .. 'q:' .. origin)
    if item then
      redis.call('HINCRBY', P .. 'n', 'queued', -1)
      hold(node, origin, item)
      local d = math.max(delay, tonumber(redis.call('HGET', hk, 'd')) or 0)
      if d > 0 then
        redis.call('HSET', hk, 'n', now + d)
      end
      out[#out + 1] = item
    end
    schedule(origin)
  end
end
if #out - 1 < n then
  redis.call('ZADD', ak, now, node)
else
  redis.call('ZREM', ak, node)
end
if #out > 1 then out[1] = 0 end
out[#out + 1] = count_call(node)
return out
"""
)

# ARGV: P, limit, node, then per URL: url, record (JSON; '' gives the URL back). A record is
# taken only from the node that holds the URL: a node given up as lost whose URL went to another
# records nothing, so each URL is recorded once however often it was fetched. Returns per URL 1
# (taken) or 0 (not this node's), then the node's call count.
FINISH = (
    _COMMON
    + """
local node = ARGV[3]
local out = {}
for i = 4, #ARGV, 2 do
  local url, record = ARGV[i], ARGV[i + 1]
  local lease = redis.call('HGET', P .. 'lease', url)
  local ok = 0
  if lease then
    local l = cjson.decode(lease)
    if l[1] == node then
      redis.call('HDEL', P .. 'lease', url)
      redis.call('SREM', P .. 'held:' .. node, url)
      if record == '' then
        push(l[2], l[3], true)
      else
        redis.call('XADD', P .. 'records', '*', 'r', record, 'n', node)
        redis.call('HINCRBY', P .. 'n', 'recorded', 1)
        redis.call('HINCRBY', P .. 'node:' .. node, 'done', 1)
      end
      release(l[2], node)
      ok = 1
    end
  end
  out[#out + 1] = ok
end
out[#out + 1] = count_call(node)
return out
"""
)

# ARGV: P, limit, node, gap (ms), join (1/0), then field, value pairs of the node's figures
# (``up``: seconds since its crawl started, once it has). A node joining gets its number, the
# order it joined in (its workers' ids and lanes in a window follow it), and the time it joined;
# its start (ms, Redis's clock) is kept from the first beat that says how long it has been up.
# Returns {alive, state}: alive 0 when the node was given up as lost (and join is 0).
HEARTBEAT = (
    _COMMON
    + """
local node, gap, join = ARGV[3], tonumber(ARGV[4]), ARGV[5]
local now = tick(gap)
local alive = 1
local nk = P .. 'node:' .. node
if redis.call('ZSCORE', P .. 'alive', node) or join == '1' then
  redis.call('ZADD', P .. 'alive', now, node)
  local fields = {'beat', now}
  for i = 6, #ARGV do fields[#fields + 1] = ARGV[i] end
  redis.call('HSET', nk, unpack(fields))
  if redis.call('HEXISTS', nk, 'number') == 0 then
    redis.call('HSET', nk, 'number', redis.call('HINCRBY', P .. 'n', 'nodes', 1) - 1, 'joined', now)
  end
  local up = tonumber(redis.call('HGET', nk, 'up'))
  if up and redis.call('HEXISTS', nk, 'start') == 0 then
    redis.call('HSET', nk, 'start', now - math.floor(up * 1000))
  end
  redis.call('SADD', P .. 'nodes', node)
else
  alive = 0
end
return {alive, redis.call('GET', P .. 'state') or 'running'}
"""
)

# ARGV: P, limit, lease (ms), gap (ms). Gives back every URL of the nodes that have not beaten
# for a lease. Returns how many URLs went back.
RECLAIM = (
    _COMMON
    + """
local lease, gap = tonumber(ARGV[3]), tonumber(ARGV[4])
local now, resumed = tick(gap)
if now - resumed < lease then
  return 0
end
local n = 0
for _, node in ipairs(redis.call('ZRANGEBYSCORE', P .. 'alive', '-inf', now - lease)) do
  n = n + give_back_all(node)
  redis.call('ZREM', P .. 'alive', node)
  redis.call('HSET', P .. 'node:' .. node, 'state', 'lost')
end
return n
"""
)

# ARGV: P, limit, node, state. A node leaving: its URLs back at once.
LEAVE = (
    _COMMON
    + """
local n = give_back_all(ARGV[3])
redis.call('ZREM', P .. 'alive', ARGV[3])
redis.call('HSET', P .. 'node:' .. ARGV[3], 'state', ARGV[4])
return n
"""
)

# ARGV: P, limit, origin, retry_after (ms; -1: none said), first (ms), most (ms). The host
# answered 429/503: no node starts a request there before Retry-After, else a step that doubles
# with each such answer. Returns the ms decided.
THROTTLE = (
    _COMMON
    + """
local origin, wait = ARGV[3], tonumber(ARGV[4])
local first, most = tonumber(ARGV[5]), tonumber(ARGV[6])
local hk = P .. 'h:' .. origin
if wait < 0 then
  wait = math.max(first, 2 * (tonumber(redis.call('HGET', hk, 's')) or 0))
end
wait = math.min(wait, most)
local until_ = now_ms() + wait
redis.call('HSET', hk, 's', wait, 'b', math.max(until_, tonumber(redis.call('HGET', hk, 'b')) or 0))
schedule(origin)
return wait
"""
)

# ARGV: P, limit, origin, first (ms). A normal answer after a back-off: the step halves, so a
# host that recovered speeds up again.
ANSWERED = (
    _COMMON
    + """
local hk = P .. 'h:' .. ARGV[3]
local s = (tonumber(redis.call('HGET', hk, 's')) or 0) / 2
if s < tonumber(ARGV[4]) then s = 0 end
redis.call('HSET', hk, 's', s)
return s
"""
)

# ARGV: P, limit, origin, delay (ms): robots.txt's Crawl-delay, for every node.
SET_DELAY = (
    _COMMON
    + """
local hk = P .. 'h:' .. ARGV[3]
local d = math.max(tonumber(ARGV[4]), tonumber(redis.call('HGET', hk, 'd')) or 0)
redis.call('HSET', hk, 'd', d)
return d
"""
)
