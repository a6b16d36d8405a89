# Sourced by bin/run and bench/run.sh: the service's JVM settings, chosen by measurement
# (docs/benchmarks/log.md, "Garbage collector and heap"). G1 took the least CPU per transfer beside
# ZGC and the parallel collector, at a quarter of ZGC's resident memory; a 2 GiB heap holds the
# service's working set many times over. A JVM out of memory exits, so that its supervisor
# restarts it, instead of serving on half-broken. Override with LEDGER_JAVA_OPTS.
: "${LEDGER_JAVA_OPTS:=-XX:+UseG1GC -Xmx2g -XX:+ExitOnOutOfMemoryError}"
