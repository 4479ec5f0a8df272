# Shared by the launchers: find the checkout and build the jars when they are missing.
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

ensure_built() {
  local jar
  for jar in maintd-daemon/target/maintd.jar maintd-collector/target/maintd-collector.jar maintd-cli/target/maintctl.jar; do
    if [ ! -f "$top/$jar" ]; then
      echo "building maintd (mvn -B -q -DskipTests package)..." >&2
      (cd "$top" && mvn -B -q -DskipTests package) || { echo "build failed" >&2; exit 1; }
      return
    fi
  done
}
