# Installs a built pacer .deb in a throwaway copy of the trixie chroot (an overlay whose changes
# vanish with its mount namespace) and checks what a Pi user gets: the files, the pacer user and
# group, the socket enabled, the units verified by systemd-analyze, the shipped config accepted by
# the binaries (under qemu-user for arm64), and a purge that keeps the journal.
# Sourced by scripts/package after trixie-chroot.sh; check_package DEB ARCH.

check_package() {
    local deb=$1 arch=$2 work
    work=$(mktemp -d /tmp/pacer-check-package.XXXXXX)
    mkdir -p "$work/upper" "$work/work" "$work/root"
    cp "$deb" "$work/pacer.deb"
    local run="" ; [ "$arch" = amd64 ] || run="qemu-$(trixie_triple "$arch" | cut -d- -f1) -L /"
    local status=0
    unshare -m --propagation private sh -s "$PACER_TRIXIE_ROOT" "$work" "$run" <<'EOS' || status=$?
set -e
lower=$1 work=$2 run=$3 root=$2/root
mount -t overlay overlay -o "lowerdir=$lower,upperdir=$work/upper,workdir=$work/work" "$root"
mount -t proc proc "$root/proc"; mount --rbind /dev "$root/dev"
cp "$work/pacer.deb" "$root/tmp/pacer.deb"
chroot "$root" sh -s "$run" <<'EOC'
set -e
run=$1
fail() { echo "check-package: FAIL: $*" >&2; exit 1; }
ok() { echo "check-package: ok: $*" >&2; }
dpkg -i /tmp/pacer.deb >/tmp/dpkg.log 2>&1 || { cat /tmp/dpkg.log >&2; fail "dpkg -i"; }
ok "dpkg -i $(dpkg-query -W -f='${Package} ${Version} ${Architecture}' pacer)"
for f in /usr/bin/pacerd /usr/bin/pacerctl /usr/lib/systemd/system/pacerd.service /usr/lib/systemd/system/pacerd.socket \
         /usr/lib/udev/rules.d/60-pacer-gps.rules /usr/lib/udev/rules.d/61-pacer-ant.rules /etc/pacer/pacer.conf /usr/share/doc/pacer/copyright; do
    [ -f "$f" ] || fail "$f is not installed"
done
ok "binaries, units, udev rules, config and copyright installed"
dpkg-query -W -f='${Conffiles}\n' pacer | grep -q '^ /etc/pacer/pacer.conf ' || fail "pacer.conf is not a conffile"
ok "/etc/pacer/pacer.conf is a conffile"
getent passwd pacer >/dev/null || fail "no user pacer"
getent group pacer >/dev/null || fail "no group pacer"
[ "$(getent passwd pacer | cut -d: -f6,7)" = "/var/lib/pacer:/usr/sbin/nologin" ] || fail "user pacer: $(getent passwd pacer)"
[ "$(stat -c %U:%G /var/lib/pacer)" = pacer:pacer ] || fail "/var/lib/pacer belongs to $(stat -c %U:%G /var/lib/pacer)"
ok "system user and group pacer, home /var/lib/pacer"
[ -L /etc/systemd/system/sockets.target.wants/pacerd.socket ] || fail "pacerd.socket is not enabled"
ok "pacerd.socket enabled"
systemd-analyze verify /usr/lib/systemd/system/pacerd.socket /usr/lib/systemd/system/pacerd.service >/tmp/verify.log 2>&1 ||
    { cat /tmp/verify.log >&2; fail "systemd-analyze verify"; }
ok "systemd-analyze verify: $(wc -l </tmp/verify.log) lines"
$run /usr/bin/pacerd --version >/tmp/version.log 2>&1 || { cat /tmp/version.log >&2; fail "pacerd --version"; }
ok "pacerd --version: $(cat /tmp/version.log)"
printf '$GPRMC,070000.00,A,4807.038,N,01131.000,E,0.0,0.0,010326,,,A*5D\r\n' >/tmp/one.nmea
$run /usr/bin/pacerctl replay --config /etc/pacer/pacer.conf --nmea /tmp/one.nmea --json >/tmp/replay.log 2>&1 ||
    { cat /tmp/replay.log >&2; fail "pacerctl replay with the shipped config"; }
ok "the shipped config is accepted (pacerctl replay --config /etc/pacer/pacer.conf)"
echo "a recorded session" >/var/lib/pacer/journal-kept
dpkg --purge pacer >/tmp/purge.log 2>&1 || { cat /tmp/purge.log >&2; fail "dpkg --purge"; }
[ ! -e /usr/bin/pacerd ] || fail "pacerd is still there after purge"
[ ! -e /etc/pacer/pacer.conf ] || fail "pacer.conf is still there after purge"
[ ! -e /etc/systemd/system/sockets.target.wants/pacerd.socket ] || fail "the socket is still enabled after purge"
[ "$(cat /var/lib/pacer/journal-kept)" = "a recorded session" ] || fail "purge touched the journal"
ok "dpkg --purge removed the package and kept /var/lib/pacer"
EOC
EOS
    rm -rf "$work"
    [ "$status" -eq 0 ] || { echo "check-package: the package failed its install check" >&2; return 1; }
    echo "check-package: $deb passed" >&2
}
