# maintd's images, built from this checkout (docs/operations.md, "Running it in a container"):
#   docker build -t maintd .                                       the daemon (the default target)
#   docker build --target collector -t maintd-collector .          the node agent
# With podman, add --format docker (an OCI image carries no HEALTHCHECK). The base images are
# arguments, so that a local one can stand in for the public one:
#   --build-arg BUILD_IMAGE=localhost/debian:bookworm --build-arg RUNTIME_IMAGE=localhost/debian:bookworm
# scripts/container-test builds both targets from a base made with debootstrap and runs them.
ARG BUILD_IMAGE=debian:bookworm-slim
ARG RUNTIME_IMAGE=debian:bookworm-slim

# ---- build: Debian's Maven and JDK 17, the jars as `mvn -B -DskipTests package` makes them
FROM ${BUILD_IMAGE} AS build
# (-slim images have no /usr/share/man/man1, where the JDK's alternatives link its manual pages)
RUN mkdir -p /usr/share/man/man1 \
 && apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      maven openjdk-17-jdk-headless \
 && apt-get clean && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Maven's JVM options, e.g. -Djavax.net.ssl.trustStore=FILE behind a proxy that signs TLS itself.
ARG MAVEN_OPTS=""
# The poms first: the layer of downloaded dependencies and plugins is kept until a pom changes.
# go-offline leaves the reactor's own modules out; what it cannot foresee (a plugin's own
# downloads) the package step below still fetches.
COPY pom.xml ./
COPY .mvn .mvn
COPY maintd-core/pom.xml maintd-core/
COPY maintd-protocol/pom.xml maintd-protocol/
COPY maintd-http/pom.xml maintd-http/
COPY maintd-exec/pom.xml maintd-exec/
COPY maintd-rapi/pom.xml maintd-rapi/
COPY maintd-collector/pom.xml maintd-collector/
COPY maintd-cli/pom.xml maintd-cli/
COPY maintd-daemon/pom.xml maintd-daemon/
RUN mvn -B -q dependency:go-offline
COPY maintd-core/src maintd-core/src
COPY maintd-protocol/src maintd-protocol/src
COPY maintd-http/src maintd-http/src
COPY maintd-exec/src maintd-exec/src
COPY maintd-rapi/src maintd-rapi/src
COPY maintd-collector/src maintd-collector/src
COPY maintd-cli/src maintd-cli/src
COPY maintd-daemon/src maintd-daemon/src
RUN mvn -B -DskipTests package

# ---- runtime: Debian's Java 17 runtime; curl for the health check; tini as process 1, so that
# signals reach Java and the children of the commands maintd runs are reaped
FROM ${RUNTIME_IMAGE} AS runtime
RUN mkdir -p /usr/share/man/man1 \
 && apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      openjdk-17-jre-headless curl tini \
 && apt-get clean && rm -rf /var/lib/apt/lists/*
COPY LICENSE README.md /usr/share/doc/maintd/
COPY etc/maintd.yaml etc/maintd-collector.yaml /usr/share/doc/maintd/examples/

# ---- collector: the node agent, as root, since the repair commands it runs need root
FROM runtime AS collector
COPY --from=build /src/maintd-collector/target/maintd-collector.jar /usr/lib/maintd/maintd-collector.jar
RUN printf '#!/bin/sh\nexec java $JAVA_OPTS -jar /usr/lib/maintd/maintd-collector.jar "$@"\n' \
      > /usr/sbin/maintd-collector \
 && chmod 0755 /usr/sbin/maintd-collector \
 && install -d -m 0755 /etc/maintd /etc/maintd/node-diagnose-commands /etc/maintd/node-repair-commands \
 && install -d -m 0700 /var/lib/maintd-collector
ENV JAVA_OPTS="-Xmx96m -XX:+UseSerialGC" \
    MAINTD_HEALTH_URL=http://127.0.0.1:1815/
USER root
VOLUME ["/etc/maintd", "/var/lib/maintd-collector"]
EXPOSE 1815
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD curl -fsS --insecure --max-time 2 -o /dev/null "$MAINTD_HEALTH_URL" || exit 1
ENTRYPOINT ["/usr/bin/tini", "--", "/usr/sbin/maintd-collector", "-c", "/etc/maintd/maintd-collector.yaml"]

# ---- daemon (the default target): maintd and maintctl, as the unprivileged user maintd.
# On a node that is not the master (leadership: master) the daemon exits with code 11.
FROM runtime AS daemon
ARG MAINTD_UID=1816
COPY --from=build /src/maintd-daemon/target/maintd.jar /usr/lib/maintd/maintd.jar
COPY --from=build /src/maintd-cli/target/maintctl.jar /usr/lib/maintd/maintctl.jar
RUN printf '#!/bin/sh\nexec java $JAVA_OPTS -jar /usr/lib/maintd/maintd.jar "$@"\n' > /usr/sbin/maintd \
 && printf '#!/bin/sh\nexec java $JAVA_OPTS -jar /usr/lib/maintd/maintctl.jar "$@"\n' > /usr/bin/maintctl \
 && chmod 0755 /usr/sbin/maintd /usr/bin/maintctl \
 && groupadd --system --gid "$MAINTD_UID" maintd \
 && useradd --system --uid "$MAINTD_UID" --gid maintd --home-dir /var/lib/maintd --no-create-home \
      --shell /usr/sbin/nologin maintd \
 && install -d -o root -g maintd -m 0750 /etc/maintd \
 && install -d -o maintd -g maintd -m 0700 /var/lib/maintd
ENV JAVA_OPTS=-Xmx256m \
    MAINTD_HEALTH_URL=http://127.0.0.1:1816/1/health \
    MAINTD_KEY_FILE=/var/lib/maintd/hmac.key
USER maintd
WORKDIR /var/lib/maintd
VOLUME ["/etc/maintd", "/var/lib/maintd"]
EXPOSE 1816
# curl, not java: a probe every 10 s costs a few milliseconds instead of a JVM's start.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD curl -fsS --insecure --max-time 2 -o /dev/null "$MAINTD_HEALTH_URL" || exit 1
ENTRYPOINT ["/usr/bin/tini", "--", "/usr/sbin/maintd", "-f", "-c", "/etc/maintd/maintd.yaml"]
