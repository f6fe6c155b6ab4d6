#!/bin/sh
# Xcode "Run Script" build phase for eplint.
#
# Set up (Target > Build Phases > + > New Run Script Phase):
#   Shell:       /bin/sh
#   Script:      "${SRCROOT}/Scripts/eplint-build-phase.sh"
#   Input Files: $(SRCROOT)/$(INFOPLIST_FILE)
#                $(SRCROOT)/$(CODE_SIGN_ENTITLEMENTS)        (if the target has one)
#   Output Files: $(DERIVED_FILE_DIR)/eplint.stamp
# Declaring inputs and an output lets the phase run under ENABLE_USER_SCRIPT_SANDBOXING
# and only when those files change. eplint's lines (`/abs/path:LINE:COL: error: …`) appear
# in the issue navigator at the right place; errors fail the build.
set -u

EPLINT=${EPLINT:-$(command -v eplint || echo "${SRCROOT}/.build/release/eplint")}
if [ ! -x "$EPLINT" ]; then
    echo "error: eplint: not found; install it or set EPLINT to its path"
    exit 1
fi

set --
count=${SCRIPT_INPUT_FILE_COUNT:-0}
i=0
while [ "$i" -lt "$count" ]; do
    eval "file=\${SCRIPT_INPUT_FILE_$i}"
    case "$file" in
        *.entitlements) set -- "$@" --entitlements "$file" ;;
        *) set -- "$@" "$file" ;;
    esac
    i=$((i + 1))
done
# No declared inputs: the target's Info.plist, by absolute path.
if [ "$count" -eq 0 ]; then
    set -- "${SRCROOT}/${INFOPLIST_FILE}"
fi

"$EPLINT" --color=never --define "PRODUCT_BUNDLE_IDENTIFIER=${PRODUCT_BUNDLE_IDENTIFIER:-}" "$@"
status=$?
[ -n "${DERIVED_FILE_DIR:-}" ] && [ "$status" -ne 2 ] && mkdir -p "$DERIVED_FILE_DIR" && touch "$DERIVED_FILE_DIR/eplint.stamp"
exit "$status"
