# scripts/chaos: the fault kinds. Each kind has: where it applies (applies_K: sim, ganeti or both),
# what it does (about_K), how it is made (inject_K) and undone (heal_K), and the sign that maintd
# shows it (sign_K: true once /1/health or /metrics shows it; a kind maintd cannot see, such as a
# ZooKeeper server lost while the quorum holds, has none). run_fault makes one, measures the time
# to notice and to recover, and records it.

all_kinds="kill-leader kill-standby kill-zk pause-leader cut-leader-zk cut-leader-cluster
partition-zk-server partition-zk-leader-server lossy-links disk-full disk-readonly collector-disk-full
clock-forward clock-back node-skew rapi-slow rapi-502 rapi-truncated rapi-stuck rapi-lost-answers"

about() {
  case "$1" in
    kill-leader) echo "SIGKILL the leading daemon; started again after the hold" ;;
    kill-standby) echo "SIGKILL a standby; started again after the hold" ;;
    kill-zk) echo "SIGKILL one ZooKeeper server of three; started again after the hold" ;;
    pause-leader) echo "SIGSTOP the leader for longer than its session, then SIGCONT: it must not act or answer as leader" ;;
    cut-leader-zk) echo "nftables drops what the leader sends to ZooKeeper (not to the cluster or the collectors)" ;;
    cut-leader-cluster) echo "nftables drops what the leader sends to the collectors and the cluster's API (not to ZooKeeper)" ;;
    partition-zk-server) echo "nftables cuts one ZooKeeper server (not the leader's) from its two peers, not from its clients" ;;
    partition-zk-leader-server) echo "nftables cuts the ZooKeeper server the leader's session is on from its two peers" ;;
    lossy-links) echo "nftables loses 20% of what the leader sends to the collectors, the cluster and ZooKeeper" ;;
    disk-full) echo "the leader's state directory (a tmpfs) filled to the last byte" ;;
    disk-readonly) echo "the leader's state directory (a tmpfs) remounted read-only" ;;
    collector-disk-full) echo "a collector's results directory (a tmpfs) filled to the last byte" ;;
    clock-forward) echo "the leader's wall clock stepped one hour forward (libfaketime), then put right" ;;
    clock-back) echo "the leader's wall clock stepped ten minutes back (libfaketime), then put right" ;;
    node-skew) echo "a node's clock 400 s ahead: its signed reports are outside the ±300 s window" ;;
    rapi-slow) echo "the cluster's API answers 6 s late (fault proxy)" ;;
    rapi-502) echo "the cluster's API answers 502 to half the requests (fault proxy)" ;;
    rapi-truncated) echo "the cluster's API cuts half its JSON answers short (fault proxy)" ;;
    rapi-stuck) echo "the cluster's API shows every finished job as running for 60 s (fault proxy)" ;;
    rapi-lost-answers) echo "the cluster's API takes every submission and answers 502 (fault proxy)" ;;
    *) return 1 ;;
  esac
}
applies() {
  case "$1" in
    rapi-*) [ "$2" = ganeti ] ;;
    # the sandbox's collectors live in its nodes' namespaces
    node-skew|collector-disk-full) [ "$2" != ganeti ] ;;
    # one daemon with the file store: no standby, no ZooKeeper
    kill-standby|kill-zk|pause-leader|cut-leader-zk|partition-*) [ "$2" != sim-file ] ;;
    *) true ;;
  esac
}
list_kinds() {
  local k
  for k in $all_kinds; do local where="" t
    for t in sim sim-file ganeti; do applies "$k" "$t" && where="$where${where:+, }$t"; done
    printf '%-27s %s (%s)\n' "$k" "$(about "$k")" "$where"; done
}
chosen_kinds() {
  local k out=""
  for k in ${1//,/ }; do
    about "$k" > /dev/null || { echo "scripts/chaos: no fault kind '$k' (see scripts/chaos --list)" >&2; exit 2; }
    applies "$k" "$target" || { echo "scripts/chaos: $k does not apply to --target $target (see scripts/chaos --list)" >&2; exit 2; }
    out="$out $k"
  done
  if [ -z "$out" ]; then
    for k in $all_kinds; do applies "$k" "$target" && out="$out $k"; done
  fi
  echo $out
}
# The kinds in an order of the seed's.
shuffled() { local k; for k in "$@"; do echo "$RANDOM $k"; done | sort -n | cut -d' ' -f2; }

preflight() {
  [ "$(id -u)" = 0 ] || { echo "scripts/chaos: needs root (nftables, cgroups, mounts)" >&2; exit 2; }
  command -v nft > /dev/null || { echo "scripts/chaos: needs nft (Debian package nftables)" >&2; exit 2; }
  command -v jq > /dev/null || { echo "scripts/chaos: needs jq (Debian package jq)" >&2; exit 2; }
  local k
  for k in "$@"; do
    case "$k" in
      clock-*|node-skew) [ -n "$faketime_lib" ] || { echo "scripts/chaos: $k needs libfaketime (Debian package faketime)" >&2; exit 2; } ;;
    esac
  done
}

has_fault() { health "$1" | grep -q "\"fault\":\"$2\""; }
state_is() { health "$1" | grep -q "\"state\":\"$2\""; }
other_leads() { local l; l=$(leader); [ -n "$l" ] && [ "$l" != "$1" ]; }
offset_clock() { # NODE SECONDS: moves NODE's wall clock by SECONDS more (the file replaced at once)
  local f="$state/clock-$1" now
  now=$(tr -d '+s' < "$f")
  echo "$(printf '%+d' $((now + $2)))s" > "$f.next"
  mv "$f.next" "$f"
}
zk_server_of() { # the ZooKeeper server (1-3) that the daemon with pid $1 is connected to
  local p i
  p=$(ss -tnpH 2>/dev/null | grep "^ESTAB.*pid=$1," | awk '{print $5}' | sed 's/.*://' \
    | grep -xE "$(IFS='|'; echo "${zk_client_ports[*]}")" | head -1)
  for i in 1 2 3; do [ "$p" = "$((port + 10 + i))" ] && echo "$i"; done
}
zk_peer_ports() { echo "$((port + 21)),$((port + 22)),$((port + 23)),$((port + 31)),$((port + 32)),$((port + 33))"; }

# --- one fault: victim is the daemon (index) or server it hits; detail what was done
victim=""; detail=""; answered_as_leader=0
inject() {
  local k=$1 l=$victim_daemon; victim=$l; detail=""
  case "$k" in
    kill-leader) kill -9 "$(daemon_pid "$l")" ;;
    kill-standby) victim=$(( (l + 1 + RANDOM % 2) % 3 )); kill -9 "$(daemon_pid "$victim")" ;;
    kill-zk) victim=$((RANDOM % 3 + 1)); kill -9 "${zk_pids[$victim]}" ;;
    pause-leader) kill -STOP "$(daemon_pid "$l")" ;;
    cut-leader-zk) "$top/scripts/netcut" cut "daemon-${candidates[$l]}" --dport "$zk_ports_csv" --name chaos ;;
    cut-leader-cluster) "$top/scripts/netcut" cut "daemon-${candidates[$l]}" --dport "$(cluster_ports_csv)" --name chaos ;;
    partition-zk-server|partition-zk-leader-server)
      local s; s=$(zk_server_of "$(daemon_pid "$l")")
      if [ "$k" = partition-zk-server ]; then victim=$(( ${s:-1} % 3 + 1 )); else victim=${s:-1}; fi
      detail="server $victim"
      "$top/scripts/netcut" cut "zk$victim" --except-sport "$((port + 10 + victim))" --name chaos ;;
    lossy-links) "$top/scripts/netcut" cut "daemon-${candidates[$l]}" --dport "$(cluster_ports_csv),$zk_ports_csv" --loss 20 --name chaos ;;
    disk-full) fallocate -l "$(df --output=avail -B1 "$state/local-${candidates[$l]}" | tail -1)" "$state/local-${candidates[$l]}/chaos-fill" 2>/dev/null \
                 || dd if=/dev/zero of="$state/local-${candidates[$l]}/chaos-fill" bs=64k 2>/dev/null || true ;;
    disk-readonly) mount -o remount,ro "$state/local-${candidates[$l]}" ;;
    # a collector's full disk shows once the daemon asks it for a repair: one is asked of it
    collector-disk-full) detail="the collector of $faulty_node"; { dd if=/dev/zero of="$state/faulty-collector/results/chaos-fill" bs=64k 2>/dev/null || true; }
                         any sim diagnose "$faulty_node" live-repair --command demo-fix ;;
    clock-forward) offset_clock "${candidates[$l]}" 3600 ;;
    clock-back) offset_clock "${candidates[$l]}" -600 ;;
    node-skew) detail="the collector of $faulty_node"; offset_clock "collector-$faulty_node" 400 ;;
    rapi-*) rapi_mode "$k" ;;
  esac
}
heal() {
  local k=$1
  case "$k" in
    kill-leader|kill-standby) launch_daemon "$victim" ;;
    kill-zk) start_zk "$victim" ;;
    pause-leader) kill -CONT "$(daemon_pid "$victim")"; watch_old_leader "$victim" 20 ;;
    cut-leader-zk|cut-leader-cluster|lossy-links) "$top/scripts/netcut" heal "daemon-${candidates[$victim]}" ;;
    partition-zk-server|partition-zk-leader-server) "$top/scripts/netcut" heal "zk$victim" ;;
    disk-full) rm -f "$state/local-${candidates[$victim]}/chaos-fill" ;;
    disk-readonly) mount -o remount,rw "$state/local-${candidates[$victim]}" ;;
    collector-disk-full) rm -f "$state/faulty-collector/results/chaos-fill"
                         # the repair runs once the disk takes its result: then the node is put back
                         local _
                         for _ in $(seq 1 120); do completed "$faulty_node" && break; sleep 0.5; done
                         any sim diagnose "$faulty_node" Ok; any ack "$faulty_node" || true ;;
    # put right, as NTP steps it back: the step itself refuses every node's signed report (they
    # sign on their own clocks, ±300 s), so maintd acts on nothing until the clock is right
    clock-forward) offset_clock "${candidates[$victim]}" -3600 ;;
    clock-back) offset_clock "${candidates[$victim]}" 600 ;;
    node-skew) offset_clock "collector-$faulty_node" -400 ;;
    rapi-*) rapi_mode ok ;;
  esac
}
# Whether maintd shows the fault now (the sign), and what it is.
sign() {
  local k=$1
  case "$k" in
    kill-leader) if [ "${#candidates[@]}" = 1 ]; then ! health "$victim" | grep -q state; \
                 else others_see_no_leader "$victim" || other_leads "$victim"; fi ;;
    pause-leader) others_see_no_leader "$victim" || other_leads "$victim" ;;
    kill-standby) ! health "$victim" | grep -q state ;;
    cut-leader-zk) state_is "$victim" DISCONNECTED || other_leads "$victim" ;;
    cut-leader-cluster) has_fault "$victim" COLLECTORS_UNREACHABLE || has_fault "$victim" BACKEND_UNREACHABLE ;;
    partition-zk-leader-server) state_is "$victim_daemon" DISCONNECTED || other_leads "$victim_daemon" \
      || logged_since "$victim_daemon" "ZooKeeper connection \(suspended\|silent\)" ;;
    # under ZooKeeper the state is not on this disk (only the leader's epoch, written when it takes
    # over): the daemon works on, with nothing to show
    disk-full|disk-readonly) [ "$target" = sim-file ] || return 2; has_fault "$victim" STATE_UNWRITABLE ;;
    collector-disk-full) any_fault COLLECTOR_DISK_FULL ;;
    clock-forward|clock-back) has_fault "$victim" CLOCK_STEPPED ;;
    node-skew) any_fault NODE_CLOCK_SKEW ;;
    rapi-slow) any_fault BACKEND_SLOW ;;
    rapi-502|rapi-truncated|rapi-lost-answers) any_fault BACKEND_ANSWERS_WRONG ;;
    rapi-stuck) any_fault JOB_OVERDUE ;;
    *) return 2 ;;  # maintd has nothing to show: the quorum holds, TCP absorbs the loss
  esac
}
# Whether a daemon other than $1 shows that the leader is gone: it takes over, or no one leads.
others_see_no_leader() {
  local j
  for j in "${!candidates[@]}"; do
    [ "$j" = "$1" ] && continue
    health "$j" | grep -q '"state":"\(TAKING_OVER\|NO_LEADER\)"' && return 0
  done
  return 1
}
# Whether daemon $1 has logged a line containing $2 since the fault was made.
logged_since() { tail -c +"$((log_mark + 1))" "$state/daemon-${candidates[$1]}.log" 2>/dev/null | grep -q "$2"; }
any_fault() { local l; l=$(leader); [ -n "$l" ] && has_fault "$l" "$1"; }
# How long a kind is held: past the session timeout for those that end a leadership.
hold_of() {
  case "$1" in
    pause-leader|cut-leader-zk) echo 9 ;;
    # a ZooKeeper server cut from its peers stops serving its clients only once it has given up on
    # them (syncLimit, and its own read timeout: 15-20 s with the chaos' 500 ms tick)
    partition-zk-leader-server) echo 25 ;;
    clock-forward|clock-back) echo 4 ;;
    # long enough for the quick job submitted at its start to pass ganeti.quickJobOverdue (15 s)
    rapi-stuck) echo 30 ;;
    *) echo 6 ;;
  esac
}
# Recovered: one daemon leads, every daemon answers RUNNING or STANDBY with no fault listed (a
# stepped clock's fault may last its quiet period: it is not waited for).
recovered() {
  local i h n=0
  [ -n "$(leader)" ] || return 1
  for i in "${!candidates[@]}"; do
    h=$(health "$i")
    grep -q '"state":"\(RUNNING\|STANDBY\)"' <<< "$h" || return 1
    grep -o '"fault":"[A-Z_]*"' <<< "$h" | grep -qv CLOCK_STEPPED && return 1
    grep -q '"leader":true' <<< "$h" && n=$((n + 1))
  done
  [ "$n" = 1 ]
}
# Why $1 was not recovered from: what each daemon's /1/health says, and its log's last lines.
not_recovered() {
  local i
  say "$1 not recovered from within 120 s; what the daemons say:"
  for i in "${!candidates[@]}"; do
    say "  ${candidates[$i]}: $(health "$i" | head -c 600)"
    tail -n 5 "$state/daemon-${candidates[$i]}.log" 2>/dev/null | sed 's/^/    /' | tee -a "$log" || true
  done
}
# After SIGCONT: every answer of the old leader that claims to lead while another leads is counted.
watch_old_leader() {
  local i=$1 until=$(( $(now_ms) + $2 * 1000 )) h
  while [ "$(now_ms)" -lt "$until" ]; do
    h=$(curl -s -m 0.5 "http://127.0.0.1:${ports[$i]}/1/health" 2>/dev/null || true)
    if grep -q '"leader":true' <<< "$h"; then
      local j
      for j in "${!candidates[@]}"; do
        [ "$j" = "$i" ] && continue
        if health "$j" | grep -q '"leader":true'; then answered_as_leader=$((answered_as_leader + 1)); fi
      done
    fi
    grep -q '"state":"STANDBY"' <<< "$h" && return 0
    sleep 0.05
  done
}

results=()
takeovers=()
# The first moment another daemon leads, after a fault that ends the leader's leadership.
note_takeover() {
  case "$k" in kill-leader|pause-leader|cut-leader-zk|partition-zk-leader-server) ;; *) return 0 ;; esac
  [ -z "$tt" ] && [ -n "$victim_daemon" ] && other_leads "$victim_daemon" && tt=$(( $(now_ms) - t0 ))
  return 0
}
# The kinds that show only on a job in flight (a lost answer to a submission, a job shown running
# past its time): the evacuation under way is let end first, and a new one is started as soon as the
# fault is made, so that its first job (draining the node, a quick one) is submitted while the fault
# lasts.
needs_work() { case "$1" in rapi-stuck|rapi-lost-answers) return 0 ;; *) return 1 ;; esac; }
run_fault() {
  local k=$1 t0 tn="-" th tr="-" tt="" jobs0 jobs1 hold limit s pids0 pids1
  ! needs_work "$k" || finish_load 300
  jobs0=$(job_keys | wc -l)
  pids0=$(for n in "${candidates[@]}"; do cat "$state/daemon-$n.pid"; done | paste -sd,)
  victim_daemon=$(leader)
  [ -n "$victim_daemon" ] || { await_leader 60; victim_daemon=$(leader); }
  log_mark=$(stat -c %s "$state/daemon-${candidates[${victim_daemon:-0}]}.log" 2>/dev/null || echo 0)
  t0=$(now_ms)
  if ! inject "$k"; then
    say "FAILED: $k could not be made"
    results+=("$k|not made|-|-|0|no")
    return
  fi
  ! needs_work "$k" || load_step
  hold=$(( $(hold_of "$k") * 1000 ))
  limit=$(( t0 + hold + 30000 ))
  s=0; sign "$k" || s=$?
  if [ "$s" = 2 ]; then
    tn="n/a"
  else
    while [ "$(now_ms)" -lt "$limit" ]; do
      if sign "$k"; then tn=$(( $(now_ms) - t0 )); break; fi
      note_takeover
      sleep 0.1
    done
  fi
  while [ "$(now_ms)" -lt $(( t0 + hold )) ]; do note_takeover; sleep 0.2; done
  th=$(now_ms)
  heal "$k"
  while [ "$(now_ms)" -lt $(( th + 120000 )) ]; do
    note_takeover
    if recovered; then tr=$(( $(now_ms) - th )); break; fi
    sleep 0.2
  done
  [ -z "$tt" ] || takeovers+=("$tt")
  [ "$tr" != "-" ] || not_recovered "$k"
  jobs1=$(job_keys | wc -l)
  pids1=$(for n in "${candidates[@]}"; do cat "$state/daemon-$n.pid"; done | paste -sd,)
  local restarted=no
  [ "$pids0" = "$pids1" ] || restarted=yes
  results+=("$k|${detail:-${candidates[${victim_daemon:-0}]}}|$tn|$tr|$((jobs1 - jobs0))|$restarted")
  say "$k ($(about "$k")${detail:+: $detail}): noticed after $tn ms,${tt:+ another daemon led after $tt ms,} recovered $tr ms after it ended; $((jobs1 - jobs0)) jobs meanwhile"
}
heal_all() {
  local n
  # the table and the groups are this run's own (MAINTD_NETCUT_NAME): all of them go
  "$top/scripts/netcut" clear 2>/dev/null || true
  for n in "${candidates[@]}"; do
    mountpoint -q "$state/local-$n" 2>/dev/null && mount -o remount,rw "$state/local-$n" 2>/dev/null || true
    rm -f "$state/local-$n/chaos-fill"
  done
  rm -f "$state/faulty-collector/results/chaos-fill"
}

report() {
  local twice submitted lost=0 ok=1 r k tn tr
  submitted=$(job_keys | wc -l)
  twice=$(job_keys | sort | uniq -d | wc -l)
  state_reads_back || ok=0
  stored_state_ok || { say "the stored state cannot be read back"; ok=0; }
  [ "$stuck" = 0 ] || lost=1
  {
    echo "# scripts/chaos --target $target: $minutes min, seed $seed"
    echo
    echo "| fault | on | noticed after (ms) | recovered after (ms) | jobs meanwhile | restarted |"
    echo "|---|---|---|---|---|---|"
    for r in "${results[@]:-}"; do [ -n "$r" ] && echo "| ${r//|/ | } |"; done
    echo
    local sorted count
    sorted=$(printf '%s\n' "${takeovers[@]:-}" | grep -v '^$' | sort -n || true)
    count=$(grep -c . <<< "$sorted" || true)
    echo "- faults: ${#results[@]}; evacuations started $started_cycles, completed $cycles"
    if [ "$count" -gt 0 ]; then
      echo "- take-overs: $count, median $(sed -n "$(( (count + 1) / 2 ))p" <<< "$sorted") ms, worst $(tail -1 <<< "$sorted") ms (from the fault to another daemon's \"leader\": true)"
    fi
    echo "- jobs submitted: $submitted; submitted twice: $twice"
    echo "- incidents that never ended: $lost"
    echo "- answers claiming to lead from a paused leader after it woke while another led: $answered_as_leader"
    echo "- the stored state reads back alike on every daemon: $([ "$ok" = 1 ] && echo yes || echo no)"
  } > "$state/report.md"
  {
    echo "{\"target\":\"$target\",\"minutes\":$minutes,\"seed\":$seed,\"jobs\":$submitted,\"twice\":$twice,"
    echo "\"incidents_never_ended\":$lost,\"answered_as_leader\":$answered_as_leader,\"state_reads_back\":$([ "$ok" = 1 ] && echo true || echo false),"
    echo "\"takeovers_ms\":[$(printf '%s\n' "${takeovers[@]:-}" | grep -v '^$' | paste -sd, || true)],"
    echo "\"evacuations\":{\"started\":$started_cycles,\"completed\":$cycles},\"faults\":["
    local first=1
    for r in "${results[@]:-}"; do
      [ -n "$r" ] || continue
      IFS='|' read -r k on tn tr jobs restarted <<< "$r"
      [ "$first" = 1 ] || echo ","
      first=0
      printf '{"kind":"%s","on":"%s","noticed_ms":%s,"recovered_ms":%s,"jobs":%s,"restarted":%s}' \
        "$k" "$on" "$( [[ "$tn" =~ ^[0-9]+$ ]] && echo "$tn" || echo null)" \
        "$( [[ "$tr" =~ ^[0-9]+$ ]] && echo "$tr" || echo null)" "$jobs" "$( [ "$restarted" = yes ] && echo true || echo false)"
    done
    echo "]}"
  } > "$state/report.json"
  cat "$state/report.md" | tee -a "$log"
  local failed=0
  for r in "${results[@]:-}"; do
    [ -n "$r" ] || continue
    IFS='|' read -r k on tn tr jobs restarted <<< "$r"
    [ "$tn" = "-" ] && { say "FAILED: $k was not noticed while it lasted (or 30 s after)"; failed=1; }
    [ "$tr" = "-" ] && { say "FAILED: maintd did not recover from $k within 120 s"; failed=1; }
  done
  [ "$twice" = 0 ] && [ "$lost" = 0 ] && [ "$ok" = 1 ] && [ "$answered_as_leader" = 0 ] && [ "$failed" = 0 ]
}
