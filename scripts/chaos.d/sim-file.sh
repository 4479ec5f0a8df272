# scripts/chaos --target sim-file: the simulated cluster under one daemon on the master with the file
# store, as a cluster without ZooKeeper runs maintd. The demo (--ha, over the chaos' ZooKeeper) brings
# the collectors and the simulated cluster up; its three daemons are then stopped and one is started
# in their place under the chaos' wrappers, its state.json on a tmpfs of its own, so that a full or
# read-only disk lands under the file store itself.
source "$here/sim.sh"
candidates=(node1)
ports=([0]=$port)

start_target() {
  start_demo
  local n pid
  for n in node1 node2 node3; do
    pid=$(cat "$state/daemon-$n.pid")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  # The master's daemon alone, the file store in its state directory: no zookeeper section.
  awk '/^zookeeper:/ {skip=1; next} skip && /^  / {next} {skip=0; print}' "$state/maintd-node1.yaml" \
    | sed -e 's/^store: .*/store: file/' -e 's/^leadership: .*/leadership: master/' > "$state/maintd-node1.yaml.new"
  mv "$state/maintd-node1.yaml.new" "$state/maintd-node1.yaml"
  mount_local node1
  [ -e "$state/local-node1/sim" ] || ln -s "$state/daemon/sim" "$state/local-node1/sim"
  sed -i -e "s|^stateDir: .*|stateDir: $state/local-node1|" \
    -e "s|^    $faulty_node: http://127.0.0.1:[0-9]*|    $faulty_node: http://127.0.0.1:$(cat "$state/faulty-collector/port")|" \
    "$state/maintd-node1.yaml"
  launch_daemon 0
  for _ in $(seq 1 600); do health 0 | grep -q '"state":"RUNNING"' && return 0; sleep 0.2; done
  say "the daemon with the file store did not come up; see $state/daemon-node1.log"; exit 1
}

# The file store's state.json parses and has a serial number.
stored_state_ok() { jq -e '.serial_no' "$state/local-node1/state.json" > /dev/null; }
