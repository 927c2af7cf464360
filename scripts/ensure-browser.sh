#!/usr/bin/env bash
# Browser tests drive Debian's Chromium + ChromeDriver; install them when missing,
# with a CJK font so Chinese pages render legibly in screenshots.
set -euo pipefail
have_cjk_font() { command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list :lang=zh 2>/dev/null)" ]; }
if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1 && have_cjk_font; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "chromium/chromedriver/CJK font missing: install Debian packages 'chromium chromium-driver fonts-noto-cjk'" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium chromium-driver fonts-noto-cjk >/dev/null
