# Kernel messages about an aliased disk show "sdX (alias)", the kernel
# name first; messages about a disk without an alias are unchanged.
. tests/vm/kernel-lib.sh
need_alias_attr

# scsi_debug: two disks, one aliased; medium errors at its default LBAs
# (medium_error_start, 10 sectors) with opts bit 2 (SDEBUG_OPT_MEDIUM_ERR).
disks=$(sdebug_add 2 | grep '^sd')
set -- $disks
named=$1 plain=$2
check "scsi_debug added two disks ($named $plain)" test -n "$plain"
check "alias failing0 on $named" \
	test "$(alias_write /sys/block/$named/alias failing0)" = OK
lba=$(cat /sys/module/scsi_debug/parameters/medium_error_start 2>/dev/null || echo 4660)
kmsg_mark medium
echo 2 >$sdebug/opts
for d in $named $plain; do
	dd if=/dev/$d of=/dev/null bs=512 skip="$lba" count=1 iflag=direct 2>/dev/null &&
		fail "reading $d at $lba should fail"
done
echo 0 >$sdebug/opts
log=$(kmsg_since)
echo "$log"
check "block layer: 'dev $named (failing0), sector $lba'" \
	grep -q "error, dev $named (failing0), sector $lba " <<<"$log"
# (no CONFIG_SCSI_CONSTANTS: the sense key and opcode print as numbers)
check "sd/SCSI: '[$named (failing0)] tag#N Sense Key' message" \
	grep -q "\[$named (failing0)\] tag#[0-9]* Sense Key : " <<<"$log"
check "sd/SCSI: '[$named (failing0)] tag#N CDB' message" \
	grep -q "\[$named (failing0)\] tag#[0-9]* CDB: " <<<"$log"
check "sd/SCSI: '[$named (failing0)] tag#N ... Result' message" \
	grep -q "\[$named (failing0)\] tag#[0-9]* .*Result: " <<<"$log"
check "unaliased disk: 'dev $plain, sector $lba' unchanged" \
	grep -q "error, dev $plain, sector $lba " <<<"$log"
check "unaliased disk: '[$plain] tag#N Sense Key' unchanged" \
	grep -q "\[$plain\] tag#[0-9]* Sense Key : " <<<"$log"
n=$(grep -c "$plain (" <<<"$log")
check "no '$plain (' anywhere ($n)" test "$n" -eq 0

# sd_printk() and the capacity message: grow the disks and rescan.
kmsg_mark capacity
echo 1 >$sdebug/virtual_gb
echo 1 >/sys/block/$named/device/rescan
log=$(kmsg_since)
echo "$log"
check "sd_printk: '[$named (failing0)] ... logical blocks'" \
	grep -q "\[$named (failing0)\] [0-9]* 512-byte logical blocks" <<<"$log"
check "block: '$named (failing0): detected capacity change'" \
	grep -q "$named (failing0): detected capacity change" <<<"$log"

# A virtio-scsi disk taken offline: the block layer's I/O error.
check "alias data0 on sdb" test "$(alias_write /sys/block/sdb/alias data0)" = OK
kmsg_mark offline
# sd refuses to open an offline disk: open it first.
exec 3</dev/sdb
echo offline >/sys/block/sdb/device/state
dd of=/dev/null bs=4096 count=1 iflag=direct <&3 2>/dev/null &&
	fail "reading offline sdb should fail"
echo running >/sys/block/sdb/device/state
exec 3<&-
log=$(kmsg_since)
echo "$log"
check "offline disk: 'I/O error, dev sdb (data0), sector 0'" \
	grep -q "I/O error, dev sdb (data0), sector 0 " <<<"$log"
finish
