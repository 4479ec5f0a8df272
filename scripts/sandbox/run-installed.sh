#!/bin/bash
# run-installed.sh - run what scripts/install --prefix PREFIX installed as if PREFIX were this
# machine's /, where systemd does not run (the sandbox's nodes): in a mount namespace of its own,
# PREFIX's /usr, /etc and /var/lib lie over the system's (read-only; the mounts under them stay as
# they were), its state directories are the writable ones, and names resolve through PREFIX's own
# etc/passwd and etc/group.
#
#   run-installed.sh PREFIX --unit UNIT      as systemd would start UNIT: its User=, Group=,
#                                            SupplementaryGroups= and Environment= (the unit's and
#                                            its drop-ins' in PREFIX/etc/systemd/system/UNIT.d),
#                                            then its ExecStart=, in the foreground. The unit's
#                                            sandboxing (ProtectSystem= and the like) is not applied.
#   run-installed.sh PREFIX -- COMMAND...    COMMAND, as root
#
# Run it inside a sandbox node's namespaces (nsenter) to run it on that node.
set -euo pipefail
[[ $(id -u) == 0 ]] || { echo "run-installed.sh: must run as root" >&2; exit 2; }
prefix=$(cd "${1:?PREFIX}" && pwd)
shift

if [[ ${RUN_INSTALLED_INSIDE:-} != 1 ]]; then
  RUN_INSTALLED_INSIDE=1 exec unshare --mount --propagation private -- "$0" "$prefix" "$@"
fi

# PREFIX/D over /D, the mounts below /D (the node's /etc/hosts, /var/lib/ganeti) kept on top
overlay() {
  local dir=$1 stash i=0 target
  local below=()
  [[ -d $prefix$dir ]] || return 0
  stash=$(mktemp -d)
  mapfile -t below < <(findmnt -rn -o TARGET | awk -v d="$dir/" 'index($0, d) == 1' | sort)
  for target in "${below[@]}"; do
    i=$((i + 1))
    if [[ -d $target ]]; then mkdir "$stash/$i"; else touch "$stash/$i"; fi
    mount --bind "$target" "$stash/$i"
  done
  mount -t overlay "installed$(echo "$dir" | tr / -)" -o "lowerdir=$prefix$dir:$dir" "$dir"
  i=0
  for target in "${below[@]}"; do
    i=$((i + 1))
    mount --bind "$stash/$i" "$target"
    umount "$stash/$i"
  done
  rm -rf "$stash"
}

overlay /usr
overlay /etc
overlay /var/lib
for state in /var/lib/maintd /var/lib/maintd-collector; do
  [[ -d $prefix$state ]] && mount --bind "$prefix$state" "$state"
done

if [[ $1 == -- ]]; then
  shift
  exec "$@"
fi
[[ $1 == --unit ]] || { echo "run-installed.sh: --unit UNIT or -- COMMAND" >&2; exit 2; }
unit=$2
files=("$prefix/lib/systemd/system/$unit")
for dropin in /etc/systemd/system/"$unit".d/*.conf; do
  [[ -f $dropin ]] && files+=("$dropin")
done
user=root group="" groups=() environment=() exec_start=""
while IFS= read -r line; do
  value=${line#*=}
  case $line in
    User=*) user=$value ;;
    Group=*) group=$value ;;
    SupplementaryGroups=) groups=() ;;
    SupplementaryGroups=*) read -r -a more <<< "$value"; groups+=("${more[@]}") ;;
    Environment=*) value=${value#\"}; environment+=("${value%\"}") ;;
    ExecStart=*) exec_start=${value#[-@+!]} ;;
  esac
done < <(cat "${files[@]}" | sed -n '/^\[Service\]/,/^\[/p')
[[ -n $exec_start ]] || { echo "run-installed.sh: $unit has no ExecStart" >&2; exit 2; }
read -r -a command <<< "$exec_start"
credentials=(--reuid="$user" --regid="${group:-$(id -gn "$user")}" --clear-groups)
if [[ ${#groups[@]} -gt 0 ]]; then
  credentials=(--reuid="$user" --regid="${group:-$(id -gn "$user")}" --groups="$(IFS=,; echo "${groups[*]}")")
fi
echo "run-installed.sh: $unit as $user (groups ${groups[*]:-none}), ${environment[*]:-}: ${command[*]}" >&2
exec setpriv "${credentials[@]}" --inh-caps=-all -- \
  env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin "${environment[@]}" "${command[@]}"
