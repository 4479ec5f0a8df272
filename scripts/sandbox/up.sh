#!/bin/bash
# up.sh - bring up a REAL Ganeti 3.0 cluster (Debian bookworm packages) on this
# one machine, for maintd's integration tests against a real RAPI / mond, with a
# maintd collector inside every node (scripts/ganeti-sandbox is the entry point).
#
#   GNT_NODES=1|2|3     number of Ganeti nodes            (default 3)
#   GNT_INSTANCES=0..8  number of fake-hypervisor instances (default 4)
#   GNT_RAPI_USER / GNT_RAPI_PASS                         (default maintd / maintd-secret)
#   GNT_RAPI_PORT       loopback port of the RAPI forwarder (default 5080)
#
# Layout: every node runs in its own network namespace (gnt-n<i>), mount
# namespace and UTS namespace (hostname node<i>.gnt.test), with its own
# /var/lib/ganeti, /run, /etc/ganeti, /etc/ssh, /root/.ssh, /srv/ganeti and an
# sshd.  The nodes are linked by a bridge in a private hub namespace (gnt-hub).
# Node / cluster addresses (10.77.0.0/24) exist only inside those namespaces.
# In the root namespace only loopback forwarders (socat) are added:
#   https://127.0.0.1:$GNT_RAPI_PORT  -> RAPI on the cluster master IP
#   http://127.0.1.<i>:1815           -> ganeti-mond of node <i>
# Connection info is printed at the end and written to /var/tmp/gnt-sandbox/env.
#
# Idempotent: if the cluster is already up it only prints the info; if a
# partial state is found, or its collectors run another checkout's jar, it is
# torn down with down.sh and rebuilt.
# Global changes: Debian packages (ganeti, ganeti-os-noop, socat, curl, and
# their dependencies), /run/netns (created by `ip netns` if it did not exist),
# and the mount-point directories /root/.ssh and /srv/ganeti if missing
# (down.sh removes those two, and /run/netns, again if up.sh created them).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
NODES=${GNT_NODES:-3}
NINST=${GNT_INSTANCES:-4}
RAPI_USER=${GNT_RAPI_USER:-maintd}
RAPI_PASS=${GNT_RAPI_PASS:-maintd-secret}
RAPI_PORT=${GNT_RAPI_PORT:-5080}
COLLECTOR_PORT=${GNT_COLLECTOR_PORT:-1817}   # 1815 is mond's on Ganeti nodes
COLLECTOR_JAR=${GNT_COLLECTOR_JAR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/maintd-collector/target/maintd-collector.jar}
BASE=/var/tmp/gnt-sandbox          # per-node state (config, logs, keys)
STATE=/run/gnt-sandbox             # ns handles, forwarder sockets + pid files
PKGLIST=/var/tmp/gnt-sandbox.pkgs  # packages installed by up.sh
NET=10.77.0                        # exists only inside our namespaces
MASTER_IP=$NET.100
DOMAIN=gnt.test
CLUSTER=cluster.$DOMAIN
HUB=gnt-hub

log() { printf '[up %(%H:%M:%S)T +%ss] %s\n' -1 "$(( $(date +%s) - T0 ))" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }
T0=$(date +%s)
[[ $(id -u) == 0 ]] || die "must run as root"
[[ $NODES =~ ^[1-3]$ ]] || die "GNT_NODES must be 1..3"
[[ $NINST =~ ^[0-8]$ ]] || die "GNT_INSTANCES must be 0..8"

node_name() { echo "node$1.$DOMAIN"; }
# run a command "on" node $1: inside its net + mount + uts namespaces
on() {
  local i=$1; shift
  nsenter --net=/run/netns/gnt-n$i --mount=$STATE/n$i.mnt --uts=$STATE/n$i.uts -- "$@"
}
master_on() { on 1 "$@"; }

# ------------------------------------------------------------------ packages
install_packages() {
  local p pkgs=""
  # only ask apt for packages that are missing: naming an installed package
  # (e.g. curl, openssl) in `apt-get install` would upgrade it as a side effect
  for p in ganeti ganeti-os-noop socat curl openssl; do
    dpkg-query -W -f='${Status}' $p 2>/dev/null | grep -q 'install ok installed' || pkgs+="$p "
  done
  if [[ -n $pkgs ]]; then
    log "installing Debian packages: $pkgs(+ dependencies, no recommends)"
    local made_policy=0
    # keep maintainer scripts from starting sshd/ganeti in the root namespace
    if [[ ! -e /usr/sbin/policy-rc.d ]]; then
      printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
      chmod 755 /usr/sbin/policy-rc.d; made_policy=1
    fi
    export DEBIAN_FRONTEND=noninteractive
    local before; before=$(mktemp)
    dpkg-query -W -f='${Package}\n' | sort > "$before"
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends $pkgs >/dev/null
    [[ $made_policy == 1 ]] && rm -f /usr/sbin/policy-rc.d
    # remember exactly which packages we added (down.sh GNT_KEEP_PACKAGES=0)
    dpkg-query -W -f='${Package}\n' | sort | comm -13 "$before" - >> $PKGLIST
    rm -f "$before"
  fi
  log "packages: $(dpkg-query -W -f='${Package}=${Version} ' ganeti ganeti-os-noop)"
}

# ------------------------------------------------------------------ state check
cluster_up() {
  [[ -e /run/netns/gnt-n1 && -e $STATE/n1.mnt && -f $BASE/env ]] || return 1
  master_on gnt-cluster getmaster >/dev/null 2>&1 || return 1
  curl -sk --max-time 5 -o /dev/null -f -u "$RAPI_USER:$RAPI_PASS" \
    https://127.0.0.1:$RAPI_PORT/2/info || return 1
  [[ $(master_on gnt-node list --no-headers -o name 2>/dev/null | wc -l) == "$NODES" ]] || return 1
  curl -s --max-time 2 -o /dev/null -f http://127.0.1.1:$COLLECTOR_PORT/
}

# ------------------------------------------------------------------ network
setup_network() {
  log "creating network namespaces: $HUB + gnt-n1..gnt-n$NODES"
  mkdir -p $BASE
  if ! mountpoint -q /run/netns; then touch $BASE/.created-run-netns; fi
  ip netns add $HUB
  ip -n $HUB link set lo up
  ip -n $HUB link add br0 type bridge
  ip -n $HUB link set br0 up
  ip -n $HUB addr add $NET.254/24 dev br0        # used by the forwarders only
  local i ns
  for i in $(seq 1 "$NODES"); do
    ns=gnt-n$i
    ip netns add $ns
    ip -n $ns link set lo up
    ip -n $ns link add eth0 type veth peer name vh$i   # eth0 in node, vh<i> on hub
    ip -n $ns link set vh$i netns $HUB
    ip -n $HUB link set vh$i master br0
    ip -n $HUB link set vh$i up
    # node bridge gntbr0 = master netdev + instance NIC link; eth0 is its port
    ip -n $ns link add gntbr0 type bridge
    ip -n $ns link set eth0 master gntbr0
    ip -n $ns link set eth0 up
    ip -n $ns link set gntbr0 up
    ip -n $ns addr add $NET.$i/24 dev gntbr0
  done
}

# ------------------------------------------------------------------ per-node fs
setup_fs() {
  mkdir -p $BASE $STATE $BASE/shared-file-storage
  [[ -d /root/.ssh ]] || { mkdir -m 700 /root/.ssh; touch $BASE/.created-root-ssh; }
  [[ -d /srv/ganeti ]] || { mkdir -p /srv/ganeti; touch $BASE/.created-srv-ganeti; }
  # $STATE must be a private mount so namespace handles can be bound there
  mountpoint -q $STATE || mount --bind $STATE $STATE
  mount --make-private $STATE
  {
    echo "127.0.0.1 localhost"
    echo "$MASTER_IP $CLUSTER cluster"
    for i in 1 2 3; do echo "$NET.$i $(node_name $i) node$i"; done
    for i in $(seq 1 8); do echo "$NET.$((10+i)) inst$i.$DOMAIN inst$i"; done
  } > $BASE/hosts
  # RAPI must listen on the master IP (default file binds it to 127.0.0.1)
  cat > $BASE/default-ganeti <<'EOF'
NODED_ARGS=""
RAPI_ARGS="--require-authentication"
CONFD_ARGS=""
MOND_ARGS=""
WCONFD_ARGS=""
LUXID_ARGS=""
KVMD_ARGS=""
EOF
  local i d
  for i in $(seq 1 "$NODES"); do
    d=$BASE/n$i
    mkdir -p $d/varlib $d/log $d/etc-ganeti $d/etc-ssh $d/srv/file-storage $d/root-ssh $d/run
    chmod 700 $d/root-ssh
    cp -a /etc/ganeti/. $d/etc-ganeti/
    printf '/srv/ganeti/file-storage\n/srv/ganeti/shared-file-storage\n' > $d/etc-ganeti/file-storage-paths
    cp -a /etc/ssh/. $d/etc-ssh/
    touch $STATE/n$i.mnt $STATE/n$i.uts
    # persistent mount + UTS namespaces (handles bind-mounted under $STATE)
    unshare --mount=$STATE/n$i.mnt --uts=$STATE/n$i.uts --propagation private -- bash -ec "
      hostname $(node_name $i)
      mount -t tmpfs -o mode=755 gnt-run-n$i /run
      mkdir -p /run/ganeti /run/lock /run/sshd
      mount --bind $d/varlib /var/lib/ganeti
      mount --bind $d/log /var/log/ganeti
      mount --bind $d/etc-ganeti /etc/ganeti
      mount --bind $d/etc-ssh /etc/ssh
      mount --bind $d/srv /srv/ganeti
      mkdir -p /srv/ganeti/shared-file-storage
      mount --bind $BASE/shared-file-storage /srv/ganeti/shared-file-storage
      mount --bind $d/root-ssh /root/.ssh
      mount --bind $BASE/hosts /etc/hosts
      mount --bind $BASE/default-ganeti /etc/default/ganeti
    "
    # sysfs that shows the node's own network devices (bridge checks)
    on $i mount -t sysfs gnt-sys-n$i /sys
    # sshd of this node (only reachable inside our namespaces)
    on $i /usr/sbin/sshd -o PidFile=/run/sshd.pid -o UseDNS=no
  done
}

# ------------------------------------------------------------------ cluster
init_cluster() {
  log "gnt-cluster init $CLUSTER on $(node_name 1)"
  master_on gnt-cluster init \
    --enabled-hypervisors=fake \
    --enabled-disk-templates=diskless,file,sharedfile \
    --ipolicy-disk-templates=diskless,file,sharedfile \
    --master-netdev=gntbr0 \
    --nic-parameters=mode=bridged,link=gntbr0 \
    --no-etc-hosts \
    --file-storage-dir=/srv/ganeti/file-storage \
    --shared-file-storage-dir=/srv/ganeti/shared-file-storage \
    --ipolicy-bounds-specs=min:cpu-count=1,disk-count=0,disk-size=1,memory-size=16,nic-count=0,spindle-use=0/max:cpu-count=8,disk-count=16,disk-size=1048576,memory-size=65536,nic-count=8,spindle-use=12 \
    $CLUSTER > $BASE/init.log 2>&1 || { cat $BASE/init.log >&2; die "cluster init failed"; }
  # drbd + diskstats collectors fail on this kernel (no /proc/drbd; newer
  # /proc/diskstats format) and make /1/report/all answer "ExitFailure 1"
  master_on gnt-cluster modify --enabled-data-collectors=drbd=False,diskstats=False >/dev/null
  master_on /usr/lib/ganeti/daemon-util stop ganeti-mond
  master_on /usr/lib/ganeti/daemon-util start ganeti-mond
  # RAPI user with write access (Ganeti replicates this file to candidates)
  master_on bash -ec "mkdir -p /var/lib/ganeti/rapi
    printf '%s %s write\n' '$RAPI_USER' '$RAPI_PASS' > /var/lib/ganeti/rapi/users
    chown gnt-rapi:gnt-masterd /var/lib/ganeti/rapi/users; chmod 640 /var/lib/ganeti/rapi/users"
}

add_nodes() {
  local i
  for i in $(seq 2 "$NODES"); do
    log "gnt-node add $(node_name $i)"
    # let the master's root key in once; Ganeti then manages the keys itself
    cat $BASE/n1/root-ssh/id_*.pub > $BASE/n$i/root-ssh/authorized_keys
    master_on gnt-node add --no-ssh-key-check $(node_name $i) > $BASE/node-add-$i.log 2>&1 \
      || { cat $BASE/node-add-$i.log >&2; die "node add $i failed"; }
    # node add only starts noded+mond; start the rest as the boot script
    # would (confd is needed by mond's lv collector, else /1/report/all
    # waits ~20 s per missing confd); master-only daemons exit "Not master"
    on $i /usr/lib/ganeti/daemon-util start-all >/dev/null 2>&1 || true
  done
}

create_instances() {
  local k pnode tmpl disk=() args
  for k in $(seq 1 "$NINST"); do
    # node2 gets a diskless, a sharedfile and a file instance (the evacuation
    # tests: two migrate, Ganeti refuses the third); node3 a diskless one
    case "$NODES:$k" in
      1:*) pnode=$(node_name 1) ;;
      *:1|*:3|*:4) pnode=$(node_name 2) ;;
      3:2) pnode=$(node_name 3) ;;
      *) pnode=$(node_name $(( (k - 1) % NODES + 1 ))) ;;
    esac
    case $k in
      3) tmpl=sharedfile; disk=(--disk 0:size=64M) ;;   # migratable (shared dir)
      4) tmpl=file;       disk=(--disk 0:size=64M) ;;   # not migratable
      *) tmpl=diskless;   disk=() ;;
    esac
    log "gnt-instance add inst$k.$DOMAIN ($tmpl on $pnode)"
    master_on gnt-instance add -t $tmpl "${disk[@]}" -o noop -n $pnode \
      -B memory=128M,vcpus=1 --no-ip-check --no-name-check --no-wait-for-sync \
      inst$k.$DOMAIN > $BASE/inst-add-$k.log 2>&1 \
      || { cat $BASE/inst-add-$k.log >&2; die "instance add $k failed"; }
  done
}

# ------------------------------------------------------------------ forwarders
# root-namespace loopback listener -> unix socket -> socat in hub namespace
forward() {  # name listen-ip listen-port target-ip target-port
  local name=$1 lip=$2 lport=$3 tip=$4 tport=$5 sock=$STATE/fwd-$1.sock
  nsenter --net=/run/netns/$HUB setsid socat UNIX-LISTEN:$sock,fork,unlink-early \
    TCP:$tip:$tport </dev/null >/dev/null 2>&1 &
  setsid socat TCP-LISTEN:$lport,bind=$lip,reuseaddr,fork,backlog=128 UNIX-CONNECT:$sock \
    </dev/null >/dev/null 2>&1 &
  echo $! > $STATE/fwd-$name.pid
}
start_forwarders() {
  log "starting loopback forwarders"
  forward rapi 127.0.0.1 $RAPI_PORT $MASTER_IP 5080
  local i
  for i in $(seq 1 "$NODES"); do
    forward mond-n$i 127.0.1.$i 1815 $NET.$i 1815
  done
  for _ in $(seq 1 50); do
    curl -sk --max-time 2 -o /dev/null -f -u "$RAPI_USER:$RAPI_PASS" \
      https://127.0.0.1:$RAPI_PORT/2/info && return 0
    sleep 0.2
  done
  die "RAPI not reachable through https://127.0.0.1:$RAPI_PORT"
}

# ------------------------------------------------------------------ collectors
# A maintd collector inside every node's namespaces (so its commands run "on"
# the node), on $NET.<i>:$COLLECTOR_PORT, reached from the root namespace at
# 127.0.1.<i>:$COLLECTOR_PORT. It signs with the cluster's own hmac.key and
# answers the master from the node's ssconf. Its diagnose command prints
# $BASE/n<i>/collector/diagnose.json when a test writes one, else Ok.
start_collectors() {
  [[ -f $COLLECTOR_JAR ]] || die "no collector jar at $COLLECTOR_JAR (mvn -B -DskipTests package)"
  local i d
  for i in $(seq 1 "$NODES"); do
    d=$BASE/n$i/collector
    mkdir -p $d/diagnose-commands $d/repair-commands $d/results
    chmod 755 $d $d/diagnose-commands $d/repair-commands
    cat > $d/diagnose-commands/sandbox-diagnose <<SCRIPT
#!/bin/sh
if [ -f $d/diagnose.json ]; then cat $d/diagnose.json; else echo '{"status": "Ok"}'; fi
SCRIPT
    cat > $d/repair-commands/sandbox-fix <<SCRIPT
#!/bin/sh
# records what it was given and where it ran
cat > $d/repair-stdin.json
hostname > $d/repair-host
echo fixed
SCRIPT
    # A node's reboot, as maintd's campaigns ask for it (nodeCommands.reboot: collector). The nodes
    # are namespaces of this machine: a real reboot, or Ganeti's powercycle, would reset the whole
    # machine. This restarts the node's Ganeti daemons and its collector, with a new boot id, a
    # second after it has answered.
    cat > $d/repair-commands/reboot <<SCRIPT
#!/bin/sh
cat > /dev/null
collector=\$PPID
setsid sh -c "
  sleep 1
  /usr/lib/ganeti/daemon-util stop-all
  cat /proc/sys/kernel/random/uuid > $d/boot_id
  kill \$collector
  sleep 1
  /usr/lib/ganeti/daemon-util start-all
  setsid java -Xmx96m -jar $COLLECTOR_JAR -c $d/collector.yaml </dev/null >>$d/collector.log 2>&1 &
" </dev/null >>$d/reboots.log 2>&1 &
# The collector kills what is still in this command's session once it ends: wait until the restart
# above has a session of its own (setsid in the background child), or it may be killed with it.
child=\$!
while [ -e /proc/\$child ] && [ "\$(cut -d' ' -f6 /proc/\$child/stat 2>/dev/null)" = "\$\$" ]; do sleep 0.05; done
echo "reboot of \$(hostname) under way: its daemons and collector restart with a new boot id"
SCRIPT
    # The master role moves to this node (nodeCommands.masterFailover: collector).
    cat > $d/repair-commands/master-failover <<SCRIPT
#!/bin/sh
cat > /dev/null
exec gnt-cluster master-failover
SCRIPT
    [ -s $d/boot_id ] || cat /proc/sys/kernel/random/uuid > $d/boot_id
    chmod 755 $d/diagnose-commands/sandbox-diagnose $d/repair-commands/sandbox-fix \
      $d/repair-commands/reboot $d/repair-commands/master-failover
    # A repair command may run five minutes: Ganeti's master-failover took 19 to 26 s here on a
    # quiet machine (ten of them checking that the master IP no longer answers), and one killed
    # half-way leaves the master role on no node, every later vote failing.
    cat > $d/collector.yaml <<YAML
node: $(node_name $i)
bind: $NET.$i
port: $COLLECTOR_PORT
hmacKeyFile: /var/lib/ganeti/hmac.key
hmacKeyGroup: gnt-masterd
masterFile: /var/lib/ganeti/ssconf_master_node
bootIdFile: $d/boot_id
diagnose:
  command: sandbox-diagnose
  directory: $d/diagnose-commands
  timeout: 10s
repair:
  directory: $d/repair-commands
  timeout: 300s
  results: $d/results
YAML
    on $i setsid java -Xmx96m -jar "$COLLECTOR_JAR" -c $d/collector.yaml </dev/null >$d/collector.log 2>&1 &
    echo $! > $STATE/collector-n$i.pid
    forward collector-n$i 127.0.1.$i $COLLECTOR_PORT $NET.$i $COLLECTOR_PORT
  done
  for i in $(seq 1 "$NODES"); do
    for _ in $(seq 1 100); do
      curl -s --max-time 2 -o /dev/null -f http://127.0.1.$i:$COLLECTOR_PORT/ && break
      sleep 0.2
    done
    curl -s --max-time 2 -o /dev/null -f http://127.0.1.$i:$COLLECTOR_PORT/ \
      || die "collector of $(node_name $i) not reachable, see $BASE/n$i/collector/collector.log"
  done
  log "collectors up on 127.0.1.1..$NODES:$COLLECTOR_PORT"
}

# ------------------------------------------------------------------ output
write_env() {
  master_on openssl x509 -in /var/lib/ganeti/rapi.pem > $BASE/rapi-cert.pem
  {
    echo "GANETI_RAPI_URL=https://127.0.0.1:$RAPI_PORT"
    echo "GANETI_RAPI_USER=$RAPI_USER"
    echo "GANETI_RAPI_PASSWORD=$RAPI_PASS"
    echo "GANETI_RAPI_CERT=$BASE/rapi-cert.pem"
    echo "GANETI_CLUSTER=$CLUSTER"
    echo "GANETI_NODES=\"$(for i in $(seq 1 "$NODES"); do printf '%s ' "$(node_name $i)"; done | sed 's/ $//')\""
    for i in $(seq 1 "$NODES"); do
      echo "GANETI_MOND_URL_node$i=http://127.0.1.$i:1815"
    done
    echo "GANETI_ON_NODE1=\"nsenter --net=/run/netns/gnt-n1 --mount=$STATE/n1.mnt --uts=$STATE/n1.uts --\""
    echo "GANETI_HMAC_KEY=$BASE/n1/varlib/hmac.key"
    for i in $(seq 1 "$NODES"); do
      echo "GANETI_COLLECTOR_URL_node$i=http://127.0.1.$i:$COLLECTOR_PORT"
      echo "GANETI_DIAGNOSE_node$i=$BASE/n$i/collector/diagnose.json"
    done
  } > $BASE/env
}
print_info() {
  echo "==================== Ganeti sandbox ===================="
  master_on gnt-node list -o name,pip,role,pinst_cnt 2>/dev/null || true
  master_on gnt-instance list -o name,pnode,disk_template,status 2>/dev/null || true
  echo "--------------------------------------------------------"
  cat $BASE/env
  echo "RAPI: curl -k -u $RAPI_USER:$RAPI_PASS https://127.0.0.1:$RAPI_PORT/2/info"
  echo "mond: curl http://127.0.1.1:1815/1/report/all"
  echo "gnt-*: nsenter --net=/run/netns/gnt-n1 --mount=$STATE/n1.mnt --uts=$STATE/n1.uts -- gnt-cluster info"
  echo "(TLS cert CN is ganeti.example.com with no SAN: trust $BASE/rapi-cert.pem and skip host-name check)"
  echo "========================================================"
}

main() {
  install_packages
  if cluster_up; then
    if grep -qF -- "$COLLECTOR_JAR" "$BASE/n1/collector/repair-commands/reboot" 2>/dev/null; then
      log "cluster already up"; print_info; exit 0
    fi
    # its collectors (and the reboot command that restarts them) run another checkout's jar, which
    # may be gone or older: a sandbox of this checkout's own is built instead
    log "cluster up, but its collectors run another jar than $COLLECTOR_JAR; tearing it down first"
    bash "$HERE/down.sh"
  fi
  if [[ -e /run/netns/$HUB || -e /run/netns/gnt-n1 || -e $STATE || -e $BASE ]]; then
    log "found partial/old state; tearing it down first"
    bash "$HERE/down.sh"
  fi
  setup_network
  setup_fs
  init_cluster
  add_nodes
  create_instances
  start_forwarders
  start_collectors
  write_env
  log "cluster up in $(( $(date +%s) - T0 ))s"
  print_info
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then main "$@"; fi
