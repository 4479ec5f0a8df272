# The installed layout, shared by scripts/install and scripts/uninstall: where each part of maintd
# goes under the root they install into ($root: empty for /, else the --prefix directory), the
# maintd user of that root, and the lines they print. Sourced after lib.sh; set_root first.

# The paths of the layout, below $root.
lib_dir=/usr/lib/maintd
conf_dir=/etc/maintd
state_dir=/var/lib/maintd
collector_state_dir=/var/lib/maintd-collector
unit_dir=/lib/systemd/system
dropin_dir=/etc/systemd/system/maintd.service.d
man1_dir=/usr/share/man/man1
man8_dir=/usr/share/man/man8
completion=/usr/share/bash-completion/completions/maintctl
doc_dir=/usr/share/doc/maintd
launchers=(/usr/sbin/maintd /usr/sbin/maintd-collector /usr/bin/maintctl)
whitelists=(node-diagnose-commands node-repair-commands)

changes=0

# One line of what was done; counts it as a change.
did() {
  echo "$*"
  changes=$((changes + 1))
}

# One line that changes nothing.
note() {
  echo "$*"
}

die() {
  echo "$script: $*" >&2
  exit 1
}

# set_root DIR: the root to work in (DIR empty or /: this machine's own).
set_root() {
  root=${1%/}
  if [ -n "$root" ]; then
    [ -d "$root" ] || mkdir -p "$root"
    root=$(cd "$root" && pwd)
    [ "$root" = / ] && root=""
  fi
  return 0
}

# Whether the root is this machine's own and systemd runs it (it never does for a prefix).
systemd_runs() {
  [ -z "$root" ] && [ -d /run/systemd/system ]
}

# The passwd line of maintd in the root's own user database (the system's for /, DIR/etc/passwd
# for a prefix); fails when there is none.
maintd_entry() {
  if [ -z "$root" ]; then
    getent passwd maintd
  else
    grep -s '^maintd:' "$root/etc/passwd"
  fi
}
