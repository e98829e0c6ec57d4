"""The load of benchmarks/load.py driven by wrk (https://github.com/wg/wrk) instead of Python threads.

On a 2-core machine the Python client threads take most of a core from the server they measure; wrk, written in C
on epoll, takes a small share of one. A Lua script gives wrk the page's paths (taken at random, each thread with
its own seed), the `?x=<n>` of made-up query strings, the headers, and counts the answers served from the page
cache; at the end it prints one line with wrk's own latency percentiles (from its histogram, as `--latency`
prints them, p95 included) that `measure` reads back into a Tally."""

import os
import re
import shutil
import subprocess
import tempfile

WRK = "wrk"
THREADS = 2
RESULT = re.compile(r"^WRKRESULT (.*)$", re.MULTILINE)

SCRIPT = """
local paths = {%(paths)s}
local unique = %(unique)d
local headers = {%(headers)s}
local threads = {}
local counter = 0
hits = 0

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  math.randomseed(%(seed)d + id)
end

function request()
  local path = paths[math.random(#paths)]
  if unique > 0 then
    counter = counter + 1
    local sep = "?"
    if string.find(path, "?", 1, true) then sep = "&" end
    path = path .. sep .. "x=" .. ((counter * #threads + id) %% unique)
  end
  return wrk.format("GET", path, headers)
end

function response(status, response_headers, body)
  if response_headers["X-Page-Cache"] == "hit" then
    hits = hits + 1
  end
end

function done(summary, latency, requests)
  local counted = 0
  for _, thread in ipairs(threads) do
    counted = counted + thread:get("hits")
  end
  local e = summary.errors
  io.write(string.format(
    "WRKRESULT requests=%%d duration_us=%%d bytes=%%d errors=%%d hits=%%d " ..
    "p50=%%d p95=%%d p99=%%d mean=%%.1f max=%%d\\n",
    summary.requests, summary.duration, summary.bytes, e.connect + e.read + e.write + e.status + e.timeout,
    counted, latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.mean, latency.max))
end
"""


def available():
    return shutil.which(WRK) is not None


def lua_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def script(paths, unique_queries, identity, seed):
    headers = {} if identity else {"Accept-Encoding": "gzip"}
    return SCRIPT % {
        "paths": ", ".join(lua_string(path) for path in paths),
        "unique": unique_queries,
        "headers": ", ".join(f"[{lua_string(k)}] = {lua_string(v)}" for k, v in headers.items()),
        "seed": seed,
    }


def run(port, paths, clients, seconds, unique_queries=0, identity=False, seed=1, timeout=120):
    """One wrk run; returns its result line's figures (latencies in microseconds) and wrk's own report."""
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as lua:
        lua.write(script(paths, unique_queries, identity, seed))
    try:
        command = [
            WRK,
            f"--threads={min(THREADS, clients)}",
            f"--connections={clients}",
            f"--duration={max(1, round(seconds))}s",
            f"--timeout={timeout}s",
            "--latency",
            f"--script={lua.name}",
            f"http://127.0.0.1:{port}",
        ]
        done = subprocess.run(command, capture_output=True, text=True, check=True)
    finally:
        os.unlink(lua.name)
    found = RESULT.search(done.stdout)
    if found is None:
        raise SystemExit(f"wrk printed no result:\n{done.stdout}\n{done.stderr}")
    figures = dict(item.split("=") for item in found.group(1).split())
    return {key: float(value) for key, value in figures.items()}, done.stdout
