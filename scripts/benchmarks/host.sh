# Sourced by the benchmarks: the one place where Linux and macOS tools differ for them.
# GNU time's -f and -v, apt-get, and xargs -a are Linux's; macOS has BSD time -l, Homebrew
# and an xargs that reads only standard input.

# install_missing TOOL...: the tools (Debian package names; Homebrew's where they differ).
install_missing() {
    [ "$#" -gt 0 ] || return 0
    if [ "$(uname -s)" = Darwin ]; then
        local formulae=()
        for tool in "$@"; do
            case "$tool" in time|libxml2-utils) ;; *) formulae+=("$tool") ;; esac # part of macOS
        done
        [ "${#formulae[@]}" -eq 0 ] || brew install "${formulae[@]}" >/dev/null
    else
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
    fi
}

# measured OUTPUT COMMAND...: runs COMMAND once, its standard output into OUTPUT; prints
# "PEAK-RSS-KB SECONDS".
measured() {
    local output=$1
    shift
    if [ "$(uname -s)" = Darwin ]; then
        { /usr/bin/time -l "$@" 2>&1 >"$output" || true; } |
            awk '/ real / { seconds = $1 } /maximum resident set size/ { peak = $1 / 1024 } END { printf "%d %s\n", peak, seconds }'
    else
        { /usr/bin/time -f '%M %e' "$@" 2>&1 >"$output" || true; } | tail -1 # linux-only
    fi
}

# file_size FILE: its size in bytes (stat -c is GNU's, stat -f BSD's; wc -c is both).
file_size() { wc -c < "$1" | tr -d ' '; }

# xargs_from LIST: a command that runs the rest of its arguments with LIST's lines appended
# (GNU xargs -a LIST), for hyperfine -N, which runs commands without a shell.
xargs_from() {
    local wrapper=${TMPDIR:-/tmp}/eplint-xargs-from
    printf '#!/bin/sh\nlist=$1; shift; exec xargs "$@" < "$list"\n' > "$wrapper"
    chmod +x "$wrapper"
    echo "$wrapper $1"
}
