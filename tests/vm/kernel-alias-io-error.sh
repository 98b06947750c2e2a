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
check "sd/SCSI: '[$named (failing0)] tag#' sense message" \
	grep -q "\[$named (failing0)\] tag#[0-9]* Sense Key : Medium Error" <<<"$log"
check "sd/SCSI: '[$named (failing0)] tag#' CDB message" \
	grep -q "\[$named (failing0)\] tag#[0-9]* CDB: Read" <<<"$log"
check "unaliased disk: 'dev $plain, sector $lba' unchanged" \
	grep -q "error, dev $plain, sector $lba " <<<"$log"
check "unaliased disk: '[$plain] tag#' unchanged" \
	grep -q "\[$plain\] tag#[0-9]* Sense Key : Medium Error" <<<"$log"
check "no '$plain (' anywhere" sh -c "! grep -q '$plain (' <<<\"\$1\"" - "$log"

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
echo offline >/sys/block/sdb/device/state
dd if=/dev/sdb of=/dev/null bs=4096 count=1 iflag=direct 2>/dev/null &&
	fail "reading offline sdb should fail"
echo running >/sys/block/sdb/device/state
log=$(kmsg_since)
echo "$log"
check "offline disk: 'I/O error, dev sdb (data0), sector 0'" \
	grep -q "I/O error, dev sdb (data0), sector 0 " <<<"$log"
finish
