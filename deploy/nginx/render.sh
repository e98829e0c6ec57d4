#!/usr/bin/env bash
# Writes the nginx site of the service to standard output, from deploy/nginx/carrom.conf.template:
#
#   CARROM_SERVER_NAME=carrom.example.org CARROM_WEB_SERVERS="10.0.0.11:8000 10.0.0.12:8000" \
#   CARROM_TLS_CERTIFICATE=/etc/letsencrypt/live/carrom.example.org/fullchain.pem \
#   CARROM_TLS_CERTIFICATE_KEY=/etc/letsencrypt/live/carrom.example.org/privkey.pem \
#   deploy/nginx/render.sh > /etc/nginx/sites-available/carrom
#
# CARROM_STATIC_ROOT (the checkout's staticfiles/), CARROM_HTTPS_LISTEN (443) and CARROM_HTTP_LISTEN (80) have
# defaults. The tests render it the same way for their own nginx.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
: "${CARROM_SERVER_NAME:?the host name of the site}"
: "${CARROM_TLS_CERTIFICATE:?the TLS certificate (chain) file}"
: "${CARROM_TLS_CERTIFICATE_KEY:?its key file}"
export CARROM_STATIC_ROOT="${CARROM_STATIC_ROOT:-$(cd "$here/../.." && pwd)/staticfiles}"
export CARROM_HTTPS_LISTEN="${CARROM_HTTPS_LISTEN:-443}"
export CARROM_HTTP_LISTEN="${CARROM_HTTP_LISTEN:-80}"
servers=()
for server in ${CARROM_WEB_SERVERS:-127.0.0.1:8000}; do
  servers+=("    server ${server} max_fails=1 fail_timeout=5s;")
done
CARROM_UPSTREAM_SERVERS="$(printf '%s\n' "${servers[@]}")"
export CARROM_UPSTREAM_SERVERS
names='${CARROM_SERVER_NAME} ${CARROM_TLS_CERTIFICATE} ${CARROM_TLS_CERTIFICATE_KEY} ${CARROM_STATIC_ROOT}'
names+=' ${CARROM_HTTPS_LISTEN} ${CARROM_HTTP_LISTEN} ${CARROM_UPSTREAM_SERVERS}'
envsubst "$names" < "$here/carrom.conf.template"
