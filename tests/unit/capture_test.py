#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""diskalias on a captured guest (tests/data/capture-sysroot) against
what lsblk and udev said in that same guest, field by field:

  - the reads that failed in the guest fail here too, with the same
    errno, through the read-failure shim (tests/shims/fault_shim.c);
  - "list -J" exits 0 with nothing on stderr and lists the disks lsblk
    listed (partitions aside), no hidden NVMe multipath path among them;
    "list -a" the ones "lsblk -a" listed (empty loop devices);
  - each disk's NAME, PATH, MAJ:MIN, RM, RO, SIZE (bytes, and as printed),
    MODEL, SERIAL, WWN and MOUNTPOINTS, and each partition's name, path
    and size, are lsblk's;
  - each disk's and partition's /dev/disk links are the ones udev gave it
    ("udevadm info"), its alias is udev's ALIAS= ("get"), and each alias
    resolves to the disk udev's by-alias link names ("resolve").

    capture_test.py --binary BIN --fault-shim SO --capture FILE --workdir DIR
"""

import argparse
import errno
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import sysroot_capture  # noqa: E402
from checks import check, finish  # noqa: E402

# Run under the shim: each path's read fails with the errno named.
REPLAY = """
import os, sys
for line in sys.stdin:
    path, name = line.split()
    fd = os.open(path, os.O_RDONLY)
    try:
        os.read(fd, 4096)
        print(path, "read")
    except OSError as e:
        print(path, e.errno)
    os.close(fd)
"""


def lsblk_devices(tree):
    """lsblk's tree, flat: {kname: device}, each device once (lsblk shows
    md0 under each of its members), a partition with "parent" set."""
    out = {}

    def walk(nodes, parent):
        for n in nodes:
            if n["kname"] not in out:
                out[n["kname"]] = dict(n, parent=parent)
            walk(n.get("children", []), n["kname"])
    walk(tree["blockdevices"], None)
    return out


def udevadm_info(text):
    """"udevadm info --query=all" of each /sys/block entry:
    {kernel name: {"links": set, "props": dict}}."""
    out = {}
    for block in text.split("\n\n"):
        links, props = set(), {}
        for line in block.splitlines():
            if line.startswith("S: "):
                links.add(line[3:])
            elif line.startswith("E: "):
                k, _, v = line[3:].partition("=")
                props[k] = v
        if "DEVNAME" in props:
            out[props["DEVNAME"][5:]] = {"links": links, "props": props}
        elif "DEVPATH" in props:    # a hidden disk has no node
            out[props["DEVPATH"].rsplit("/", 1)[1]] = {"links": links,
                                                       "props": props}
    return out


def udev_db_links(root, devno):
    """A partition's links, from udev's database (S: lines)."""
    try:
        with open(os.path.join(root, "run/udev/data", "b" + devno)) as f:
            return {line[2:].rstrip("\n") for line in f
                    if line.startswith("S:")}
    except FileNotFoundError:
        return set()


def disk_links(links):
    """diskalias's "links" object as udev names them: disk/by-id/NAME."""
    return {"disk/%s/%s" % (kind, name)
            for kind, names in links.items() for name in names}


def said(r):
    """What a run printed on stderr, for a failure's message."""
    return "; stderr %r" % r.stderr if r.stderr else ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--fault-shim", required=True)
    ap.add_argument("--capture", required=True)
    ap.add_argument("--workdir", required=True)
    opts = ap.parse_args()
    workdir = os.path.abspath(opts.workdir)
    shutil.rmtree(workdir, ignore_errors=True)
    root = os.path.join(workdir, "root")
    os.makedirs(root)
    read_errors = sysroot_capture.load(opts.capture, root)
    meta = sysroot_capture.parse(opts.capture)[1]
    faults = os.path.join(workdir, "read-errors")
    with open(faults, "w") as f:
        for rel, name in read_errors:
            f.write("%s %s\n" % (os.path.join(root, rel), name))
    env = dict(os.environ, LC_ALL="C", DISKALIAS_FAULT_READ=faults,
               LD_PRELOAD=os.path.abspath(opts.fault_shim))

    def run(*args):
        return subprocess.run([opts.binary, "--sysroot", root] + list(args),
                              capture_output=True, text=True, env=env)

    # the shim replays every failed read of the capture
    with open(faults) as f:
        r = subprocess.run([sys.executable, "-c", REPLAY], stdin=f, env=env,
                           capture_output=True, text=True)
    got = dict(line.rsplit(" ", 1) for line in r.stdout.splitlines())
    for rel, name in read_errors:
        full = os.path.join(root, rel)
        check(got.get(full) == str(getattr(errno, name)),
              "reading %s fails with %s (got %s)" % (rel, name, got.get(full)))

    # ---- list: the set of disks ----
    r = run("list", "-J", "-b", "-o", "NAME,KNAME,PATH,MAJ:MIN,RM,RO,SIZE,"
            "MODEL,SERIAL,WWN,LINKS,MOUNTPOINTS,PARTITIONS,ALIAS")
    check(r.returncode == 0, "diskalias list -J exits 0 (%d)" % r.returncode)
    check(r.stderr == "", "diskalias list -J writes nothing on stderr: %r"
          % r.stderr)
    ours = {d["kname"]: d for d in json.loads(r.stdout or '{"disks": []}')
            ["disks"]}
    lsblk = lsblk_devices(json.loads(meta["lsblk.json"]))
    theirs = {k: d for k, d in lsblk.items() if d["type"] != "part"}
    check(sorted(ours) == sorted(theirs),
          "diskalias lists the disks lsblk listed: %s (lsblk: %s)"
          % (" ".join(sorted(ours)), " ".join(sorted(theirs))))

    # NVMe native multipath: the paths are in /sys/block, hidden; the head
    # is the disk (diskalias(8), list: "Hidden disks ... are never listed").
    hidden = []
    for name in sorted(os.listdir(os.path.join(root, "sys/block"))):
        try:
            with open(os.path.join(root, "sys/block", name, "hidden")) as f:
                if f.read().strip() == "1":
                    hidden.append(name)
        except FileNotFoundError:
            pass
    check(len(hidden) == 2, "the capture has two hidden NVMe paths (%s)"
          % " ".join(hidden))
    for name in hidden:
        check(name not in ours and name not in theirs,
              "the hidden path %s is listed by neither" % name)

    # Empty devices (diskalias(8), list: "empty loop and RAM devices ...
    # are left out, as lsblk(8) leaves them out, unless --all is given";
    # an nbd disk not connected is listed, as lsblk lists it).
    empty = {k for k, d in lsblk_devices(json.loads(meta["lsblk-all.json"]))
             .items() if d["type"] != "part" and d["size"] == 0}
    check(any(k.startswith("loop") for k in empty) and
          any(k.startswith("nbd") for k in empty),
          "the capture has empty loop and nbd disks (%s)"
          % " ".join(sorted(empty)))
    for k in sorted(empty):
        want = not k.startswith(("loop", "ram"))
        check((k in ours) == want and (k in theirs) == want,
              "the empty %s is %slisted, by both" % (k, "" if want else "not "))
    r = run("list", "-a", "-J", "-b", "-o", "KNAME,SIZE")
    ours_all = {d["kname"]: d["size"] for d in json.loads(r.stdout)["disks"]}
    theirs_all = {k: d["size"] for k, d in lsblk_devices(
        json.loads(meta["lsblk-all.json"])).items() if d["type"] != "part"}
    check(ours_all == theirs_all, "list -a: the disks and sizes of lsblk -a"
          " (%s; lsblk: %s)" % (ours_all, theirs_all))

    # ---- list: each disk's facts ----
    # Compared as they are, blanks and all: diskalias(8), MODEL, says a
    # value from udev loses the blanks around it and each run of blanks
    # inside becomes one, "as lsblk(8) does".
    for k in sorted(set(ours) & set(theirs)):
        a, b = ours[k], theirs[k]
        for field in ("name", "path", "maj:min", "rm", "ro", "size", "model",
                      "serial", "wwn"):
            check(a.get(field) == b.get(field), "%s: %s %r (lsblk: %r)"
                  % (k, field, a.get(field), b.get(field)))
        # diskalias(8), MOUNTPOINTS: "where the disk and its partitions
        # are mounted", on the disk's line since partitions have none;
        # lsblk(8) shows each device's own (null when not mounted).
        mine = sorted(a["mountpoints"])
        want = sorted(m for d in lsblk.values()
                      if d["kname"] == k or d["parent"] == k and
                      d["type"] == "part"
                      for m in d["mountpoints"] if m is not None)
        check(mine == want, "%s: mountpoints %s (lsblk, disk and partitions:"
              " %s)" % (k, mine, want))
        parts = {p["name"]: p for p in a["partitions"]}
        lparts = {d["kname"]: d for d in lsblk.values()
                  if d["parent"] == k and d["type"] == "part"}
        check(sorted(parts) == sorted(lparts), "%s: partitions %s (lsblk: %s)"
              % (k, sorted(parts), sorted(lparts)))
        for p in sorted(set(parts) & set(lparts)):
            for field in ("path", "size"):
                check(parts[p][field] == lparts[p][field],
                      "%s: %s %r (lsblk: %r)"
                      % (p, field, parts[p][field], lparts[p][field]))
            mine = sorted(parts[p]["mountpoints"])
            want = sorted(m for m in lparts[p]["mountpoints"] if m)
            check(mine == want, "%s: mountpoints %s (lsblk: %s)"
                  % (p, mine, want))

    # SIZE as printed, without -b: lsblk's human form (diskalias(8), -b).
    r = run("list", "-J", "-o", "KNAME,SIZE")
    human = {d["kname"]: d["size"] for d in json.loads(r.stdout)["disks"]}
    lhuman = {k: d["size"] for k, d in lsblk_devices(
        json.loads(meta["lsblk-size.json"])).items() if k in theirs}
    check(human == lhuman, "SIZE as lsblk prints it: %s (lsblk: %s)"
          % (human, lhuman))

    # ---- links, get and resolve: udev's view ----
    udev = udevadm_info(meta["udevadm-info"].decode())
    for k in sorted(ours):
        u = udev.get(k)
        check(u is not None, "%s: udevadm info has the disk" % k)
        if u is None:
            continue
        want = {s for s in u["links"] if s.startswith("disk/")}
        mine = disk_links(ours[k]["links"])
        check(mine == want, "%s: links %s (udev: %s)"
              % (k, sorted(mine), sorted(want)))
        for p in ours[k]["partitions"]:
            devno = lsblk[p["name"]]["maj:min"]
            want = {s for s in udev_db_links(root, devno)
                    if s.startswith("disk/")}
            mine = disk_links(p["links"])
            check(mine == want, "%s: links %s (udev: %s)"
                  % (p["name"], sorted(mine), sorted(want)))

        # the alias the kernel announced (ALIAS= in the disk's uevents)
        alias = u["props"].get("ALIAS")
        check(ours[k]["alias"] == alias, "%s: list's alias %r (udev: %r)"
              % (k, ours[k]["alias"], alias))
        r = run("get", k)
        if alias:
            check((r.returncode, r.stdout) == (0, alias + "\n"),
                  "get %s: %r, status %d (udev: %r)%s"
                  % (k, r.stdout, r.returncode, alias, said(r)))
        else:
            # diskalias(8), EXIT STATUS 32: get on a disk without an alias
            check((r.returncode, r.stdout) == (32, ""),
                  "get %s: nothing, status 32 (%r, %d)%s"
                  % (k, r.stdout, r.returncode, said(r)))
        # by each of its udev links too (diskalias(8), Disks)
        for link in sorted(u["links"]):
            if not link.startswith(("disk/by-id/", "disk/by-path/",
                                    "mapper/")):
                continue
            r = run("get", "/dev/" + link)
            check(r.returncode == (0 if alias else 32) and
                  r.stdout == (alias + "\n" if alias else ""),
                  "get /dev/%s: %r, status %d (udev: %r)%s"
                  % (link, r.stdout, r.returncode, alias, said(r)))

    aliases = {u["props"]["ALIAS"]: k for k, u in udev.items()
               if "ALIAS" in u["props"]}
    check(len(aliases) >= 5, "the capture has aliases (%s)"
          % " ".join(sorted(aliases)))
    for alias, k in sorted(aliases.items()):
        # udev's by-alias link names the disk the alias resolves to
        check("disk/by-alias/" + alias in udev[k]["links"],
              "udev linked by-alias/%s to %s" % (alias, k))
        r = run("resolve", alias)
        check((r.returncode, r.stdout) == (0, "/dev/%s\n" % k),
              "resolve %s: %r, status %d (udev: /dev/%s)"
              % (alias, r.stdout, r.returncode, k))
    # diskalias(8), EXIT STATUS 32: resolve of an alias no disk has
    r = run("resolve", "no-such-alias")
    check((r.returncode, r.stdout) == (32, ""),
          "resolve no-such-alias: nothing, status 32 (%r, %d)"
          % (r.stdout, r.returncode))

    # ---- without udev's database: sysfs alone, its refusals replayed ----
    udev_data = os.path.join(root, "run/udev/data")
    os.rename(udev_data, udev_data + ".off")
    r = run("list", "-J", "-o", "KNAME,MODEL,SERIAL,WWN")
    check((r.returncode, r.stderr) == (0, ""),
          "without udev's database list exits 0, nothing on stderr (%d, %r)"
          % (r.returncode, r.stderr))
    sysfs = {d["kname"]: d for d in json.loads(r.stdout or '{"disks": []}')
             ["disks"]}
    check(sorted(sysfs) == sorted(theirs), "without udev's database, the"
          " disks lsblk listed: %s" % " ".join(sorted(sysfs)))
    # The disks whose device/wwid the kernel refused (ENXIO: no VPD page
    # 0x83; a USB stick's usb-storage asks for no VPD page at all).
    refused = set()
    for k in theirs:
        dev = os.path.realpath(os.path.join(root, "sys/block", k, "device"))
        if any(os.path.join(root, rel) == os.path.join(dev, "wwid")
               for rel, _ in read_errors):
            refused.add(k)
    check(refused, "the capture has disks whose device/wwid was refused (%s)"
          % " ".join(sorted(refused)))
    for k in sorted(set(sysfs) & set(theirs)):
        for field in ("model", "serial", "wwn"):
            want = theirs[k][field]
            # diskalias(8), SERIAL: without the database a SCSI or SATA
            # disk's serial is its VPD page 0x80's, which a disk that gave
            # no device/wwid is not asked for; udev's comes from its own
            # SCSI inquiry (ID_SCSI_SERIAL), lsblk's from udev.
            if field == "serial" and k in refused:
                want = None
            check(sysfs[k][field] == want, "without udev's database %s: %s"
                  " %r (lsblk with it: %r)"
                  % (k, field, sysfs[k][field], theirs[k][field]))
    # The replay reaches the tool: another errno for the same reads is
    # not "unknown" (diskalias(8), EXIT STATUS 64).
    with open(faults, "w") as f:
        for rel, name in read_errors:
            f.write("%s %s\n" % (os.path.join(root, rel),
                                 "EACCES" if rel.endswith("/wwid") else name))
    r = run("list", "-J", "-o", "KNAME,WWN")
    check(r.returncode == 64 and "Permission denied" in r.stderr,
          "device/wwid failing with EACCES instead: list warns, status 64"
          " (%d, %r)" % (r.returncode, r.stderr))
    os.rename(udev_data + ".off", udev_data)
    return finish(workdir)


if __name__ == "__main__":
    sys.exit(main())
