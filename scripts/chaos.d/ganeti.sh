# scripts/chaos --target ganeti: the real Ganeti 3.0 sandbox (scripts/ganeti-sandbox up, brought up
# when it is not) under three daemons, each its own process as in production, reaching RAPI through
# the fault proxy (scripts/rapi-faults) and the collectors inside the nodes' namespaces. The load
# evacuates node3 and node1 in turn (node2 holds a file instance, which Ganeti cannot move). Never
# a power-cycle: reboots go through the collectors.
env_file=/var/tmp/gnt-sandbox/env
load_nodes=(node3.gnt.test node1.gnt.test)
faulty_node=node2
first_job=0
proxy_pid=""

ganeti_env() { grep "^$1=" "$env_file" | head -1 | cut -d= -f2- | tr -d '"'; }

start_target() {
  "$top/scripts/ganeti-sandbox" status > /dev/null 2>&1 || "$top/scripts/ganeti-sandbox" up >> "$state/sandbox.log" 2>&1 \
    || { say "the sandbox did not come up; see $state/sandbox.log"; exit 1; }
  key_file=$(ganeti_env GANETI_HMAC_KEY)
  rapi_user=$(ganeti_env GANETI_RAPI_USER); rapi_password=$(ganeti_env GANETI_RAPI_PASSWORD)
  rapi_url=$(ganeti_env GANETI_RAPI_URL); rapi_cert=$(ganeti_env GANETI_RAPI_CERT)
  (umask 077; echo "$rapi_user $rapi_password" > "$state/rapi-credentials"
   echo "operator $(head -c 9 /dev/urandom | od -An -tx1 | tr -d ' \n') write" > "$state/users")
  (umask 077; echo "maintd:$(head -c 24 /dev/urandom | base64)" > "$state/zookeeper-credentials")
  first_job=$(rapi_get /2/jobs | jq '[.[].id | tonumber] | max // 0')
  start_proxy
  local i
  for i in 0 1 2; do
    mount_local "${candidates[$i]}"
    write_ganeti_config "$i"
    launch_daemon "$i"
  done
}

# RAPI's certificate names the cluster (its CN, no subject alternative name), not 127.0.0.1: curl
# is told the name resolves there, and checks the certificate against it.
rapi_get() {
  local cn hostport
  cn=$(openssl x509 -in "$rapi_cert" -noout -subject -nameopt multiline | sed -n 's/^ *commonName *= *//p')
  hostport=${rapi_url#https://}
  curl -s -m 30 --cacert "$rapi_cert" --resolve "$cn:${hostport##*:}:${hostport%:*}" \
    -u "$rapi_user:$rapi_password" "https://$cn:${hostport##*:}$1"
}

# The fault proxy in front of RAPI (scripts/rapi-faults), its own certificate, its mode switched by
# rapi_mode through its control port.
proxy_port=$((port + 40))
control_port=$((port + 41))
start_proxy() {
  "$top/scripts/rapi-faults" start --port "$proxy_port" --control-port "$control_port" --upstream "$rapi_url" \
    --upstream-ca "$rapi_cert" --dir "$state/rapi-faults" --seed "$seed" >> "$state/rapi-faults.log" 2>&1 &
  proxy_pid=$!
  disown "$!"
  local _
  for _ in $(seq 1 1200); do
    [ -s "$state/rapi-faults/ca.pem" ] && "$top/scripts/rapi-faults" status "$control_port" > /dev/null 2>&1 && return 0
    kill -0 "$proxy_pid" 2>/dev/null || break
    sleep 0.1
  done
  say "the fault proxy did not start; see $state/rapi-faults.log"; exit 1
}
rapi_mode() {
  local mode
  case "$1" in
    ok) mode="ok" ;;
    rapi-slow) mode="slow 6000" ;;
    rapi-502) mode="502 50" ;;
    rapi-truncated) mode="truncate 50" ;;
    rapi-stuck) mode="stuck-all 60" ;;
    rapi-lost-answers) mode="lose-answers 100" ;;
  esac
  "$top/scripts/rapi-faults" mode "$control_port" $mode > /dev/null
}

write_ganeti_config() {
  local i=$1 n=${candidates[$1]} m
  {
    echo "node: $n.gnt.test"
    echo "bind: 127.0.0.1"
    echo "port: ${ports[$i]}"
    echo "stateDir: $state/local-$n"
    echo "backend: ganeti"
    echo "hmacKeyFile: $key_file"
    echo "hmacKeyGroup: gnt-masterd"
    echo "usersFile: $state/users"
    echo "pollInterval: 1s"
    # one node of the sandbox's three is a third of them: the storm guard's 30% would pause every
    # evacuation the load asks for
    echo "stormThreshold: 50%"
    # never Ganeti's power-cycle: on the sandbox it resets this whole machine
    echo "nodeCommands:"
    echo "  reboot: collector"
    echo "  masterFailover: collector"
    echo "store: zookeeper"
    echo "leadership: zookeeper"
    echo "zookeeper:"
    echo "  connect: $zk_connect"
    echo "  sessionTimeout: 5s"
    echo "  fenceWait: 5s"
    echo "  credentialsFile: $state/zookeeper-credentials"
    echo "ganeti:"
    echo "  rapiUrl: https://127.0.0.1:$proxy_port"
    echo "  certificate: $state/rapi-faults/ca.pem"
    echo "  credentials: $state/rapi-credentials"
    # scaled down with the poll interval, as the collectors' timeout is: a read under way when the
    # leader is cut from RAPI fails after it (the default 30 s put the sign past the 36 s watched)
    echo "  timeout: 10s"
    # short enough that rapi-stuck (finished jobs shown running for 60 s, held 30 s) makes a quick
    # job overdue while it lasts; the sandbox's drains and tag changes end within seconds
    echo "  quickJobOverdue: 15s"
    echo "  jobOverdue: 10m"
    echo "collector:"
    echo "  timeout: 5s"
    echo "  repairTimeout: 120s"
    echo "  urls:"
    for m in $(ganeti_env GANETI_NODES); do
      echo "    $m: $(ganeti_env "GANETI_COLLECTOR_URL_${m%%.*}")"
    done
  } > "$state/maintd-$n.yaml"
}

# The ports the leader reaches the cluster on: the collectors' and the fault proxy's.
cluster_ports_csv() {
  { for m in $(ganeti_env GANETI_NODES); do ganeti_env "GANETI_COLLECTOR_URL_${m%%.*}" | sed 's/.*://'; done
    echo "$proxy_port"; } | sort -u | paste -sd,
}

break_node() { echo '{"status": "evacuate", "details": {"disk": "sdb"}}' > "$(ganeti_env "GANETI_DIAGNOSE_${1%%.*}")"; }
mend_node() { rm -f "$(ganeti_env "GANETI_DIAGNOSE_${1%%.*}")"; }

# maintd's jobs in Ganeti's own queue since the run began, one key (from its reason trail) per line.
job_keys() {
  rapi_get "/2/jobs?bulk=1" | jq -r --argjson first "$first_job" '
    .[] | select((.id | tonumber) > $first)
    | [.ops[]?.reason[]? | .[1] | select(type == "string") | capture("\\[(?<k>[^\\]]+)\\]$").k] | first // empty'
}

cleanup() {
  stop_daemons
  [ -z "$proxy_pid" ] || kill "$proxy_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  heal_all
  local n m
  for n in "${candidates[@]}"; do umount "$state/local-$n" 2>/dev/null || true; done
  for m in "${load_nodes[@]}"; do mend_node "$m"; done
}
