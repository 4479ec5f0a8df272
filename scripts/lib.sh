# Shared by the launchers: find the checkout and build the jars (and the manual pages and completion
# scripts/install takes) when they are missing.
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# The JVM options maintctl runs with (scripts/maintctl, its archive, the benchmarks): both
# compilers, compiling at twice the JVM's usual call counts, so that a short run interprets rather
# than compiles (its start about as fast as with the first compiler alone) and a long balancing pass
# still reaches the second compiler's code; the serial collector. docs/performance.md has the
# figures.
maintctl_jvm=(-Xmx512m -XX:CompileThresholdScaling=2 -XX:+UseSerialGC)

ensure_built() {
  local output
  for output in maintd-daemon/target/maintd.jar maintd-collector/target/maintd-collector.jar maintd-cli/target/maintctl.jar \
    maintd-cli/target/man/maintctl.1 maintd-cli/target/completion/maintctl maintd-daemon/target/man/maintd.8 \
    maintd-collector/target/man/maintd-collector.8; do
    if [ ! -f "$top/$output" ]; then
      echo "building maintd (mvn -B -q -DskipTests package)..." >&2
      (cd "$top" && mvn -B -q -DskipTests package) || { echo "build failed" >&2; exit 1; }
      return
    fi
  done
}

# Builds MODULE and what it depends on in this checkout (never from the local repository, so no
# install is needed) and prints its test classpath: its own classes first, then the other
# modules' classes and the libraries.
bench_classpath() {
  local module=$1 file="$top/$1/target/bench.classpath"
  (cd "$top" && mvn -B -q -o -pl "$module" -am test-compile dependency:build-classpath \
    -Dmdep.outputFile="$file" -Dmdep.includeScope=test >&2) || { echo "build failed" >&2; exit 1; }
  echo "$top/$module/target/test-classes:$top/$module/target/classes:$(cat "$file")"
}
