#!/usr/bin/env bash
# Browser tests drive Debian's Chromium + ChromeDriver; install them when missing.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "chromium/chromedriver missing: install Debian packages 'chromium chromium-driver'" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium chromium-driver >/dev/null
