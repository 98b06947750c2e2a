#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Build fake system roots for diskalias --sysroot (and lsblk --sysroot).

    fake_sysroot.py DIR TREE       one of the named trees below
    fake_sysroot.py DIR --many N   N disks shaped as in the benchmark

A tree holds what the tool reads on a live system: /sys/block/<disk> (a
symlink into /sys/devices as real sysfs has it, or a plain directory),
its attributes and partitions, /sys/dev/block and /sys/class/block links,
/dev/disk/by-*/ symlinks ("../../sdb") and /proc/self/mountinfo.

Trees:
  standard  disks of several transports (SATA, virtio-scsi with WWN,
            SCSI, virtio-blk, NVMe, CD-ROM, loop), partitions, aliases,
            mounts; the kernel has the alias attribute
  standard:sdb,vda  only those disks of the standard tree (a case that
            needs no other disk builds just what it reads, so that a
            disk added to the standard tree leaves its output alone)
  noalias   the same disks on a kernel without the alias attribute
  noalias:sdb,vda  only those, without the alias attribute
  odd       malformed and surprising sysfs files
  unreadable  files only root may read (for tests run as nobody)
  transports  one disk per kind of persistent name (set --persist)
  many-odd  300 disks with odd files (the threaded scan's warnings)
  logs      disks for "diskalias log": SCSI addresses, /dev/kmsg, samples
  logs-noalias  the same without the alias attribute, with a config
  logs-noperm   the same with a /dev/kmsg only root may read
  logs-badconf  logs-noalias with a config that has a duplicate alias
  ports     the logs tree's disks with NVMe as sysfs has it: a controller
            with one namespace, a multipath subsystem of two controllers
            and one shared namespace, a controller with two namespaces
  facts     what real machines have beyond "standard": NVMe namespaces
            with each form of wwid (eui., nvme., uuid.), a device-mapper
            disk (dm/name, /dev/mapper), a multi-device (bcachefs) mount
  udev      disks with udev's database entries (/run/udev/data), md, dm
            and NVMe multipath's hidden paths (the facts lsblk shows)
  capture:TREE  the test guest as tests/data/capture-sysroot captured it
            (tests/data/sysroot-TREE.capture): a real kernel's sysfs,
            udev database, /dev and mountinfo; the reads that failed
            there are in the tree's read_errors, for the read-failure shim
"""

import os
import sys

import sysroot_capture

SECTOR = 512


class Tree:
    def __init__(self, root):
        self.root = root
        self.read_errors = []   # (path in the tree, errno name)
        self.mounts = []
        self.mount_id = 20

    def path(self, p):
        return os.path.join(self.root, p.lstrip("/"))

    def mkdir(self, p):
        os.makedirs(self.path(p), exist_ok=True)

    def write(self, p, text):
        full = self.path(p)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as f:
            f.write(text)

    def write_bytes(self, p, data):
        full = self.path(p)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(data)

    def symlink(self, p, target):
        full = self.path(p)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        os.symlink(target, full)

    def mount(self, devno, target, fstype="ext4", source="none"):
        # mountinfo escapes blanks and backslashes as octal
        esc = "".join("\\%03o" % ord(c) if c in " \t\n\\" else c
                      for c in target)
        self.mount_id += 1
        self.mounts.append("%d 1 %s / %s rw,relatime shared:%d - %s %s rw\n"
                           % (self.mount_id, devno, esc, self.mount_id,
                              fstype, source))

    def finish(self):
        base = ["1 0 0:21 / / rw,relatime - overlay overlay rw\n",
                "2 1 0:22 / /proc rw,nosuid - proc proc rw\n",
                "3 1 0:23 / /run rw,nosuid - tmpfs tmpfs rw,mode=755\n",
                "4 1 253:0 / /var/lib/virtual rw - xfs /dev/mapper/vg-lv rw\n"]
        self.write("/proc/self/mountinfo", "".join(base + self.mounts))
        self.mkdir("/etc")  # for /etc/diskalias.conf


def add_disk(t, d, alias_attr=True):
    """Create one disk from a dict (see standard_disks())."""
    name = d["name"]
    if d.get("real", False):
        # as sysfs: /sys/block/sda -> ../devices/.../block/sda; an NVMe
        # namespace has no "block" directory: .../nvme/nvme0/nvme0n1
        sub = "" if d.get("no_block_dir") else "block/"
        devdir = "/sys/devices/%s/%s%s" % (d["parent"], sub, name)
        t.symlink("/sys/block/" + name,
                  "../devices/%s/%s%s" % (d["parent"], sub, name))
        scsidev = "/sys/devices/" + d["parent"]
        t.symlink(devdir + "/device", os.path.relpath(scsidev, devdir))
        rel = lambda p: os.path.relpath(p, "/sys/dev/block")
        crel = lambda p: os.path.relpath(p, "/sys/class/block")
    else:
        devdir = "/sys/block/" + name
        scsidev = devdir + "/device"
        t.mkdir(scsidev)
        rel = lambda p: os.path.relpath(p, "/sys/dev/block")
        crel = lambda p: os.path.relpath(p, "/sys/class/block")
    major, minor = d["dev"]
    t.write(devdir + "/dev", "%d:%d\n" % (major, minor))
    t.write(devdir + "/size", "%d\n" % d["size"])
    t.write(devdir + "/removable", "%d\n" % d.get("removable", 0))
    t.write(devdir + "/ro", "%d\n" % d.get("ro", 0))
    t.write(devdir + "/uevent", "MAJOR=%d\nMINOR=%d\nDEVNAME=%s\nDEVTYPE=disk\n"
            % (major, minor, name))
    if "model" in d:
        t.write(scsidev + "/model", d["model"] + "\n")
    for attr in ("serial", "wwid"):
        if attr in d:
            where = devdir if d.get(attr + "_in_block") else scsidev
            t.write(where + "/" + attr, d[attr] + "\n")
    if "vpd_serial" in d:
        # a SCSI device's VPD page 0x80: header, then the serial padded
        serial = d["vpd_serial"].encode().ljust(20)
        t.write_bytes(scsidev + "/vpd_pg80",
                      bytes([0, 0x80, 0, len(serial)]) + serial)
    if "hidden" in d:
        t.write(devdir + "/hidden", "%d\n" % d["hidden"])
    if "md_level" in d:
        t.write(devdir + "/md/level", d["md_level"] + "\n")
    if "udev" in d:
        udev_entry(t, d["dev"], d["udev"], d.get("links", []))
    if alias_attr:
        alias = d.get("alias")
        t.write(devdir + "/alias", alias + "\n" if alias else "")
    t.symlink("/sys/dev/block/%d:%d" % (major, minor), rel(devdir))
    t.symlink("/sys/class/block/" + name, crel(devdir))
    t.write("/dev/" + name, "")  # a fake tree's device node is a text file
    if "dm_name" in d:
        # device-mapper: dm/name and dm/uuid, and udev's /dev/mapper link
        t.write(devdir + "/dm/name", d["dm_name"] + "\n")
        t.write(devdir + "/dm/uuid", d.get("dm_uuid", "") + "\n")
        t.symlink("/dev/mapper/" + d["dm_name"], "../" + name)
    for link in d.get("links", []):
        t.symlink("/dev/disk/" + link, "../../" + name)

    for n, p in enumerate(d.get("parts", []), 1):
        pname = p.get("name", "%s%d" % (name, n))
        pdir = devdir + "/" + pname
        pminor = minor + n
        t.write(pdir + "/partition", "%d\n" % n)
        t.write(pdir + "/dev", "%d:%d\n" % (major, pminor))
        t.write(pdir + "/size", "%d\n" % p["size"])
        t.write(pdir + "/uevent", "MAJOR=%d\nMINOR=%d\nDEVNAME=%s\nDEVTYPE=partition\n"
                % (major, pminor, pname))
        t.symlink("/sys/dev/block/%d:%d" % (major, pminor), rel(pdir))
        t.symlink("/sys/class/block/" + pname, crel(pdir))
        t.write("/dev/" + pname, "")
        for link in p.get("links", []):
            t.symlink("/dev/disk/" + link, "../../" + pname)
        for target in p.get("mounts", []):
            t.mount("%d:%d" % (major, pminor), target, source="/dev/" + pname)
    for target in d.get("mounts", []):
        t.mount("%d:%d" % (major, minor), target, source="/dev/" + name)


def udev_entry(t, dev, props, links):
    """udev's database entry of a device, /run/udev/data/bMAJOR:MINOR:
    its links (S:), properties (E:, in the order given) and the lines
    udev writes around them."""
    lines = ["S:disk/%s\n" % l for l in links]
    lines += ["I:1234567\n"]
    lines += ["E:%s=%s\n" % kv for kv in props]
    lines += ["G:systemd\n", "Q:systemd\n", "V:1\n"]
    t.write("/run/udev/data/b%d:%d" % dev, "".join(lines))


def scsi_udev(vendor, model, serial, wwn=None, scsi_serial=None):
    """The properties Debian 12's udev gives a SCSI or SATA disk: names
    with blanks made '_' and the _ENC forms with blanks as \\x20."""
    enc = lambda s: s.replace(" ", "\\x20")
    props = [("ID_SCSI", "1"), ("ID_VENDOR", vendor.strip().replace(" ", "_")),
             ("ID_VENDOR_ENC", enc(vendor)),
             ("ID_MODEL", model.strip().replace(" ", "_")),
             ("ID_MODEL_ENC", enc(model)), ("ID_REVISION", "2.5+"),
             ("ID_TYPE", "disk"), ("ID_SERIAL", serial)]
    if wwn:
        props += [("ID_WWN", wwn), ("ID_WWN_WITH_EXTENSION", wwn)]
    if scsi_serial:
        props += [("ID_SCSI_SERIAL", scsi_serial)]
    props += [("ID_BUS", "scsi"), ("DEVTYPE", "disk"),
              ("SUBSYSTEM", "block"), ("TAGS", ":systemd:")]
    return props


def standard_disks():
    gib = 1024 ** 3 // SECTOR
    return [
        {"name": "sda", "dev": (8, 0), "size": 20 * gib, "real": True,
         "parent": "pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0",
         "model": "QEMU HARDDISK   ",
         "wwid": "t10.ATA     QEMU HARDDISK                           QM00001",
         "links": ["by-id/ata-QEMU_HARDDISK_QM00001",
                   "by-path/pci-0000:00:1f.2-ata-1",
                   "by-path/pci-0000:00:1f.2-ata-1.0",
                   "by-diskseq/1"],
         "parts": [
             {"size": 512 * 2048,
              "links": ["by-id/ata-QEMU_HARDDISK_QM00001-part1",
                        "by-path/pci-0000:00:1f.2-ata-1-part1",
                        "by-uuid/3f9a1c2e-7b4d-4e2a-9c1b-5d6e7f8a9b0c",
                        "by-label/root",
                        "by-partuuid/6b1e0f5a-01"],
              "mounts": ["/"]},
             {"size": 20 * gib - 512 * 2048 - 2048,
              "links": ["by-id/ata-QEMU_HARDDISK_QM00001-part2",
                        "by-path/pci-0000:00:1f.2-ata-1-part2",
                        "by-uuid/8c2d4e6f-1a3b-4c5d-8e9f-0a1b2c3d4e5f",
                        "by-partuuid/6b1e0f5a-02"],
              "mounts": ["/home"]},
         ]},
        {"name": "sdb", "dev": (8, 16), "size": 4 * gib + 1024,
         "model": "QEMU HARDDISK", "wwid": "naa.5000C500A1B2C3D4",
         "vpd_serial": "data-disk",
         "alias": "data0",
         "links": ["by-id/scsi-0QEMU_QEMU_HARDDISK_data-disk",
                   "by-id/wwn-0x5000c500a1b2c3d4",
                   "by-path/pci-0000:00:04.0-scsi-0:0:0:1",
                   "by-diskseq/2"],
         "parts": [
             {"size": 4 * gib - 2048,
              "links": ["by-id/wwn-0x5000c500a1b2c3d4-part1",
                        "by-uuid/0b7e55aa-1111-4222-8333-944455566677",
                        "by-label/data",
                        "by-partuuid/0d1c2b3a-4f5e-6d7c-8b9a-a1b2c3d4e5f6"],
              "mounts": ["/srv/data", "/mnt/my data"]},
         ]},
        {"name": "sdc", "dev": (8, 32), "size": 100 * gib,
         "model": "ST1000NM0055", "wwid": "naa.5000c500deadbeef",
         "vpd_serial": "ZBS0BEEF",
         "alias": "logs",
         "links": ["by-id/scsi-35000c500deadbeef",
                   "by-id/wwn-0x5000c500deadbeef",
                   "by-path/pci-0000:00:04.0-scsi-0:0:0:2",
                   "by-uuid/77aa88bb-99cc-4dde-8eff-001122334455"],
         "mounts": ["/var/log/archive"]},
        {"name": "vda", "dev": (254, 0), "size": 8 * gib,
         "serial": "VB-1234", "serial_in_block": True,
         "links": ["by-id/virtio-VB-1234", "by-path/pci-0000:00:05.0",
                   "by-path/virtio-pci-0000:00:05.0"]},
        {"name": "nvme0n1", "dev": (259, 0), "size": 64 * gib,
         "model": "QEMU NVMe Ctrl", "serial": "NV0001",
         "wwid": "eui.0000000000000001", "wwid_in_block": True,
         "links": ["by-id/nvme-QEMU_NVMe_Ctrl_NV0001",
                   "by-id/nvme-eui.0000000000000001",
                   "by-path/pci-0000:00:06.0-nvme-1"],
         "parts": [
             {"name": "nvme0n1p1", "size": 1024 * 2048,
              "links": ["by-id/nvme-eui.0000000000000001-part1",
                        "by-uuid/ABCD-1234", "by-label/EFI"],
              "mounts": ["/boot/efi"]},
             {"name": "nvme0n1p2", "size": 63 * gib - 1024 * 2048,
              "links": ["by-id/nvme-eui.0000000000000001-part2"]},
         ]},
        {"name": "sr0", "dev": (11, 0), "size": 0, "removable": 1,
         "model": "QEMU DVD-ROM",
         "links": ["by-id/ata-QEMU_DVD-ROM_QM00003",
                   "by-path/pci-0000:00:1f.2-ata-2"]},
        {"name": "loop0", "dev": (7, 0), "size": 0},
        {"name": "loop1", "dev": (7, 1), "size": 204800, "ro": 1,
         "mounts": ["/snap/core/1"]},
    ]


def build_standard(t, alias_attr=True, only=None):
    disks = standard_disks()
    if only is not None:
        unknown = set(only) - {d["name"] for d in disks}
        if unknown:
            raise SystemExit("no such disk in the standard tree: %s"
                             % ", ".join(sorted(unknown)))
    for d in disks:
        if only is None or d["name"] in only:
            add_disk(t, d, alias_attr)
    t.finish()


def build_odd(t):
    build_standard(t)
    blk = "/sys/devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0/block/sda"
    t.write(blk + "/size", "lots\n")              # not a number
    t.write("/sys/block/sdb/ro", "2\n")            # neither 0 nor 1
    os.remove(t.path("/sys/block/sdc/alias"))
    t.mkdir("/sys/block/sdc/alias")                # a directory
    t.write("/sys/block/vda/alias", "bad alias!\n")  # breaks the rules
    t.write("/sys/block/nvme0n1/dev", "259\n")     # not MAJOR:MINOR
    t.write("/sys/block/sr0/device/model", "DVD\0ROM\n")  # NUL byte
    t.write_bytes("/sys/block/sdc/device/vpd_pg80",      # another page
                  b"\x00\x83\x00\x04abcd")
    t.symlink("/sys/block/ghost", "../devices/gone/ghost")  # dangling
    t.symlink("/dev/disk/by-id/usb-stale", "../../sdz")   # nothing there


def build_unreadable(t):
    build_standard(t)
    os.chmod(t.path("/sys/block/sdb/alias"), 0o600)
    os.chmod(t.path("/sys/block/vda/size"), 0o000)


def build_many(t, n):
    """The benchmark's shape (issue 4): each disk has a partition, two by-id
    links and a by-path link, the partition a by-uuid link; every disk has
    an alias and udev's database entry, and a third of them are mounted."""
    gib = 1024 ** 3 // SECTOR
    for i in range(n):
        name = "sd" + letters(i)
        # sd majors: 8, 65..71, 128..135 each hold 16 disks of 16 minors
        major, minor = 259, i * 2
        wwn = "5000c500%08x" % i
        d = {"name": name, "dev": (major, minor), "size": 8 * gib,
             "model": "QEMU HARDDISK", "wwid": "naa." + wwn,
             "vpd_serial": "DA%08d" % i, "alias": "disk%05d" % i,
             "udev": scsi_udev("QEMU    ", "QEMU HARDDISK   ", "3" + wwn,
                               "0x" + wwn, "DA%08d" % i),
             "links": ["by-id/scsi-3" + wwn, "by-id/wwn-0x" + wwn,
                       "by-path/pci-0000:00:04.0-scsi-0:0:%d:%d"
                       % (i // 256, i % 256)],
             "parts": [{"size": 8 * gib - 2048,
                        "links": ["by-uuid/%08x-0000-4000-8000-%012x" % (i, i)],
                        "mounts": ["/mnt/d%05d" % i] if i % 3 == 0 else []}]}
        add_disk(t, d)
    t.finish()


def build_many_odd(t):
    """300 disks (enough for the threaded scan) with odd files here and
    there: the warnings must come out in disk order."""
    build_many(t, 300)
    t.write("/sys/block/sda/size", "junk\n")
    t.write("/sys/block/sdz/alias", "bad!\n")
    t.write("/sys/block/sdkn/size", "junk\n")


def letters(i):
    """0 -> a, 25 -> z, 26 -> aa: the sd naming scheme."""
    s = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        s = chr(ord("a") + r) + s
    return s


LOG_SAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                           "data", "kmsg")


def build_logs(t, alias_attr=True, kmsg_mode=0o644, bad_conf=False):
    """The standard disks with sdb and sdc on a SCSI host as sysfs has them
    (so their SCSI addresses resolve), /dev/kmsg a saved log, the recorded
    samples under /samples, and without the alias attribute a config."""
    for d in standard_disks():
        if d["name"] == "sr0":  # a disk with a by-path link alone
            d["links"] = [l for l in d["links"] if l.startswith("by-path/")]
        if d["name"] in ("sdb", "sdc"):
            lun = 1 if d["name"] == "sdb" else 2
            d["real"] = True
            d["parent"] = ("pci0000:00/0000:00:04.0/virtio1/host2/"
                           "target2:0:0/2:0:0:%d" % lun)
        add_disk(t, d, alias_attr)
    t.finish()
    for name in sorted(os.listdir(LOG_SAMPLES)):
        with open(os.path.join(LOG_SAMPLES, name), encoding="utf-8") as f:
            t.write("/samples/" + name, f.read())
    with open(os.path.join(LOG_SAMPLES, "kmsg-boot.txt"), encoding="utf-8") as f:
        t.write("/dev/kmsg", f.read())
    os.chmod(t.path("/dev/kmsg"), kmsg_mode)
    if not alias_attr:
        t.write("/etc/diskalias.conf",
                "# aliases of a kernel without the attribute\n"
                "alias data0 wwn-0x5000c500a1b2c3d4\n"
                "alias logs  /dev/disk/by-path/pci-0000:00:04.0-scsi-0:0:0:2\n"
                "alias gone  wwn-0x5000c500ffffffff\n"
                + ("alias data0 virtio-VB-1234\n" if bad_conf else ""))


def nvme_disk(name, dev, parent, serial, wwid, **more):
    d = {"name": name, "dev": dev, "size": 16 * 1024 ** 3 // SECTOR,
         "real": True, "no_block_dir": True, "parent": parent,
         "model": "QEMU NVMe Ctrl", "serial": serial, "wwid": wwid,
         "wwid_in_block": True}
    d.update(more)
    return d


def build_ports(t):
    """The logs tree's disks (sda behind AHCI's port ata1) with NVMe as a
    6.12 kernel's sysfs has it (tests/data/sysroot-6.12.capture):
    controller nvme0 with its namespace nvme0n1 (nvme-subsys0); a
    subsystem of two controllers, nvme1 and nvme2, sharing one namespace
    (native multipath: the head nvme1n1 under nvme-subsys1, the hidden
    paths nvme1c1n1 and nvme1c2n1 under the controllers: a subsystem and
    its namespaces are numbered by its first controller); controller nvme3
    with two namespaces, nvme3n1 and nvme3n2 (nvme-subsys3)."""
    pci = "pci0000:00/0000:00:%s/nvme/nvme%d"
    disks = [d for d in standard_disks() if d["name"] != "nvme0n1"]
    for d in disks:
        if d["name"] in ("sdb", "sdc"):
            lun = 1 if d["name"] == "sdb" else 2
            d["real"] = True
            d["parent"] = ("pci0000:00/0000:00:04.0/virtio1/host2/"
                           "target2:0:0/2:0:0:%d" % lun)
    disks += [
        nvme_disk("nvme0n1", (259, 0), pci % ("06.0", 0), "NV0001",
                  "eui.0000000000000001", alias="fast0",
                  links=["by-id/nvme-eui.0000000000000001"]),
        nvme_disk("nvme1n1", (259, 1), "virtual/nvme-subsystem/nvme-subsys1",
                  "NVMP0001", "eui.0000000000000011", hidden=0,
                  alias="shared0",
                  links=["by-id/nvme-eui.0000000000000011"]),
        nvme_disk("nvme1c1n1", (259, 2), pci % ("09.0", 1), "NVMP0001",
                  "eui.0000000000000011", hidden=1),
        nvme_disk("nvme1c2n1", (259, 3), pci % ("0a.0", 2), "NVMP0001",
                  "eui.0000000000000011", hidden=1),
        nvme_disk("nvme3n1", (259, 4), pci % ("0b.0", 3), "NV0003",
                  "eui.0000000000000031",
                  links=["by-id/nvme-eui.0000000000000031"]),
        nvme_disk("nvme3n2", (259, 5), pci % ("0b.0", 3), "NV0003",
                  "eui.0000000000000032",
                  links=["by-id/nvme-eui.0000000000000032"]),
    ]
    for d in disks:
        add_disk(t, d)
    subsystems = {0: [("06.0", 0)], 1: [("09.0", 1), ("0a.0", 2)],
                  3: [("0b.0", 3)]}
    for n, ctrls in subsystems.items():
        sub = "/sys/devices/virtual/nvme-subsystem/nvme-subsys%d" % n
        t.write(sub + "/subsysnqn", "nqn.2019-08.org.qemu:subsys%d\n" % n)
        for slot, c in ctrls:
            t.symlink("%s/nvme%d" % (sub, c),
                      "../../../" + pci % (slot, c))
        t.symlink("/sys/class/nvme-subsystem/nvme-subsys%d" % n,
                  "../../devices/virtual/nvme-subsystem/nvme-subsys%d" % n)
    t.finish()
    t.write("/dev/kmsg", "")


def build_transports(t):
    """One disk per kind of persistent name, for the stable-name choice
    of "set --persist": WWN, SCSI serial, NVMe with only its duplicates,
    virtio, ATA, USB, by-path alone, and none at all."""
    gib = 1024 ** 3 // SECTOR
    disks = [
        ("sda", (8, 0), ["by-id/scsi-35000c500a1b2c3d4",
                         "by-id/scsi-SQEMU_QEMU_HARDDISK_DASCSI0001",
                         "by-id/wwn-0x5000c500a1b2c3d4",
                         "by-path/pci-0000:00:04.0-scsi-0:0:0:0"]),
        ("sdb", (8, 16), ["by-id/scsi-0QEMU_QEMU_HARDDISK_DASCSI0002",
                          "by-path/pci-0000:00:04.0-scsi-0:0:0:1"]),
        ("sdc", (8, 32), ["by-id/ata-QEMU_HARDDISK_QM00001",
                          "by-path/pci-0000:00:1f.2-ata-1"]),
        ("sdd", (8, 48), ["by-id/usb-Vendor_Stick_0123-0:0",
                          "by-path/pci-0000:00:14.0-usb-0:1:1.0-scsi-0:0:0:0"]),
        ("sde", (8, 64), ["by-path/pci-0000:00:05.0-scsi-0:0:3:0"]),
        ("sdf", (8, 80), []),
        ("vda", (254, 0), ["by-id/virtio-DAVBLK0001",
                           "by-path/pci-0000:00:06.0",
                           "by-path/virtio-pci-0000:00:06.0"]),
        ("nvme0n1", (259, 0), ["by-id/nvme-QEMU_NVMe_Ctrl_DANVME0001",
                               "by-id/nvme-QEMU_NVMe_Ctrl_DANVME0001_1",
                               "by-id/nvme-eui.0000000000000001",
                               "by-path/pci-0000:00:07.0-nvme-1"]),
        ("nvme1n1", (259, 2), ["by-id/nvme-QEMU_NVMe_Ctrl_DANVME0002_1",
                               "by-id/nvme-eui.0000000000000002",
                               "by-path/pci-0000:00:08.0-nvme-1"]),
    ]
    for name, dev, links in disks:
        add_disk(t, {"name": name, "dev": dev, "size": 8 * gib,
                     "links": links,
                     "parts": [{"size": gib, "links": [
                         l + "-part1" for l in links if l.startswith("by-id/")]}]})
    t.finish()


def build_facts(t):
    """Disks as real machines have them, for the facts list shows: the
    three forms of an NVMe namespace's wwid, a device-mapper disk, a
    bcachefs filesystem over two partitions (source "/dev/sdc1:/dev/sdc2",
    an anonymous device number), and the empty disks a kernel keeps for
    what is not yet attached: nbd0 (not connected) and zram0 (reset)."""
    gib = 1024 ** 3 // SECTOR
    disks = [
        {"name": "dm-0", "dev": (253, 0), "size": 10 * gib,
         "dm_name": "vg-lv",
         "dm_uuid": "LVM-Fq3bXc0d1e2f3g4h5i6j7k8l9m0n1o2pQ1r2s3t4u5v6w7x8y9z0A1B2C3D4",
         "links": ["by-id/dm-name-vg-lv",
                   "by-id/dm-uuid-LVM-Fq3bXc0d1e2f3g4h5i6j7k8l9m0n1o2pQ1r2s3t4u5v6w7x8y9z0A1B2C3D4"]},
        {"name": "nvme0n1", "dev": (259, 0), "size": 64 * gib,
         "model": "Samsung SSD 980 PRO 1TB", "serial": "S5GXNF0R123456",
         "wwid": "eui.002538b111b2c3d4", "wwid_in_block": True,
         "links": ["by-id/nvme-eui.002538b111b2c3d4"]},
        {"name": "nvme1n1", "dev": (259, 1), "size": 32 * gib,
         "model": "QEMU NVMe Ctrl", "serial": "NV0002",
         "wwid": "nvme.1b36-4e5630303032-51454d55204e564d65204374726c-00000001",
         "wwid_in_block": True,
         "links": ["by-id/nvme-nvme.1b36-4e5630303032-51454d55204e564d65204374726c-00000001"]},
        {"name": "nvme2n1", "dev": (259, 2), "size": 16 * gib,
         "model": "Linux", "serial": "e1f2a3b4c5d6e7f8",
         "wwid": "uuid.6b2f4f1e-3c1a-4d6e-9a0b-2f7c8d9e0a1b",
         "wwid_in_block": True,
         "links": ["by-id/nvme-uuid.6b2f4f1e-3c1a-4d6e-9a0b-2f7c8d9e0a1b"]},
        {"name": "sdc", "dev": (8, 32), "size": 8 * gib,
         "model": "QEMU HARDDISK", "wwid": "naa.5000c500deadbeef",
         "vpd_serial": "ZBS0BEEF",
         "links": ["by-id/wwn-0x5000c500deadbeef"],
         "parts": [{"size": 3 * gib, "links": ["by-id/wwn-0x5000c500deadbeef-part1"]},
                   {"size": 5 * gib - 2048}]},
        {"name": "nbd0", "dev": (43, 0), "size": 0},
        {"name": "zram0", "dev": (252, 0), "size": 0},
    ]
    for d in disks:
        add_disk(t, d)
    # one filesystem over two devices: no single device number names them
    t.mount("0:45", "/mnt/pool", fstype="bcachefs", source="/dev/sdc1:/dev/sdc2")
    t.finish()


def build_udev(t):
    """Disks with udev's database entries (/run/udev/data), one for each
    rule of the facts lsblk takes from them: the model from ID_MODEL_ENC
    before ID_MODEL, the serial from SCSI_IDENT_SERIAL, ID_SCSI_SERIAL,
    ID_SERIAL_SHORT, ID_SERIAL, the WWN from ID_WWN_WITH_EXTENSION or
    ID_WWN only; sysfs when a property or the entry is missing; no model
    or serial for md and dm; NVMe multipath's hidden paths."""
    gib = 1024 ** 3 // SECTOR
    disks = [
        # device-mapper multipath: udev copies the map's serial
        {"name": "dm-0", "dev": (253, 0), "size": 8 * gib,
         "dm_name": "mpatha", "dm_uuid": "mpath-36000c29a1b2c3d4e",
         "udev": [("DM_NAME", "mpatha"),
                  ("DM_UUID", "mpath-36000c29a1b2c3d4e"),
                  ("ID_SERIAL", "36000c29a1b2c3d4e"),
                  ("ID_MODEL", "Virtual_disk")]},
        {"name": "md0", "dev": (9, 0), "size": 2 * gib, "md_level": "raid1",
         "udev": [("MD_LEVEL", "raid1"), ("MD_DEVICES", "2"),
                  ("MD_UUID", "3c5a1b2d:4e6f7a8b:9c0d1e2f:3a4b5c6d")]},
        {"name": "nvme0c0n1", "dev": (259, 1), "size": 16 * gib,
         "hidden": 1, "model": "QEMU NVMe Ctrl", "serial": "NVMP0001",
         "wwid": "eui.0000000000000011", "wwid_in_block": True},
        {"name": "nvme0c1n1", "dev": (259, 2), "size": 16 * gib,
         "hidden": 1, "model": "QEMU NVMe Ctrl", "serial": "NVMP0001",
         "wwid": "eui.0000000000000011", "wwid_in_block": True},
        {"name": "nvme0n1", "dev": (259, 0), "size": 16 * gib, "hidden": 0,
         "model": "QEMU NVMe Ctrl", "serial": "NVMP0001",
         "wwid": "eui.0000000000000011", "wwid_in_block": True,
         "links": ["by-id/nvme-eui.0000000000000011"],
         "udev": [("ID_SERIAL_SHORT", "NVMP0001"),
                  ("ID_SERIAL", "QEMU NVMe Ctrl_NVMP0001"),
                  ("ID_MODEL", "QEMU NVMe Ctrl"),
                  ("ID_WWN", "eui.0000000000000011")]},
        # SATA: ID_MODEL_ENC decoded and its blanks trimmed
        {"name": "sda", "dev": (8, 0), "size": 20 * gib,
         "model": "QEMU HARDDISK   ",
         "wwid": "t10.ATA     QEMU HARDDISK                           QM00001",
         "links": ["by-id/ata-QEMU_HARDDISK_QM00001"],
         "udev": [("ID_ATA", "1"), ("ID_MODEL", "QEMU_HARDDISK"),
                  ("ID_MODEL_ENC", "QEMU\\x20HARDDISK\\x20\\x20\\x20"),
                  ("ID_SERIAL", "QEMU_HARDDISK_QM00001"),
                  ("ID_SERIAL_SHORT", "QM00001"),
                  ("ID_WWN", "0x5000c50015ea71ac"),
                  ("ID_WWN_WITH_EXTENSION", "0x5000c50015ea71ac")]},
        # USB stick: no VPD pages, the serial from usb_id
        {"name": "sdb", "dev": (8, 16), "size": 4 * gib, "removable": 1,
         "model": "Flash Disk      ",
         "udev": [("ID_VENDOR", "Generic"), ("ID_MODEL", "Flash_Disk"),
                  ("ID_MODEL_ENC", "Flash\\x20Disk\\x20\\x20\\x20"),
                  ("ID_SERIAL", "Generic_Flash_Disk_1234ABCD-0:0"),
                  ("ID_SERIAL_SHORT", "1234ABCD"), ("ID_BUS", "usb")]},
        # every serial property: sg3_utils' first, its blanks cleaned up
        {"name": "sdc", "dev": (8, 32), "size": 8 * gib,
         "model": "VIRTUAL-DISK", "wwid": "naa.6000c29a1b2c3d4e",
         "vpd_serial": "VPD0001",
         "udev": [("ID_SERIAL", "36000c29a1b2c3d4e"),
                  ("ID_SERIAL_SHORT", "6000c29a1b2c3d4e"),
                  ("ID_SCSI_SERIAL", "SCSI0001"),
                  ("SCSI_IDENT_SERIAL", "  IDENT   0001 "),
                  ("ID_WWN", "0x6000c29a1b2c3d4e"),
                  ("ID_WWN_WITH_EXTENSION",
                   "0x6000c29a1b2c3d4e0000000000000001")]},
        # ID_SCSI_SERIAL before ID_SERIAL_SHORT; ID_MODEL alone as it is
        {"name": "sdd", "dev": (8, 48), "size": 8 * gib,
         "model": "Virtual disk", "wwid": "naa.6000c29a1b2c3d4f",
         "vpd_serial": "VPD0002",
         "udev": [("ID_MODEL", "Virtual_disk"),
                  ("ID_SERIAL", "36000c29a1b2c3d4f"),
                  ("ID_SERIAL_SHORT", "6000c29a1b2c3d4f"),
                  ("ID_SCSI_SERIAL", "SCSI0002")]},
        # an entry without model, serial short form or WWN: device/model,
        # ID_SERIAL, and no WWN (lsblk takes it from udev only)
        {"name": "sde", "dev": (8, 64), "size": 8 * gib,
         "model": "ST4000NM0035", "wwid": "naa.5000c500a0a0a0a0",
         "vpd_serial": "ZC1ABCDE",
         "udev": [("ID_SERIAL", "ST4000NM0035_ZC1ABCDE"),
                  ("ID_BUS", "scsi")]},
        # no entry: sysfs as without udev
        {"name": "sdf", "dev": (8, 80), "size": 8 * gib,
         "model": "ST1000NM0055", "wwid": "naa.5000c500deadbeef",
         "vpd_serial": "ZBS0BEEF"},
    ]
    for d in disks:
        add_disk(t, d)
    t.finish()


TREES = {
    "standard": build_standard,
    "noalias": lambda t: build_standard(t, alias_attr=False),
    "odd": build_odd,
    "unreadable": build_unreadable,
    "many-odd": build_many_odd,
    "transports": build_transports,
    "logs": build_logs,
    "logs-noalias": lambda t: build_logs(t, alias_attr=False),
    "logs-noperm": lambda t: build_logs(t, kmsg_mode=0o600),
    "logs-badconf": lambda t: build_logs(t, alias_attr=False, bad_conf=True),
    "ports": build_ports,
    "facts": build_facts,
    "udev": build_udev,
}


def capture_file(name):
    """tests/data/sysroot-NAME.capture"""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data",
                        "sysroot-%s.capture" % name)
    if not os.path.exists(path):
        raise SystemExit("no such capture: %s" % path)
    return path


def build(root, tree):
    if os.path.lexists(root):
        raise SystemExit("%s: already exists" % root)
    os.makedirs(root)
    t = Tree(root)
    if tree.startswith("many:"):
        build_many(t, int(tree[5:]))
    elif tree.startswith("capture:"):
        t.read_errors = sysroot_capture.load(capture_file(tree[8:]), root)
        t.mkdir("/etc")  # for /etc/diskalias.conf
    elif tree.startswith(("standard:", "noalias:")):
        kind, disks = tree.split(":", 1)
        build_standard(t, alias_attr=kind == "standard",
                       only=disks.split(","))
    else:
        TREES[tree](t)
    return t


def main(argv):
    if len(argv) == 4 and argv[2] == "--many":
        build(argv[1], "many:" + argv[3])
    elif len(argv) == 3 and (argv[2] in TREES or argv[2].startswith(
            ("standard:", "noalias:", "capture:"))):
        build(argv[1], argv[2])
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
