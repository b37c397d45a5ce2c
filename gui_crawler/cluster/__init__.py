"""One crawl on many machines, shared through Redis (or Valkey). No Qt here.

A crawl's frontier lives in one Redis server: the URLs taken in (a seen set of 64-bit
fingerprints), a queue per host, the URLs each node holds (leases, given back when a node stops
beating), per-host politeness decided there for every node at once, the crawl's options, and the
records of every node on their way to the one crawl file that collects them. Each node runs the
ordinary engine (engine.Crawler) with a frontier and host rules that ask Redis
(``frontier.ClusterFrontier``, ``hosts.ClusterHosts``); everything else is the engine's own.

address (the Redis URL, its password never said), fingerprint, scripts (the Lua that decides),
shared (one crawl's keys and the calls on them), wire (a record as Redis carries it), frontier,
hosts, node (one machine's part), collector (records into the crawl file), status, watch (what a
window is told), cli (``crawl --cluster``, ``cluster work``, ``cluster status``).

The ``redis`` client is an optional extra: ``pip install 'gui_crawler[cluster]'``.
"""
