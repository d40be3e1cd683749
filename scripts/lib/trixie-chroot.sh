# The Debian trixie chroot that cross-builds, packages and emulates Pacer for a Raspberry Pi
# (sourced by scripts/cross-build, scripts/package, scripts/target-run and bench/arm64.sh).
# Its recipe is the list of packages below; a change to it makes the next run build a new chroot.
# Paths are the same inside and outside: the clone, ../shared and /tmp are bound at their own paths.

PACER_CROSS_CACHE=${PACER_CROSS_CACHE:-/var/cache/pacer-cross}
PACER_CLONE=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
PACER_TRIXIE_ROOT=$PACER_CROSS_CACHE/trixie
pacer_trixie_host_packages=(swiftlang libstdc++-14-dev libgps-dev libdbus-1-dev libbluetooth-dev pkg-config
    qemu-user dpkg-dev lintian adduser systemd file ca-certificates binutils-aarch64-linux-gnu)
pacer_trixie_target_arches=(arm64)
# libxml2 and libcurl: Foundation's, which the (dynamically linked) test bundle loads under qemu.
pacer_trixie_target_packages=(libc6-dev libgcc-14-dev libstdc++-14-dev libgps-dev libdbus-1-dev libbluetooth-dev libxml2 libcurl4t64)
# swiftlang:arm64 and libswiftlang:arm64 do not install beside the amd64 compiler; unpacked, they
# give the aarch64 standard library (lib/swift and lib/swift_static) that the SDK points at.
pacer_trixie_target_swift=(swiftlang libswiftlang)
pacer_trixie_recipe="3 ${pacer_trixie_host_packages[*]} | ${pacer_trixie_target_arches[*]}: ${pacer_trixie_target_packages[*]} ${pacer_trixie_target_swift[*]}"

trixie_fail() { echo "cross-build: $*" >&2; exit 1; }

# A chroot and a mount namespace need root: run the calling script again through sudo when it is
# there, else stop with one line. Call as `trixie_need_root /absolute/path/of/the/script "$@"` first.
trixie_need_root() {
    [ "$(id -u)" -eq 0 ] && return
    command -v sudo >/dev/null || trixie_fail "needs root (a chroot and mount namespaces), and there is no sudo: run it as root"
    # sudo may ask for a password only where someone can type it.
    sudo -n true 2>/dev/null || [ -t 0 ] ||
        trixie_fail "needs root (a chroot and mount namespaces), and sudo wants a password with no terminal to ask on: run it as root"
    exec sudo --preserve-env=PATH,PACER_CROSS_CACHE,PACER_DEBIAN_MIRROR,PACER_MAINTAINER "$@"
}

trixie_triple() { case "$1" in arm64) echo aarch64-unknown-linux-gnu ;; amd64) echo x86_64-unknown-linux-gnu ;; esac; }
trixie_multiarch() { case "$1" in arm64) echo aarch64-linux-gnu ;; amd64) echo x86_64-linux-gnu ;; esac; }

# The Debian archive this machine's apt already uses (no host is written in the project), or
# PACER_DEBIAN_MIRROR.
trixie_mirror() {
    [ -z "${PACER_DEBIAN_MIRROR:-}" ] || { echo "$PACER_DEBIAN_MIRROR"; return; }
    apt-get indextargets --format '$(LABEL) $(RELEASE) $(REPO_URI)' 2>/dev/null |
        awk '$1 == "Debian" && $2 !~ /-/ { print $3; exit }'
}

trixie_chroot_ensure() {
    if [ -f "$PACER_TRIXIE_ROOT/.pacer-recipe" ] && [ "$(cat "$PACER_TRIXIE_ROOT/.pacer-recipe")" = "$pacer_trixie_recipe" ]; then
        return
    fi
    [ "$(uname -m)" = x86_64 ] || trixie_fail "builds on an x86_64 machine; this one is $(uname -m)"
    command -v apt-get >/dev/null || trixie_fail "needs a Debian machine (no apt-get here)"
    if ! command -v debootstrap >/dev/null; then
        apt-get install -y -qq debootstrap >/dev/null 2>&1 || { apt-get update -qq >/dev/null 2>&1 || true
            apt-get install -y -qq debootstrap >/dev/null 2>&1; } || trixie_fail "cannot install debootstrap from this machine's Debian archive"
    fi
    local mirror; mirror=$(trixie_mirror)
    [ -n "$mirror" ] || trixie_fail "no Debian archive in this machine's apt sources (apt-get indextargets names none)"
    mkdir -p "$PACER_CROSS_CACHE" || trixie_fail "cannot create $PACER_CROSS_CACHE"
    local free_kb; free_kb=$(df -Pk "$PACER_CROSS_CACHE" | awk 'NR == 2 { print $4 }')
    ((free_kb >= 4 * 1024 * 1024)) || trixie_fail "needs 4 GB free in $PACER_CROSS_CACHE, has $((free_kb / 1024)) MB"

    local tmp=$PACER_TRIXIE_ROOT.partial started=$SECONDS
    rm -rf "$tmp" "$PACER_TRIXIE_ROOT"
    # A setup that stops half-way leaves nothing behind but its logs.
    trap 'rm -rf "$PACER_TRIXIE_ROOT.partial"' EXIT
    echo "cross-build: making the trixie toolchain in $PACER_TRIXIE_ROOT (once; about 2 minutes)" >&2
    debootstrap --variant=minbase --arch=amd64 trixie "$tmp" "$mirror" >"$PACER_CROSS_CACHE/debootstrap.log" 2>&1 ||
        trixie_fail "debootstrap of trixie from $mirror failed: $(grep -m1 '^E:' "$PACER_CROSS_CACHE/debootstrap.log" || echo 'see the log') ($PACER_CROSS_CACHE/debootstrap.log)"
    cat >"$tmp/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $mirror
Suites: trixie trixie-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    rm -f "$tmp/etc/apt/sources.list"
    # Nothing in the chroot starts services; man pages and docs are not wanted.
    printf '#!/bin/sh\nexit 101\n' >"$tmp/usr/sbin/policy-rc.d"; chmod 0755 "$tmp/usr/sbin/policy-rc.d"
    local arch
    for arch in "${pacer_trixie_target_arches[@]}"; do trixie_in "$tmp" dpkg --add-architecture "$arch"; done
    local packages=("${pacer_trixie_host_packages[@]}") p
    for arch in "${pacer_trixie_target_arches[@]}"; do
        for p in "${pacer_trixie_target_packages[@]}"; do packages+=("$p:$arch"); done
    done
    trixie_in "$tmp" apt-get update -qq >"$PACER_CROSS_CACHE/apt.log" 2>&1 &&
        trixie_in "$tmp" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
            "${packages[@]}" >>"$PACER_CROSS_CACHE/apt.log" 2>&1 ||
        trixie_fail "installing the toolchain into the chroot failed: see $PACER_CROSS_CACHE/apt.log"
    for arch in "${pacer_trixie_target_arches[@]}"; do trixie_make_sdk "$tmp" "$arch"; done
    trixie_in "$tmp" apt-get clean
    echo "$pacer_trixie_recipe" >"$tmp/.pacer-recipe"
    mv "$tmp" "$PACER_TRIXIE_ROOT"
    trap - EXIT
    echo "cross-build: toolchain ready ($((SECONDS - started)) s)" >&2
}

# A Swift SDK for ARCH inside the chroot: trixie's own stdlib for ARCH, the chroot as the sysroot
# (the target's C libraries are there through multiarch), linked by the lld that swiftlang ships.
trixie_make_sdk() {
    local root=$1 arch=$2 name="pacer-trixie-$2" triple; triple=$(trixie_triple "$2")
    local stdlib=/opt/swift-$arch bundle=/opt/pacer-sdks/$name.artifactbundle p
    mkdir -p "$root$stdlib" "$root/tmp/swift-$arch"
    for p in "${pacer_trixie_target_swift[@]}"; do
        trixie_in "$root" sh -c "cd /tmp/swift-$arch && apt-get download -qq $p:$arch" >>"$PACER_CROSS_CACHE/apt.log" 2>&1 ||
            trixie_fail "cannot download $p:$arch: see $PACER_CROSS_CACHE/apt.log"
    done
    for p in "$root/tmp/swift-$arch"/*.deb; do dpkg-deb -x "$p" "$root$stdlib"; done
    rm -rf "$root/tmp/swift-$arch"
    local resources; resources=$(cd "$root$stdlib" && find . -path '*/lib/swift/linux' -type d | head -1)
    [ -n "$resources" ] || trixie_fail "swiftlang:$arch has no lib/swift/linux"
    resources=$stdlib/${resources#./}; resources=${resources%/linux}
    [ -d "$root${resources}_static" ] || trixie_fail "swiftlang:$arch has no lib/swift_static"
    # The sysroot is the chroot itself, reached through links: with "/" as the SDK's root, every
    # module the build writes counts as "loaded from the SDK" and is warned about, hundreds of times.
    mkdir -p "$root/opt/pacer-sysroot" "$root$bundle/$name"
    ln -sfn /usr "$root/opt/pacer-sysroot/usr"
    ln -sfn usr/lib "$root/opt/pacer-sysroot/lib"
    cat >"$root$bundle/info.json" <<EOF
{ "schemaVersion": "1.0", "artifacts": { "$name": { "type": "swiftSDK", "version": "1",
  "variants": [ { "path": "$name", "supportedTriples": ["x86_64-unknown-linux-gnu", "x86_64-pc-linux-gnu"] } ] } } }
EOF
    cat >"$root$bundle/$name/swift-sdk.json" <<EOF
{ "schemaVersion": "4.0", "targetTriples": { "$triple": {
  "sdkRootPath": "/opt/pacer-sysroot", "swiftResourcesPath": "$resources", "swiftStaticResourcesPath": "${resources}_static",
  "toolsetPaths": ["toolset.json"] } } }
EOF
    cat >"$root$bundle/$name/toolset.json" <<EOF
{ "schemaVersion": "1.0", "swiftCompiler": { "extraCLIOptions": ["-use-ld=lld"] },
  "linker": { "path": "/usr/libexec/swift/bin/ld.lld" } }
EOF
}

# Runs a command in ROOT with /proc and /dev, in a mount namespace of its own that ends with it.
trixie_in() {
    local root=$1; shift
    unshare -m --propagation private sh -c '
        root=$1; shift
        mount -t proc proc "$root/proc" && mount --rbind /dev "$root/dev" || exit 1
        exec chroot "$root" "$@"' sh "$root" "$@"
}

# Runs a command in the finished chroot, in the caller's folder, with the clone, ../shared and /tmp
# bound at their own paths. trixie_chroot_exec replaces the shell: every step execs, so the
# command keeps the caller's pid (scripts/target-run: signals reach the program).
trixie_chroot_exec() {
    local shared; shared=$(cd "$PACER_CLONE/.." && pwd -P)/shared
    exec unshare -m --propagation private sh -c '
        root=$1 clone=$2 shared=$3 cwd=$4; shift 4
        mount -t proc proc "$root/proc" && mount --rbind /dev "$root/dev" && mount --rbind /tmp "$root/tmp" || exit 1
        mkdir -p "$root$clone" && mount --bind "$clone" "$root$clone" || exit 1
        if [ -d "$shared" ]; then mkdir -p "$root$shared" && mount --bind "$shared" "$root$shared" || exit 1; fi
        [ -d "$root$cwd" ] || cwd=$clone
        exec chroot "$root" sh -c "cd \"\$0\" && exec \"\$@\"" "$cwd" "$@"' \
        sh "$PACER_TRIXIE_ROOT" "$PACER_CLONE" "$shared" "$(pwd -P)" "$@"
}
trixie_chroot_run() { (trixie_chroot_exec "$@"); }
