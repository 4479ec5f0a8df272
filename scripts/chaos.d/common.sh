# scripts/chaos: what both targets share: the log, the ZooKeeper ensemble, the daemons' processes
# (each in a cgroup of its own for scripts/netcut, under libfaketime with a clock file of its own,
# its state directory on a tmpfs of its own), who leads, the load's bookkeeping, and the end.
# Sourced by scripts/chaos, which sets top, state, jar, port, log.

# The chaos' own nftables table and cgroups, apart from any test's and any other run's (by its port).
export MAINTD_NETCUT_NAME=maintd-chaos-$port

say() { echo "$(date +%H:%M:%S) $*" | tee -a "$log"; }
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

candidates=(node1 node2 node3)
ports=([0]=$port [1]=$((port + 1)) [2]=$((port + 2)))
stuck=0
faketime_lib=""
for f in /usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1 /usr/lib/*/faketime/libfaketimeMT.so.1; do
  [ -f "$f" ] && { faketime_lib=$f; break; }
done

# --- ZooKeeper: three servers, each its own process in its own cgroup (zk1, zk2, zk3)
zk_connect=""
zk_client_ports=()
declare -A zk_pids=()
for i in 1 2 3; do
  zk_client_ports+=($((port + 10 + i)))
  zk_connect="${zk_connect:+$zk_connect,}127.0.0.1:$((port + 10 + i))"
done
zk_ports_csv=$(IFS=,; echo "${zk_client_ports[*]}")
start_zk() {
  "$top/scripts/netcut" run "zk$1" -- \
    java -Xmx128m -cp "$jar" org.apache.zookeeper.server.quorum.QuorumPeerMain "$state/zk$1/zoo.cfg" \
    >> "$state/zk$1/server.log" 2>&1 &
  zk_pids[$1]=$!
  disown "$!"
}
start_zookeeper() {
  local i j d
  for i in 1 2 3; do
    d="$state/zk$i"
    mkdir -p "$d/data"
    echo "$i" > "$d/data/myid"
    {
      echo "tickTime=500"
      echo "initLimit=20"
      echo "syncLimit=10"
      echo "dataDir=$d/data"
      echo "clientPort=$((port + 10 + i))"
      echo "admin.enableServer=false"
      for j in 1 2 3; do echo "server.$j=127.0.0.1:$((port + 20 + j)):$((port + 30 + j))"; done
    } > "$d/zoo.cfg"
    start_zk "$i"
  done
}

# --- the daemons: candidate i runs in cgroup daemon-<node>, its clock in clock-<node>, its state
# directory local-<node> on a tmpfs of its own (mounted by the target).
daemon_pid() { cat "$state/daemon-${candidates[$1]}.pid"; }
launch_daemon() {
  local i=$1 n=${candidates[$1]}
  local wrap=("$top/scripts/netcut" run "daemon-$n" --)
  [ -f "$state/clock-$n" ] || echo "+0s" > "$state/clock-$n"
  if [ -n "$faketime_lib" ] && [[ " $asked " =~ " clock-" ]]; then
    # Only the wall clock moves (a stepped clock); the monotonic clock goes on. Without
    # FAKETIME_FORCE_MONOTONIC_FIX=0, libfaketime 0.9.10 makes the JVM's timed waits return at once:
    # every idle thread spins, a whole core per process.
    wrap+=(env LD_PRELOAD="$faketime_lib" FAKETIME_TIMESTAMP_FILE="$state/clock-$n"
      FAKETIME_CACHE_DURATION=1 FAKETIME_DONT_FAKE_MONOTONIC=1 FAKETIME_DONT_RESET=1
      FAKETIME_FORCE_MONOTONIC_FIX=0)
  fi
  "${wrap[@]}" java -Xmx256m -jar "$jar" -f -c "$state/maintd-$n.yaml" --no-voting --yes-do-it \
    >> "$state/daemon-$n.log" 2>&1 &
  echo "$!" > "$state/daemon-$n.pid"
  disown "$!"
}
mount_local() {
  local d="$state/local-$1"
  mkdir -p "$d" "$state/locks"
  mountpoint -q "$d" || mount -t tmpfs -o size=16m,mode=0755 "maintd-chaos-$1" "$d"
  # the file store's lock stays open while the daemon runs, and an open file for writing keeps the
  # kernel from remounting read-only: it lives beside the tmpfs
  [ -e "$d/state.json.lock" ] || ln -s "$state/locks/$1-state.json.lock" "$d/state.json.lock"
}

health() { curl -s -m 1 "http://127.0.0.1:${ports[$1]}/1/health" 2>/dev/null || true; }
# The index of the daemon that leads and says so, or nothing.
leader() {
  local i
  for i in "${!candidates[@]}"; do
    if health "$i" | grep -q '"leader":true'; then echo "$i"; return; fi
  done
}
await_leader() {
  local _
  for _ in $(seq 1 $(( $1 * 5 ))); do [ -n "$(leader)" ] && return 0; sleep 0.2; done
  return 1
}
ctl() { MAINTD_URL="http://127.0.0.1:${ports[$1]}" MAINTD_KEY_FILE="$key_file" "$top/scripts/maintctl" "${@:2}"; }
# Any daemon that answers: maintctl follows a standby's refusal to the leader.
any() { local i; for i in "${!candidates[@]}"; do ctl "$i" "$@" > /dev/null 2>&1 && return 0; done; return 1; }

# --- the load: evacuate a node, wait for its incident to complete, then put it back.
load_node=""; load_phase=idle; load_since=$(date +%s); cycles=0; started_cycles=0
# Whether the incident of node $1 has completed, as any daemon that answers shows it.
completed() {
  local i
  for i in "${!candidates[@]}"; do
    if ctl "$i" status 2>/dev/null | awk -v n="$1" '$2==n && $4=="completed" {f=1} END {exit !f}'; then
      return 0
    fi
  done
  return 1
}
load_step() {
  local now; now=$(date +%s)
  case "$load_phase" in
    idle)
      load_node=${load_nodes[$((RANDOM % ${#load_nodes[@]}))]}
      if break_node "$load_node"; then
        load_phase=evacuating; load_since=$now; started_cycles=$((started_cycles + 1))
      fi ;;
    evacuating)
      if completed "$load_node"; then
        mend_node "$load_node" && any ack "$load_node" && load_phase=returning
      elif [ $((now - load_since)) -gt 300 ]; then
        say "the evacuation of $load_node has not completed in 300 s"; stuck=1
      fi ;;
    returning)
      if any up "$load_node"; then cycles=$((cycles + 1)); load_phase=idle; fi ;;
  esac
}
# Lets the cycle under way end (or says it did not within $1 s).
finish_load() {
  local until=$(( $(date +%s) + $1 ))
  while [ "$load_phase" != idle ] && [ "$(date +%s)" -lt "$until" ]; do load_step; sleep 1; done
  if [ "$load_phase" != idle ]; then
    say "the evacuation of $load_node did not end within $1 s after the last fault"; stuck=1
  fi
}

# Whether every daemon reads the stored state back alike: the same incidents, each at the same
# serial number, on the leader and on the standbys (which read the stored state), within 30 s.
state_reads_back() {
  local i t views
  for t in $(seq 1 30); do
    views=""
    for i in "${!candidates[@]}"; do
      views="$views
$(curl -s -m 5 "http://127.0.0.1:${ports[$i]}/1/status" 2>/dev/null \
        | jq -c '[.[] | [.uuid, .["repair-status"], .serial_no]] | sort' 2>/dev/null || echo "no answer")"
    done
    if ! grep -q 'no answer' <<< "$views" && [ "$(grep -c . <<< "$views" | tr -d ' ')" = "${#candidates[@]}" ] \
      && [ "$(sort -u <<< "$views" | grep -c .)" = 1 ]; then
      return 0
    fi
    sleep 1
  done
  say "the daemons do not show the same state: $views"
  return 1
}

# Whether the store's own copy of the state can be read (a target with a file store says how).
stored_state_ok() { return 0; }

stop_daemons() {
  local n
  for n in "${candidates[@]}"; do
    [ -f "$state/daemon-$n.pid" ] && kill -CONT "$(cat "$state/daemon-$n.pid")" 2>/dev/null || true
    [ -f "$state/daemon-$n.pid" ] && kill -9 "$(cat "$state/daemon-$n.pid")" 2>/dev/null || true
  done
  for i in 1 2 3; do [ -z "${zk_pids[$i]:-}" ] || kill -9 "${zk_pids[$i]}" 2>/dev/null || true; done
}
