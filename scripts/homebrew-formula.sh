#!/usr/bin/env bash
# Writes the Homebrew formula of a release (for the tap, eplint/homebrew-tap's Formula/eplint.rb)
# to standard output. It builds from the tag's source archive: libxml2 the SDK's (Homebrew's
# pkg-config names it), libyaml the vendored CYAML target, Swift from Xcode.
# Usage: scripts/homebrew-formula.sh VERSION SHA256-OF-THE-TAG-SOURCE-ARCHIVE
set -euo pipefail
version=${1:?usage: scripts/homebrew-formula.sh VERSION SHA256}
sha256=${2:?usage: scripts/homebrew-formula.sh VERSION SHA256}
[[ $sha256 =~ ^[0-9a-f]{64}$ ]] || { echo "error: '$sha256' is not a SHA-256 in hex" >&2; exit 1; }
root=$(cd "$(dirname "$0")/.." && pwd)
repository=$(sed -n 's/^    package static let repository = "\(.*\)"$/\1/p' "$root/Sources/LintEngine/ToolIdentity.swift")
cat <<RUBY
class Eplint < Formula
  desc "Lint the StoreKit external-purchase configuration of Info.plist and entitlements"
  homepage "$repository"
  url "$repository/archive/refs/tags/v$version.tar.gz"
  sha256 "$sha256"
  license "MIT"
  head "$repository.git", branch: "main"

  depends_on "pkgconf" => :build
  depends_on xcode: ["26.0", :build]
  uses_from_macos "libxml2"
  uses_from_macos "zlib"

  def install
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "eplint"
    bin.install ".build/release/eplint"
  end

  test do
    (testpath/"Info.plist").write <<~XML
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
        <key>SKExternalPurchase</key>
        <array><string>NL</string></array>
      </dict>
      </plist>
    XML
    assert_match "[EP101]", shell_output("#{bin}/eplint #{testpath}/Info.plist", 1)
    assert_equal version.to_s, shell_output("#{bin}/eplint --version").strip
  end
end
RUBY
