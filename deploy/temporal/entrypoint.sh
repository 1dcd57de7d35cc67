#!/bin/sh
# Entrypoint of the local Temporal server image, with the official image's start-up contract: BIND_ON_IP
# defaults to this host's address, TEMPORAL_BROADCAST_ADDRESS to it when binding to a wildcard, SERVICES
# (history:matching:...) picks the services, and the configuration comes from the environment
# (config/docker.yaml, rendered by the server).
set -eu
if [ -z "${BIND_ON_IP:-}" ]; then
  BIND_ON_IP=$(getent hosts "$(hostname)" | awk '{print $1; exit}')
fi
export BIND_ON_IP
if [ "$BIND_ON_IP" = 0.0.0.0 ] || [ "$BIND_ON_IP" = ::0 ]; then
  : "${TEMPORAL_BROADCAST_ADDRESS:=$(getent hosts "$(hostname)" | awk '{print $1; exit}')}"
  export TEMPORAL_BROADCAST_ADDRESS
fi
set --
for service in $(echo "${SERVICES:-}" | tr ':,' '  '); do
  set -- "$@" "--service=$service"
done
exec temporal-server --root /etc/temporal --config config --env docker start "$@"
