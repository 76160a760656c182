#!/bin/sh
# Starts one Reelsmith process from the shared image.
#
#   docker-entrypoint.sh <name> [args...]     or     SERVICE=<name> docker-entrypoint.sh [args...]
#
# <name> is a folder under services/ with dist/main.js (gateway, auth, media, ...), or
# <service>-worker for services/<service>/dist/worker.js (media-worker). The first argument
# wins over SERVICE when both are given; further arguments go to the node process.
set -eu

APP_ROOT="${APP_ROOT:-/app}"

available() {
  for main in "$APP_ROOT"/services/*/dist/main.js "$APP_ROOT"/services/*/dist/worker.js; do
    [ -f "$main" ] || continue
    svc="${main#"$APP_ROOT"/services/}"
    svc="${svc%%/*}"
    case "$main" in
      */worker.js) printf ' %s-worker' "$svc" ;;
      *) printf ' %s' "$svc" ;;
    esac
  done
}

usage() {
  echo "usage: docker-entrypoint.sh <service> [args...] (or set SERVICE)" >&2
  echo "services in this image:$(available)" >&2
  exit 64
}

name="${SERVICE:-}"
if [ "$#" -gt 0 ] && [ -n "$1" ] && [ "${1#-}" = "$1" ]; then
  name="$1"
  shift
fi
[ -n "$name" ] || usage

# Only plain names: no paths, no dots, nothing that could escape services/.
case "$name" in
  *[!a-z0-9-]* | -* | *- ) echo "invalid service name: '$name'" >&2; usage ;;
esac

script="$APP_ROOT/services/$name/dist/main.js"
case "$name" in
  *-worker)
    base="${name%-worker}"
    if [ ! -f "$script" ] && [ -f "$APP_ROOT/services/$base/dist/worker.js" ]; then
      script="$APP_ROOT/services/$base/dist/worker.js"
    fi
    ;;
esac

if [ ! -f "$script" ]; then
  echo "unknown service: '$name'" >&2
  usage
fi

export SERVICE="$name"
cd "$APP_ROOT"
exec node --enable-source-maps "$script" "$@"
