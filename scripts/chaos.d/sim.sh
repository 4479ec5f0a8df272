# scripts/chaos --target sim: the demo's simulated cluster under three daemons (scripts/demo --ha over
# the chaos' own ZooKeeper ensemble). Once the demo is up, each daemon is started again under the
# chaos' wrappers: its own cgroup, clock file and state directory on a tmpfs (the simulated cluster,
# sim/, stays shared through a link). One node's collector (node2) runs in a process of its own, in
# its own cgroup and clock, its results on a tmpfs, so that its clock and its disk can be faulted.
key_file="$state/hmac.key"
# Not node11 or node12: node13, in their group, is dead, so the safety cap (one node out of
# service per group) holds their evacuations, as it should.
load_nodes=(node4 node5 node6 node7 node8 node9 node10)
faulty_node=node2
demo_pid=""
cluster_api="sim"

# The demo's collectors, simulated cluster and three daemons, then node2's own collector.
start_demo() {
  "$top/scripts/demo" --ha --zookeeper "$zk_connect" --port "$port" --state-dir "$state" \
    > "$state/demo.out" 2>&1 &
  demo_pid=$!
  await_leader 180 || { say "the demo did not come up; see $state/demo.out"; exit 1; }
  start_faulty_collector
}

start_target() {
  start_demo
  local i l
  l=$(leader)
  # the standbys first, the leader last: one take-over, while nothing is under way
  for i in 0 1 2; do [ "$i" = "$l" ] || rehome_daemon "$i"; done
  rehome_daemon "$l"
}

# The ports the leader reaches the cluster on: the collectors' (the simulated cluster is a file).
cluster_ports_csv() {
  # (a port file ends without a newline)
  { for n in $(ls "$state/nodes"); do [ "$n" = "$faulty_node" ] || echo "$(cat "$state/nodes/$n/port")"; done
    echo "$(cat "$state/faulty-collector/port")"; } | paste -sd,
}

# node2's collector again, in a process of its own (the demo's answers for it go unused).
start_faulty_collector() {
  local d="$state/nodes/$faulty_node" c="$state/faulty-collector"
  mkdir -p "$c/results"
  mountpoint -q "$c/results" || mount -t tmpfs -o size=4m,mode=0755 maintd-chaos-collector "$c/results"
  sed -e "s|^portFile: .*|portFile: $c/port|" -e "s|^  results: .*|  results: $c/results|" \
    "$d/collector.yaml" > "$c/collector.yaml"
  echo "+0s" > "$state/clock-collector-$faulty_node"
  rm -f "$c/port"
  local wrap=("$top/scripts/netcut" run "collector-$faulty_node" --)
  [ -z "$faketime_lib" ] || [[ " $asked " != *" node-skew "* ]] || wrap+=(env LD_PRELOAD="$faketime_lib" FAKETIME_TIMESTAMP_FILE="$state/clock-collector-$faulty_node"
    FAKETIME_CACHE_DURATION=1 FAKETIME_DONT_FAKE_MONOTONIC=1 FAKETIME_DONT_RESET=1 FAKETIME_FORCE_MONOTONIC_FIX=0)
  "${wrap[@]}" java -Xmx96m -jar "$top/maintd-collector/target/maintd-collector.jar" -c "$c/collector.yaml" \
    >> "$c/collector.log" 2>&1 &
  echo "$!" > "$c/pid"
  disown "$!"
  local _
  for _ in $(seq 1 300); do [ -s "$c/port" ] && break; sleep 0.1; done
  [ -s "$c/port" ] || { say "node2's own collector did not start; see $c/collector.log"; exit 1; }
}

# Daemon i again, under the chaos' wrappers, its state on a tmpfs, node2's collector its own.
rehome_daemon() {
  local i=$1 n=${candidates[$1]} pid
  pid=$(daemon_pid "$i")
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -9 "$pid" 2>/dev/null || true
  mount_local "$n"
  [ -e "$state/local-$n/sim" ] || ln -s "$state/daemon/sim" "$state/local-$n/sim"
  sed -i -e "s|^stateDir: .*|stateDir: $state/local-$n|" \
    -e "s|^    $faulty_node: http://127.0.0.1:[0-9]*|    $faulty_node: http://127.0.0.1:$(cat "$state/faulty-collector/port")|" \
    "$state/maintd-$n.yaml"
  launch_daemon "$i"
  for _ in $(seq 1 600); do health "$i" | grep -q '"state":"\(RUNNING\|STANDBY\)"' && return 0; sleep 0.2; done
  say "daemon $n did not come back under the chaos' wrappers; see $state/daemon-$n.log"; exit 1
}

break_node() { any sim diagnose "$1" evacuate; }
mend_node() { any sim diagnose "$1" Ok; }

# The jobs the simulated cluster ran, one key per line.
job_keys() { grep -o '"key":"[^"]*"' "$state/daemon/sim/cluster.json" || true; }

cleanup() {
  stop_daemons
  [ -z "$demo_pid" ] || kill "$demo_pid" 2>/dev/null || true
  [ -f "$state/faulty-collector/pid" ] && kill -CONT "$(cat "$state/faulty-collector/pid")" 2>/dev/null || true
  [ -f "$state/faulty-collector/pid" ] && kill -9 "$(cat "$state/faulty-collector/pid")" 2>/dev/null || true
  wait 2>/dev/null || true
  heal_all
  local n
  for n in "${candidates[@]}"; do umount "$state/local-$n" 2>/dev/null || true; done
  umount "$state/faulty-collector/results" 2>/dev/null || true
}
