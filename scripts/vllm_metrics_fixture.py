"""Writes the vLLM 0.33 /metrics fixtures of benchfit measure's engine-time tests.

Run with the Python of the vLLM 0.33 venv that scripts/peer-files.sh installs (vLLM itself with
--no-deps; prometheus_client comes with it):

    ~/.cache/benchfit-tools/peers/vllm/bin/python scripts/vllm_metrics_fixture.py \
        crates/benchfit-cli/tests/data/metrics

It registers the series exactly as vllm/v1/metrics/loggers.py (PrometheusStatLogger) does: the
same names, documentation, labels (model_name, engine) and vLLM's own bucket bounds
(vllm.v1.metrics.buckets.histogram_buckets), for two engines (data parallel 2), observes a
scenario worked out by hand and writes prometheus_client's exposition before and after a stage:

- before: 10 requests done (queue 0.15 s, prefill 0.04 s, decode 0.4 s each); prefix cache
  1,000 hit tokens of 4,000 queried; 3 preemptions.
- the stage: 40 more requests (25 on engine 0, 15 on engine 1): queue 0.05 s, prefill 0.02 s,
  decode 0.2 s, inference 0.22 s each; 2,560 more hit tokens of 5,120 queried (hit rate 0.5);
  4 more preemptions.
"""
import sys
from pathlib import Path

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from vllm.v1.metrics.buckets import histogram_buckets

out = Path(sys.argv[1])
reg = CollectorRegistry()
labels = ["model_name", "engine"]
model = "meta-llama/Llama-3.1-8B-Instruct"
engines = ["0", "1"]
lat = histogram_buckets("request_latency")

running = Gauge("vllm:num_requests_running", "Number of requests in model execution batches.", labels, registry=reg)
waiting = Gauge("vllm:num_requests_waiting", "Number of requests waiting to be processed.", labels, registry=reg)
kv = Gauge("vllm:kv_cache_usage_perc", "KV-cache usage. 1 means 100 percent usage.", labels, registry=reg)
queries = Counter("vllm:prefix_cache_queries", "Prefix cache queries, in terms of number of queried tokens.", labels, registry=reg)
hits = Counter("vllm:prefix_cache_hits", "Prefix cache hits, in terms of number of cached tokens.", labels, registry=reg)
preempt = Counter("vllm:num_preemptions", "Cumulative number of preemption from the engine.", labels, registry=reg)
queue = Histogram("vllm:request_queue_time_seconds", "Histogram of time spent in WAITING phase for request.", labels, buckets=lat, registry=reg)
inference = Histogram("vllm:request_inference_time_seconds", "Histogram of time spent in RUNNING phase for request.", labels, buckets=lat, registry=reg)
prefill = Histogram("vllm:request_prefill_time_seconds", "Histogram of time spent in PREFILL phase for request.", labels, buckets=lat, registry=reg)
decode = Histogram("vllm:request_decode_time_seconds", "Histogram of time spent in DECODE phase for request.", labels, buckets=lat, registry=reg)


def done(engine, n, q, p, d):
    for _ in range(n):
        queue.labels(model, engine).observe(q)
        prefill.labels(model, engine).observe(p)
        decode.labels(model, engine).observe(d)
        inference.labels(model, engine).observe(p + d)


for e in engines:
    running.labels(model, e).set(0)
    waiting.labels(model, e).set(0)
    kv.labels(model, e).set(0.0)
done("0", 6, 0.15, 0.04, 0.4)
done("1", 4, 0.15, 0.04, 0.4)
queries.labels(model, "0").inc(2500)
queries.labels(model, "1").inc(1500)
hits.labels(model, "0").inc(600)
hits.labels(model, "1").inc(400)
preempt.labels(model, "0").inc(3)
preempt.labels(model, "1").inc(0)
(out / "vllm-0.33-before.txt").write_bytes(generate_latest(reg))

done("0", 25, 0.05, 0.02, 0.2)
done("1", 15, 0.05, 0.02, 0.2)
queries.labels(model, "0").inc(3200)
queries.labels(model, "1").inc(1920)
hits.labels(model, "0").inc(1600)
hits.labels(model, "1").inc(960)
preempt.labels(model, "0").inc(1)
preempt.labels(model, "1").inc(3)
running.labels(model, "0").set(2)
kv.labels(model, "0").set(0.125)
(out / "vllm-0.33-after.txt").write_bytes(generate_latest(reg))
